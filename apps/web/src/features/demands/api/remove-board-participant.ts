import { api } from '../../../lib/api-client.ts';

/** DELETE /eproto/boards/{id}/participants/{key}; used by the board form's save. */
export function removeBoardParticipant(id: number, userKey: number): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/eproto/boards/${id}/participants/${userKey}`);
}
