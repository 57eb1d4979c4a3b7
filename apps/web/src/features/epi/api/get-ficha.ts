import type { EpiSheet } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { EPI_KEY } from './get-epi-items.ts';

/** GET /tatico/epi/fichas/{userId} — every delivery of one employee. */
export function useFicha(userId: number | null) {
  return useQuery({
    queryKey: [...EPI_KEY, 'ficha', userId],
    queryFn: () => api.get<EpiSheet>(`/tatico/epi/fichas/${userId}`),
    enabled: userId !== null,
  });
}

/** Link of the ficha PDF (downloaded with the session cookie). */
export const fichaPdfUrl = (userId: number) => `/api/tatico/epi/fichas/${userId}/pdf`;

/** Link of a delivery's signature image. */
export const signatureUrl = (deliveryId: number) =>
  `/api/tatico/epi/entregas/${deliveryId}/assinatura`;
