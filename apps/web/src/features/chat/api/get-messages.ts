import type { ChatMessagePage } from '@eproto/domain';
import { useInfiniteQuery } from '@tanstack/react-query';

import { chatKeys } from './chat-keys.ts';
import { messagePagesQuery } from './message-pages-query.ts';

/** GET /chat/messages/{id}: the conversation with one person (also prefetched for recent ones). */
export const messagesQuery = (otherId: number) =>
  messagePagesQuery<ChatMessagePage>(chatKeys.messages(otherId), `/chat/messages/${otherId}`);

export function useMessages(otherId: number | null) {
  return useInfiniteQuery({
    ...messagesQuery(otherId ?? 0),
    enabled: otherId !== null,
    staleTime: 0,
  });
}
