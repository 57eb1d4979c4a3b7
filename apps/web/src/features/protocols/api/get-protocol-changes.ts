import type {
  ProtocolListChanges,
  ProtocolListQuery,
  ProtocolSummary,
  RealtimeChange,
} from '@eproto/domain';
import type { QueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { changedIds, patchPages, showsVersion } from '../../../lib/changes/page-delta.ts';
import { toParams } from './get-protocols.ts';
import { protocolKeys } from './keys.ts';

/** GET /eproto/protocols/changes — the page's task ids now and its tasks changed since. */
export function getProtocolChanges(
  query: ProtocolListQuery,
  since: string,
): Promise<ProtocolListChanges> {
  return api.get<ProtocolListChanges>('/eproto/protocols/changes', {
    params: { ...toParams(query), updated_since: since },
  });
}

/**
 * Tasks changed elsewhere ('protocol.changed' with the oldest of their updated_at as
 * `version`): each page of the task list or kanban on screen asks what changed on it since
 * then and patches itself (page-delta.ts) instead of reading the list again. A page that shows
 * every changed task in that version or later asks nothing.
 */
export async function patchTaskListsOnChange(
  queryClient: QueryClient,
  change: RealtimeChange,
): Promise<void> {
  const { version } = change;
  if (version === undefined) return;
  await patchPages<ProtocolSummary>(queryClient, {
    prefix: protocolKeys.lists,
    since: version,
    ask: (queryKey, since) => getProtocolChanges(queryKey[2] as ProtocolListQuery, since),
    shows: showsVersion(changedIds(change.data), version),
  });
}
