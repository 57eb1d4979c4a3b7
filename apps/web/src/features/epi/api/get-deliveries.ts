import type { DeliveryStatus, EpiDelivery, SyncedList } from '@eproto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { fetchSyncedList } from '../../../lib/offline/prefetch-merge.ts';
import { EPI_KEY } from './get-epi-items.ts';

export interface DeliveryFilter {
  colaborador_id?: number;
  status?: DeliveryStatus;
}

/** As the server lists them: newest delivery first. */
const newestFirst = (a: EpiDelivery, b: EpiDelivery) => b.data.localeCompare(a.data) || b.id - a.id;

/**
 * GET /tatico/epi/entregas (gestores) with the list's filters. Kept with its cursor: later
 * fetches send `updated_since` and merge only what changed (a change of a delivery the list
 * must show asks that way: get-epi-changes.ts).
 */
export function getDeliveries(
  filter: DeliveryFilter,
  kept: SyncedList<EpiDelivery> | undefined,
): Promise<SyncedList<EpiDelivery>> {
  return fetchSyncedList(
    kept,
    (updated_since) =>
      api.get<SyncedList<EpiDelivery>>('/tatico/epi/entregas', {
        params: { ...filter, updated_since },
      }),
    newestFirst,
  );
}

export function useDeliveries(filter: DeliveryFilter) {
  return useQuery({
    queryKey: [...EPI_KEY, 'deliveries', filter],
    queryFn: ({ client, queryKey }) =>
      getDeliveries(filter, client.getQueryData<SyncedList<EpiDelivery>>(queryKey)),
    placeholderData: keepPreviousData,
  });
}
