import type { ContractChatMessagePage } from '@eproto/domain';
import { CHAT_PAGE_SIZE } from '@eproto/domain';
import { useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { fetchNewestPage } from '../../../lib/offline/prefetch-merge.ts';
import { roomKeys } from './chat-keys.ts';

/**
 * GET /contract-chat/messages/{id}?before=: one page of a room, oldest first;
 * `updated_since` (newest page only) asks just for what was posted since.
 */
export function getRoomMessages(
  chatId: number,
  before?: number,
  updatedSince?: string,
): Promise<ContractChatMessagePage> {
  return api.get<ContractChatMessagePage>(`/contract-chat/messages/${chatId}`, {
    params: { before, limit: CHAT_PAGE_SIZE, updated_since: updatedSince },
  });
}

/** A room's messages; the kept newest page syncs by its cursor. */
export function useRoomMessages(chatId: number | null) {
  return useInfiniteQuery({
    queryKey: roomKeys.messages(chatId ?? 0),
    queryFn: ({ pageParam, client, queryKey }) =>
      pageParam === undefined
        ? fetchNewestPage(
            client.getQueryData<InfiniteData<ContractChatMessagePage>>(queryKey)?.pages[0],
            (since) => getRoomMessages(chatId!, undefined, since),
          )
        : getRoomMessages(chatId!, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.items[0]?.id : undefined),
    enabled: chatId !== null,
    staleTime: 0,
  });
}
