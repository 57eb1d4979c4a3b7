import type { ServiceTypeSst } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { SST_KEY } from './sst-key.ts';

export const serviceTypeSstKey = (id: number) => [...SST_KEY, 'service-type', id] as const;

/** GET /tatico/sst/tipos-servico/{id} — the SST requirements of a service type. */
export function useServiceTypeSst(id: number | null) {
  return useQuery({
    queryKey: serviceTypeSstKey(id ?? 0),
    queryFn: () => api.get<ServiceTypeSst>(`/tatico/sst/tipos-servico/${id}`),
    enabled: id !== null,
  });
}

/** PUT /tatico/sst/tipos-servico/{id} — sets (or clears, null) the requirement set. */
export const saveServiceTypeSst = (id: number, tipoAtividadeId: number | null) =>
  api.put<ServiceTypeSst>(`/tatico/sst/tipos-servico/${id}`, {
    tipo_atividade_id: tipoAtividadeId,
  });
