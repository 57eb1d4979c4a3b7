import type { UserRef } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { roomKeys } from './chat-keys.ts';

/** GET /contract-chat/members/{id}: people of a room, for @mentions. */
export function getRoomMembers(chatId: number): Promise<UserRef[]> {
  return api.get<UserRef[]>(`/contract-chat/members/${chatId}`);
}

export function useRoomMembers(chatId: number | null) {
  return useQuery({
    queryKey: roomKeys.members(chatId ?? 0),
    queryFn: () => getRoomMembers(chatId!),
    enabled: chatId !== null,
    staleTime: 5 * 60_000,
  });
}
