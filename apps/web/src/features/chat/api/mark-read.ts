import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { CHAT_UNREAD_KEY } from './get-chat-unread.ts';
import { chatKeys } from './chat-keys.ts';

/** POST /chat/read/{id}: what that person sent is now read. */
export function markRead(otherId: number): Promise<{ ok: true; updated: number }> {
  return api.post(`/chat/read/${otherId}`);
}

/** Marks a conversation read and refreshes the unread counts (list and menu badge). */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: async (result) => {
      if (result.updated === 0) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: chatKeys.contacts }),
        queryClient.invalidateQueries({ queryKey: CHAT_UNREAD_KEY }),
      ]);
    },
  });
}
