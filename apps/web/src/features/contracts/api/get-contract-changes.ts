import type { Contract, ContractChanges, ContractStatus, RealtimeChange } from '@eproto/domain';
import type { QueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { partOfDemand } from '../../../lib/changes/change-effects.ts';
import { arrayView, patchPages } from '../../../lib/changes/page-delta.ts';
import { contractKeys } from './keys.ts';

/** GET /eproto/contracts/changes — the overview's ids now and its contracts changed since. */
function getContractChanges(
  q: string,
  status: ContractStatus | null,
  since: string,
): Promise<ContractChanges> {
  return api.get<ContractChanges>('/eproto/contracts/changes', {
    params: { q, status, updated_since: since },
  });
}

/**
 * A demand changed elsewhere ('mural.changed' with its updated_at as `version`): each contracts
 * overview on screen (['contracts', 'list', q, status]) asks what changed in it since that
 * version (the contracts the demand is in or left, page-delta.ts) and patches those rows
 * instead of reading every contract again. Without a version (a deleted demand) the overview
 * is read again (change-effects.ts).
 */
export async function patchContractsOnChange(
  queryClient: QueryClient,
  change: RealtimeChange,
): Promise<void> {
  const { version } = change;
  // A part of a demand (tasks, messages, files, participants) never moves the counters.
  if (version === undefined || partOfDemand(change)) return;
  await patchPages<Contract>(queryClient, {
    prefix: contractKeys.lists,
    since: version,
    ask: ([, , q, status], since) =>
      getContractChanges(q as string, status as ContractStatus | null, since),
    view: arrayView<Contract>(),
  });
}
