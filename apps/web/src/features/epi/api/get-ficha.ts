import type { EpiDelivery, EpiSheet } from '@eproto/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { fetchSyncedList } from '../../../lib/offline/prefetch-merge.ts';
import { EPI_KEY } from './get-epi-items.ts';

/** As the ficha lists them: oldest delivery first. */
const oldestFirst = (a: EpiDelivery, b: EpiDelivery) => a.data.localeCompare(b.data) || a.id - b.id;

/**
 * GET /tatico/epi/fichas/{userId} — every delivery of one employee (one's own is prefetched).
 * Kept on the phone: later fetches send `updated_since` and merge only the deliveries changed.
 */
export async function getFicha(userId: number, kept: EpiSheet | undefined): Promise<EpiSheet> {
  let sheet: EpiSheet | undefined;
  const entregas = await fetchSyncedList(
    kept && { items: kept.entregas, cursor: kept.cursor },
    async (updated_since) => {
      sheet = await api.get<EpiSheet>(`/tatico/epi/fichas/${userId}`, {
        params: { updated_since },
      });
      return { items: sheet.entregas, cursor: sheet.cursor, ids: sheet.ids };
    },
    oldestFirst,
  );
  const { ids: _ids, ...head } = sheet!;
  return { ...head, entregas: entregas.items, cursor: entregas.cursor };
}

export const fichaQuery = (userId: number) =>
  queryOptions({
    queryKey: [...EPI_KEY, 'ficha', userId],
    queryFn: ({ client, queryKey }) => getFicha(userId, client.getQueryData<EpiSheet>(queryKey)),
  });

export function useFicha(userId: number | null) {
  return useQuery({ ...fichaQuery(userId ?? 0), enabled: userId !== null });
}

/** Link of the ficha PDF (downloaded with the session cookie). */
export const fichaPdfUrl = (userId: number) => `/api/tatico/epi/fichas/${userId}/pdf`;

/** Link of a delivery's signature image. */
export const signatureUrl = (deliveryId: number) =>
  `/api/tatico/epi/entregas/${deliveryId}/assinatura`;
