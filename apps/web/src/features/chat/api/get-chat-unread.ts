import { POLL } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

export const CHAT_UNREAD_KEY = ['chat', 'unread'] as const;

/** Sum of `unread` over GET /chat/contacts; any failure counts as 0 (SPEC.md §8). */
export async function getChatUnread(): Promise<number> {
  try {
    const contacts = await api.get<unknown>('/chat/contacts');
    if (!Array.isArray(contacts)) return 0;
    return contacts.reduce<number>((sum, c: unknown) => {
      const unread = (c as { unread?: unknown } | null)?.unread;
      return sum + (typeof unread === 'number' && unread > 0 ? unread : 0);
    }, 0);
  } catch {
    return 0;
  }
}

/** Unread chat messages for the side-menu badge, polled every 25 s. */
export function useChatUnread(enabled: boolean) {
  return useQuery({
    queryKey: CHAT_UNREAD_KEY,
    queryFn: getChatUnread,
    enabled,
    refetchInterval: POLL.chatUnreadMs,
  });
}
