import type { EpiDelivery } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { EPI_KEY } from './get-epi-items.ts';

export const MY_DELIVERIES_KEY = [...EPI_KEY, 'mine'] as const;

/** GET /tatico/epi/minhas-entregas — the signed-in person's EPIs. */
export function useMyDeliveries() {
  return useQuery({
    queryKey: MY_DELIVERIES_KEY,
    queryFn: () => api.get<{ items: EpiDelivery[] }>('/tatico/epi/minhas-entregas'),
  });
}
