import type { EnvioFilterQuery, EnvioList } from '@eproto/domain';
import { ENVIO_PAGE_SIZE } from '@eproto/domain';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

export const DELIVERIES_KEY = ['deliveries'] as const;

/**
 * GET /deliveries?estado=&tipo=&before=&limit= — one keyset page of the job queue's e-mails and
 * pushes, newest first (ti); `before` is the previous page's `nextBefore`.
 */
export function getDeliveries(filter: EnvioFilterQuery, before?: string, signal?: AbortSignal) {
  return api.get<EnvioList>('/deliveries', {
    params: { ...filter, before, limit: ENVIO_PAGE_SIZE },
    signal,
  });
}

/** The deliveries loaded so far for these filters: the first page, then one per "Carregar mais". */
export function useDeliveries(filter: EnvioFilterQuery) {
  return useInfiniteQuery({
    queryKey: [...DELIVERIES_KEY, filter],
    queryFn: ({ pageParam, signal }) => getDeliveries(filter, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    placeholderData: keepPreviousData,
  });
}
