import type { EpiSheet } from '@eproto/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { EPI_KEY } from './get-epi-items.ts';

/** GET /tatico/epi/fichas/{userId} — every delivery of one employee (one's own is prefetched). */
export const fichaQuery = (userId: number) =>
  queryOptions({
    queryKey: [...EPI_KEY, 'ficha', userId],
    queryFn: () => api.get<EpiSheet>(`/tatico/epi/fichas/${userId}`),
  });

export function useFicha(userId: number | null) {
  return useQuery({ ...fichaQuery(userId ?? 0), enabled: userId !== null });
}

/** Link of the ficha PDF (downloaded with the session cookie). */
export const fichaPdfUrl = (userId: number) => `/api/tatico/epi/fichas/${userId}/pdf`;

/** Link of a delivery's signature image. */
export const signatureUrl = (deliveryId: number) =>
  `/api/tatico/epi/entregas/${deliveryId}/assinatura`;
