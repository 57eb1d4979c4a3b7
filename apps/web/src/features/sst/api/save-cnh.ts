import type { Cnh, CnhBody } from '@eproto/domain';

import { api } from '../../../lib/api-client.ts';
import { useSstMutation } from './sst-key.ts';

/** PUT /tatico/sst/pessoas/{id}/cnh */
export const saveCnh = ({ userId, body }: { userId: number; body: CnhBody }) =>
  api.put<Cnh>(`/tatico/sst/pessoas/${userId}/cnh`, body);

export function useSaveCnh() {
  return useSstMutation(saveCnh, 'CNH salva.');
}
