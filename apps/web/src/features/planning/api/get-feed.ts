import type { FeedResponse } from '@eproto/domain';
import { useInfiniteQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { planningKeys } from './keys.ts';

export const FEED_PAGE_SIZE = 30;

/** GET /eproto/feed?perPage[&cursor] — history events in scope, newest first. */
export function getFeed(cursor: string | null): Promise<FeedResponse> {
  return api.get<FeedResponse>('/eproto/feed', {
    params: { perPage: FEED_PAGE_SIZE, cursor },
  });
}

export function useFeed() {
  return useInfiniteQuery({
    queryKey: planningKeys.feed,
    queryFn: ({ pageParam }) => getFeed(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}
