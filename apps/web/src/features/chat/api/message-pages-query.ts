import { CHAT_PAGE_SIZE } from '@eproto/domain';
import { infiniteQueryOptions, type InfiniteData, type QueryKey } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { fetchNewestPage } from '../../../lib/offline/prefetch-merge.ts';

interface MessagePage {
  items: Array<{ id: number }>;
  hasMore: boolean;
  cursor?: string | undefined;
  partial?: boolean | undefined;
}

/**
 * A conversation's messages at `path` (GET, oldest first): `?before=` goes back in time as the
 * list scrolls up, and the kept newest page syncs by its cursor (`updated_since`: only what was
 * posted, or read, since).
 */
export function messagePagesQuery<P extends MessagePage>(queryKey: QueryKey, path: string) {
  const get = (before?: number, updatedSince?: string) =>
    api.get<P>(path, { params: { before, limit: CHAT_PAGE_SIZE, updated_since: updatedSince } });
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, client }) =>
      pageParam === undefined
        ? fetchNewestPage(client.getQueryData<InfiniteData<P>>(queryKey)?.pages[0], (since) =>
            get(undefined, since),
          )
        : get(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.items[0]?.id : undefined),
  });
}
