import type { DeliveryStatus, EpiDelivery } from '@eproto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { EPI_KEY } from './get-epi-items.ts';

export interface DeliveryFilter {
  colaborador_id?: number;
  status?: DeliveryStatus;
}

/** GET /tatico/epi/entregas (gestores) */
export function useDeliveries(filter: DeliveryFilter) {
  return useQuery({
    queryKey: [...EPI_KEY, 'deliveries', filter],
    queryFn: () =>
      api.get<{ items: EpiDelivery[] }>('/tatico/epi/entregas', { params: { ...filter } }),
    placeholderData: keepPreviousData,
  });
}
