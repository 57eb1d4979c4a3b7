import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { roomKeys } from './chat-keys.ts';

/** POST /contract-chat/read/{id}: the room is read up to its newest message. */
export function markRoomRead(chatId: number): Promise<{ ok: true; updated: number }> {
  return api.post(`/contract-chat/read/${chatId}`);
}

export function useMarkRoomRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRoomRead,
    onSuccess: async (result) => {
      if (result.updated > 0) await queryClient.invalidateQueries({ queryKey: roomKeys.rooms });
    },
  });
}
