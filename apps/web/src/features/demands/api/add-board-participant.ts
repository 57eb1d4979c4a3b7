import type { BoardParticipant } from '@eproto/domain';

import { api } from '../../../lib/api-client.ts';

/** POST /eproto/boards/{id}/participants {user_key}; used by the board form's save. */
export function addBoardParticipant(id: number, userKey: number): Promise<BoardParticipant[]> {
  return api.post<BoardParticipant[]>(`/eproto/boards/${id}/participants`, { user_key: userKey });
}
