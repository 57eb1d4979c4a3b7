import type { ContractChatMessagePage } from '@eproto/domain';
import { useInfiniteQuery } from '@tanstack/react-query';

import { roomKeys } from './chat-keys.ts';
import { messagePagesQuery } from './message-pages-query.ts';

/** GET /contract-chat/messages/{id}: a room's messages. */
export function useRoomMessages(chatId: number | null) {
  return useInfiniteQuery({
    ...messagePagesQuery<ContractChatMessagePage>(
      roomKeys.messages(chatId ?? 0),
      `/contract-chat/messages/${chatId ?? 0}`,
    ),
    enabled: chatId !== null,
    staleTime: 0,
  });
}
