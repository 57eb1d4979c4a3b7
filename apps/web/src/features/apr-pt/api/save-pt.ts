import type { Pt, PtBody } from '@eproto/domain';

import { api } from '../../../lib/api-client.ts';
import { useAprPtMutation } from './keys.ts';

/** POST /tatico/sst/pts (issue) or PUT /tatico/sst/pts/{id} (while emitida, by its responsible). */
export const savePt = ({ id, body }: { id: number | null; body: PtBody }) =>
  id === null ? api.post<Pt>('/tatico/sst/pts', body) : api.put<Pt>(`/tatico/sst/pts/${id}`, body);

export function useSavePt() {
  return useAprPtMutation(savePt, 'PT emitida: aguarda aprovação.');
}
