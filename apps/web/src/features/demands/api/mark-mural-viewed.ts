import type { MuralCounts, MuralSummary, RealtimeChange } from '@eproto/domain';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import type { MuralPage } from './get-murals-summary.ts';
import { muralKeys } from './keys.ts';

/** PATCH /eproto/murals/{id}/visualizado — opening the demand page marks it seen. */
export function markMuralViewed(id: number): Promise<{ ok: true; viewed_at: string }> {
  return api.patch<{ ok: true; viewed_at: string }>(`/eproto/murals/${id}/visualizado`);
}

/**
 * Clears the unread marker of a demand in the cached boards, list pages and counters, without
 * reading any of them again: only the caller's mark changed.
 */
export function markSeenInCache(queryClient: QueryClient, id: number): void {
  const seen = (m: MuralSummary) => (m.id === id && m.unread ? { ...m, unread: false } : m);
  queryClient.setQueriesData<MuralSummary[]>({ queryKey: muralKeys.boardLists }, (list) =>
    list?.some((m) => m.id === id && m.unread) ? list.map(seen) : list,
  );
  queryClient.setQueriesData<MuralPage>({ queryKey: muralKeys.summaries }, (page) =>
    page?.items.some((m) => m.id === id && m.unread)
      ? { ...page, items: page.items.map(seen) }
      : page,
  );
  queryClient.setQueriesData<Map<number, MuralCounts>>(
    { queryKey: ['murals', 'counts'] },
    (map) => {
      const c = map?.get(id);
      if (!map || !c || (!c.unread && c.unread_messages === 0)) return map;
      return new Map(map).set(id, { ...c, unread: false, unread_messages: 0 });
    },
  );
}

/** 'mural.viewed' (this person opened the demand in any tab): its unread marks, patched. */
export async function patchSeenOnChange(
  queryClient: QueryClient,
  change: RealtimeChange,
): Promise<void> {
  if (change.id !== undefined) markSeenInCache(queryClient, change.id);
  return Promise.resolve();
}

/** Clears the unread marker in cached lists and counters without refetching them. */
export function useMarkMuralViewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markMuralViewed,
    onSuccess: (_data, id) => markSeenInCache(queryClient, id),
  });
}
