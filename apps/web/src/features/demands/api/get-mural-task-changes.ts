import type { MuralTask, MuralTaskChanges, RealtimeChange } from '@eproto/domain';
import type { QueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import {
  arrayView,
  changedIds,
  patchPages,
  showsVersion,
} from '../../../lib/changes/page-delta.ts';
import { muralKeys } from './keys.ts';

/** GET /eproto/murals/{id}/tasks/changes — the demand's task ids now and its tasks changed since. */
export function getMuralTaskChanges(muralId: number, since: string): Promise<MuralTaskChanges> {
  return api.get<MuralTaskChanges>(`/eproto/murals/${muralId}/tasks/changes`, {
    params: { updated_since: since },
  });
}

/**
 * Tasks of a demand changed elsewhere ('protocol.changed' { ids, mural_id } with the oldest of
 * their updated_at as `version`): the demand's tasks tab, when on screen, asks what changed in
 * it since then and patches itself (lib/changes/page-delta.ts) instead of reading the tasks
 * again; when it already shows every changed task in that version or later it asks nothing.
 */
export async function patchMuralTasksOnChange(
  queryClient: QueryClient,
  change: RealtimeChange,
): Promise<void> {
  const { version } = change;
  const muralId = change.data?.mural_id;
  if (version === undefined || typeof muralId !== 'number') return;
  await patchPages<MuralTask>(queryClient, {
    prefix: muralKeys.tasks(muralId),
    since: version,
    ask: (_key, since) => getMuralTaskChanges(muralId, since),
    shows: showsVersion(changedIds(change.data), version),
    view: arrayView<MuralTask>(),
  });
}
