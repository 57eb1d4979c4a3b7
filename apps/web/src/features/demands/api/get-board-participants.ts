import type { BoardParticipant } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { boardKeys } from './keys.ts';

/** GET /eproto/boards/{id}/participants */
export function getBoardParticipants(id: number): Promise<BoardParticipant[]> {
  return api.get<BoardParticipant[]>(`/eproto/boards/${id}/participants`);
}

export function useBoardParticipants(id: number | null) {
  return useQuery({
    queryKey: boardKeys.participants(id ?? 0),
    queryFn: () => getBoardParticipants(id ?? 0),
    enabled: id !== null,
  });
}
