import type { ChatMessagePage } from '@eproto/domain';
import { CHAT_PAGE_SIZE } from '@eproto/domain';
import { useInfiniteQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { chatKeys } from './chat-keys.ts';

/** GET /chat/messages/{id}?before=: one page, oldest first; `before` goes back in time. */
export function getMessages(otherId: number, before?: number): Promise<ChatMessagePage> {
  return api.get<ChatMessagePage>(`/chat/messages/${otherId}`, {
    params: { before, limit: CHAT_PAGE_SIZE },
  });
}

/** The conversation with one person; older pages load as the list scrolls up. */
export function useMessages(otherId: number | null) {
  return useInfiniteQuery({
    queryKey: chatKeys.messages(otherId ?? 0),
    queryFn: ({ pageParam }) => getMessages(otherId!, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore ? last.items[0]?.id : undefined),
    enabled: otherId !== null,
    staleTime: 0,
  });
}
