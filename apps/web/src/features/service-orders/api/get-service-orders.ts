import type { OsListResponse, OsStatus } from '@eproto/domain';
import { keepPreviousData, useQuery, type QueryClient, type QueryKey } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { fetchSyncedPage } from '../../../lib/offline/prefetch-merge.ts';
import { osListKey } from './keys.ts';

/** The filters of the list (osListQuery), as the screen holds them. */
export interface OsFilters {
  status?: OsStatus;
  contract_id?: number;
  pessoa_id?: number;
  service_type_id?: number;
  de?: string;
  ate?: string;
  atrasadas?: 'true';
  abertas?: 'true';
  q?: string;
  page?: number;
  perPage?: number;
}

/** GET /tatico/os — filtered page, counts per status and late ones. */
export function getServiceOrders(q: OsFilters, updatedSince?: string): Promise<OsListResponse> {
  return api.get('/tatico/os', { params: { ...q, updated_since: updatedSince } });
}

/** The list's query; a kept page is refreshed by cursor (only its OSs changed since, merged). */
export function serviceOrdersQuery(q: OsFilters) {
  return {
    queryKey: osListKey(q),
    queryFn: ({ client, queryKey }: { client: QueryClient; queryKey: QueryKey }) =>
      fetchSyncedPage(client.getQueryData<OsListResponse>(queryKey), (since) =>
        getServiceOrders(q, since),
      ),
  };
}

/** The list (see serviceOrdersQuery). */
export function useServiceOrders(q: OsFilters) {
  return useQuery({ ...serviceOrdersQuery(q), placeholderData: keepPreviousData });
}

/** A technician's open OSs (neither concluded nor cancelled), whatever their day. */
export const myOpenOrdersFilters = (userId: number): OsFilters => ({
  pessoa_id: userId,
  abertas: 'true',
  perPage: 100,
});

/** Link of the XLSX or CSV of the list under the same filters (with the session cookie). */
export function serviceOrdersExportUrl(q: OsFilters, format: 'xlsx' | 'csv' = 'xlsx'): string {
  const params = new URLSearchParams({ format });
  for (const [k, v] of Object.entries(q)) {
    if (k === 'page' || k === 'perPage' || v === undefined || v === null || v === '') continue;
    params.set(k, String(v));
  }
  return `/api/tatico/os/exportar?${params.toString()}`;
}
