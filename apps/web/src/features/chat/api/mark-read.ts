import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/**
 * POST `{path}/{id}`: a conversation is read (direct: what the other person sent; room: up to
 * its newest message). It refreshes nothing itself: its push event ('chat.read',
 * 'contract-chat.read', applied from the answer's X-Changes in this tab) patches the unread
 * counts, the badge and the read marks (chat-changes.ts).
 */
export function useMarkConversationRead(path: string) {
  return useMutation({
    mutationFn: (id: number) => api.post<{ ok: true; updated: number }>(`${path}/${id}`),
  });
}

/** POST /chat/read/{id}: the contact list, the menu badge and the marks follow its event. */
export const useMarkRead = () => useMarkConversationRead('/chat/read');
