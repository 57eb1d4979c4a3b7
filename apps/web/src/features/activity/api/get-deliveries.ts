import type { EnvioList, EnvioListQuery } from '@eproto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

export const DELIVERIES_KEY = ['deliveries'] as const;

/** GET /deliveries?estado=&tipo= — the latest 100 e-mails and pushes of the job queue (ti). */
export function getDeliveries(filter: EnvioListQuery, signal?: AbortSignal) {
  return api.get<EnvioList>('/deliveries', { params: filter, signal });
}

/** The deliveries for these filters; the rows shown stay while a new filter loads. */
export function useDeliveries(filter: EnvioListQuery) {
  return useQuery({
    queryKey: [...DELIVERIES_KEY, filter],
    queryFn: ({ signal }) => getDeliveries(filter, signal),
    placeholderData: keepPreviousData,
  });
}
