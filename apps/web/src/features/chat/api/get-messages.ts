import type { ChatMessagePage } from '@eproto/domain';
import { CHAT_PAGE_SIZE } from '@eproto/domain';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { fetchNewestPage } from '../../../lib/offline/prefetch-merge.ts';
import { chatKeys } from './chat-keys.ts';

/**
 * GET /chat/messages/{id}?before=: one page, oldest first; `before` goes back in time,
 * `updated_since` (newest page only) asks just for what was posted or read since.
 */
export function getMessages(
  otherId: number,
  before?: number,
  updatedSince?: string,
): Promise<ChatMessagePage> {
  return api.get<ChatMessagePage>(`/chat/messages/${otherId}`, {
    params: { before, limit: CHAT_PAGE_SIZE, updated_since: updatedSince },
  });
}

/**
 * The conversation with one person (also prefetched for recent ones); older pages load as the
 * list scrolls up. The kept newest page syncs by its cursor.
 */
export const messagesQuery = (otherId: number) =>
  infiniteQueryOptions({
    queryKey: chatKeys.messages(otherId),
    queryFn: ({ pageParam, client, queryKey }) =>
      pageParam === undefined
        ? fetchNewestPage(
            client.getQueryData<InfiniteData<ChatMessagePage>>(queryKey)?.pages[0],
            (since) => getMessages(otherId, undefined, since),
          )
        : getMessages(otherId, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.items[0]?.id : undefined),
  });

export function useMessages(otherId: number | null) {
  return useInfiniteQuery({
    ...messagesQuery(otherId ?? 0),
    enabled: otherId !== null,
    staleTime: 0,
  });
}
