import type {
  ProtocolListChanges,
  ProtocolListQuery,
  ProtocolSummary,
  RealtimeChange,
} from '@eproto/domain';
import type { QueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { patchPages, type HeldPage } from '../../../lib/changes/page-delta.ts';
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
  const raw = change.data?.ids;
  const ids = Array.isArray(raw) ? raw.filter((x): x is number => typeof x === 'number') : [];
  const shows = (page: HeldPage<ProtocolSummary>) =>
    ids.length > 0 &&
    ids.every((id) => {
      const row = page.items.find((x) => x.id === id);
      return row !== undefined && Date.parse(row.updated_at) >= Date.parse(version);
    });
  await patchPages<ProtocolSummary>(queryClient, {
    prefix: protocolKeys.lists,
    since: version,
    ask: (queryKey, since) => getProtocolChanges(queryKey[2] as ProtocolListQuery, since),
    shows,
  });
}
