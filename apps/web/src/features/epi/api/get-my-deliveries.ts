import type { EpiDelivery, SyncedList } from '@eproto/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { fetchSyncedList } from '../../../lib/offline/prefetch-merge.ts';
import { EPI_KEY } from './get-epi-items.ts';

export const MY_DELIVERIES_KEY = [...EPI_KEY, 'mine'] as const;

/** As the server lists them: newest delivery first. */
const newestFirst = (a: EpiDelivery, b: EpiDelivery) => b.data.localeCompare(a.data) || b.id - a.id;

/**
 * GET /tatico/epi/minhas-entregas — the signed-in person's EPIs (also prefetched). Kept on the
 * phone: later fetches send `updated_since` (the kept copy's cursor) and merge only what changed.
 */
export function getMyDeliveries(
  kept: SyncedList<EpiDelivery> | undefined,
): Promise<SyncedList<EpiDelivery>> {
  return fetchSyncedList(
    kept,
    (updated_since) =>
      api.get<SyncedList<EpiDelivery>>('/tatico/epi/minhas-entregas', {
        params: { updated_since },
      }),
    newestFirst,
  );
}

export const myDeliveriesQuery = () =>
  queryOptions({
    queryKey: MY_DELIVERIES_KEY,
    queryFn: ({ client }) =>
      getMyDeliveries(client.getQueryData<SyncedList<EpiDelivery>>(MY_DELIVERIES_KEY)),
  });

export function useMyDeliveries() {
  return useQuery(myDeliveriesQuery());
}
