import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { CHAT_UNREAD_KEY } from './get-chat-unread.ts';
import { chatKeys } from './chat-keys.ts';

/**
 * POST `{path}/{id}`: a conversation is read (direct: what the other person sent; room: up to
 * its newest message). When that changed anything, the unread counts under `keys` refresh.
 */
export function useMarkConversationRead(path: string, keys: QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<{ ok: true; updated: number }>(`${path}/${id}`),
    onSuccess: async (result) => {
      if (result.updated === 0) return;
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}

/** POST /chat/read/{id}: refreshes the contact list and the menu badge. */
export const useMarkRead = () =>
  useMarkConversationRead('/chat/read', [chatKeys.contacts, CHAT_UNREAD_KEY]);
