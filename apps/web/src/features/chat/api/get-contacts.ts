import type { ChatContact } from '@eproto/domain';
import { POLL } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { chatKeys } from './chat-keys.ts';

/** GET /chat/contacts: people one may talk to, latest conversation first, with unread counts. */
export function getContacts(): Promise<ChatContact[]> {
  return api.get<ChatContact[]>('/chat/contacts');
}

/** Contacts of the chat page; pushed changes refetch it, polling is the fallback. */
export function useContacts() {
  return useQuery({
    queryKey: chatKeys.contacts,
    queryFn: getContacts,
    refetchInterval: POLL.chatUnreadMs,
  });
}
