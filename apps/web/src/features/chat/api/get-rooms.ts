import type { ContractRoom } from '@eproto/domain';
import { POLL } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { roomKeys } from './chat-keys.ts';

/** GET /contract-chat/contracts: the rooms one may read, with unread counts. */
export function getRooms(): Promise<ContractRoom[]> {
  return api.get<ContractRoom[]>('/contract-chat/contracts');
}

export function useRooms() {
  return useQuery({
    queryKey: roomKeys.rooms,
    queryFn: getRooms,
    refetchInterval: POLL.chatUnreadMs,
  });
}
