import type { Aso, AsoBody } from '@eproto/domain';

import { api } from '../../../lib/api-client.ts';
import { useSstMutation } from './sst-key.ts';

/** POST /tatico/sst/asos (gerente/diretoria). */
export const addAso = (body: AsoBody) => api.post<Aso>('/tatico/sst/asos', body);

export function useAddAso() {
  return useSstMutation(addAso, 'ASO registrado.');
}
