import type { Apr, AprBody } from '@eproto/domain';

import { api } from '../../../lib/api-client.ts';
import { useAprPtMutation } from './keys.ts';

/** POST /tatico/sst/aprs or PUT /tatico/sst/aprs/{id} (only while rascunho). */
export const saveApr = ({ id, body }: { id: number | null; body: AprBody }) =>
  id === null
    ? api.post<Apr>('/tatico/sst/aprs', body)
    : api.put<Apr>(`/tatico/sst/aprs/${id}`, body);

export function useSaveApr() {
  return useAprPtMutation(saveApr, 'APR salva.');
}
