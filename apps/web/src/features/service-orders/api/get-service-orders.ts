import type { OsListResponse, OsStatus } from '@eproto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
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
  q?: string;
  page?: number;
  perPage?: number;
}

/** GET /tatico/os — filtered page, counts per status and late ones. */
export function getServiceOrders(q: OsFilters): Promise<OsListResponse> {
  return api.get('/tatico/os', { params: { ...q } });
}

export function useServiceOrders(q: OsFilters) {
  return useQuery({
    queryKey: osListKey(q),
    queryFn: () => getServiceOrders(q),
    placeholderData: keepPreviousData,
  });
}

/** Link of the XLSX of the list under the same filters (downloaded with the session cookie). */
export function serviceOrdersExportUrl(q: OsFilters): string {
  const params = new URLSearchParams({ format: 'xlsx' });
  for (const [k, v] of Object.entries(q)) {
    if (k === 'page' || k === 'perPage' || v === undefined || v === null || v === '') continue;
    params.set(k, String(v));
  }
  return `/api/tatico/os/exportar?${params.toString()}`;
}
