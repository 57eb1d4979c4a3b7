import type { PtType } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { APR_PT_KEY, useAprPtMutation } from './keys.ts';

interface ServiceTypePt {
  id: number;
  nome: string;
  exige_pt: PtType | null;
}

/** GET /tatico/sst/pt-tipos-servico: which service types require a PT. */
export function useServiceTypePts() {
  return useQuery({
    queryKey: [...APR_PT_KEY, 'service-types'],
    queryFn: () => api.get<{ items: ServiceTypePt[] }>('/tatico/sst/pt-tipos-servico'),
  });
}

/** PUT /tatico/sst/pt-tipos-servico/{id}. */
export const setServiceTypePt = ({ id, exige_pt }: { id: number; exige_pt: PtType | null }) =>
  api.put<null>(`/tatico/sst/pt-tipos-servico/${id}`, { exige_pt });

export function useSetServiceTypePt() {
  return useAprPtMutation(setServiceTypePt, 'Exigência de PT atualizada.');
}
