import type { WorkItemHistory } from '@eproto/domain';
import { HISTORY_PAGE_SIZE } from '@eproto/domain';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { threadKeys, threadPath, type WorkItemRef } from '../work-item-ref.ts';

/** GET {base}/{id}/history?before=&limit= — one page, newest first; `before` goes back in time. */
export function getThreadHistory(item: WorkItemRef, before?: number, signal?: AbortSignal) {
  return api.get<WorkItemHistory[]>(threadPath(item, 'history'), {
    params: { before, limit: HISTORY_PAGE_SIZE },
    signal,
  });
}

/** The history as cached: keyset pages, newest first ("Carregar mais" asks for the next). */
export type HistoryPages = InfiniteData<WorkItemHistory[], number | undefined>;

/** A fresh first page as the cached history (after a note, which answers it). */
export const firstHistoryPage = (page: WorkItemHistory[]): HistoryPages => ({
  pages: [page],
  pageParams: [undefined],
});

export function useThreadHistory(item: WorkItemRef) {
  return useInfiniteQuery({
    queryKey: threadKeys.part(item, 'history'),
    queryFn: ({ pageParam, signal }) => getThreadHistory(item, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    // A full page may have more behind it; the last entry shown is the cursor.
    getNextPageParam: (last) => (last.length === HISTORY_PAGE_SIZE ? last.at(-1)?.id : undefined),
  });
}
