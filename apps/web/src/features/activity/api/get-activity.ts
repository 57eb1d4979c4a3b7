import type { ActivityFilterQuery, ActivityList } from '@eproto/domain';
import { ACTIVITY_PAGE_SIZE } from '@eproto/domain';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

export const ACTIVITY_KEY = ['activity'] as const;

/**
 * GET /activity?before=&limit= — one keyset page of sign-ins, failures, sign-outs and writes,
 * newest first (ti only); `before` is the previous page's `nextBefore`.
 */
export function getActivity(filter: ActivityFilterQuery, before?: number, signal?: AbortSignal) {
  return api.get<ActivityList>('/activity', {
    params: { ...filter, before, limit: ACTIVITY_PAGE_SIZE },
    signal,
  });
}

/** The log as loaded so far: the first page, then one more per "Carregar mais". */
export function useActivity(filter: ActivityFilterQuery) {
  return useInfiniteQuery({
    queryKey: [...ACTIVITY_KEY, filter],
    queryFn: ({ pageParam, signal }) => getActivity(filter, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    placeholderData: keepPreviousData,
  });
}
