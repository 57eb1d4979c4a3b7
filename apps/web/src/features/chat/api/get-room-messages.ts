import type { ContractChatMessagePage } from '@eproto/domain';
import { CHAT_PAGE_SIZE } from '@eproto/domain';
import { useInfiniteQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { roomKeys } from './chat-keys.ts';

/** GET /contract-chat/messages/{id}?before=: one page of a room, oldest first. */
export function getRoomMessages(chatId: number, before?: number): Promise<ContractChatMessagePage> {
  return api.get<ContractChatMessagePage>(`/contract-chat/messages/${chatId}`, {
    params: { before, limit: CHAT_PAGE_SIZE },
  });
}

export function useRoomMessages(chatId: number | null) {
  return useInfiniteQuery({
    queryKey: roomKeys.messages(chatId ?? 0),
    queryFn: ({ pageParam }) => getRoomMessages(chatId!, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.items[0]?.id : undefined),
    enabled: chatId !== null,
    staleTime: 0,
  });
}
