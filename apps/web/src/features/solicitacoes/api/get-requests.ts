import type { RequestList, RequestListQuery } from '@eproto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

export const REQUESTS_KEY = ['requests'] as const;

/** GET /solicitacoes — requests in the caller's scope with counts per status. */
export function getRequests(query: RequestListQuery): Promise<RequestList> {
  return api.get('/solicitacoes', { params: { ...query } });
}

export function useRequests(query: RequestListQuery) {
  return useQuery({
    queryKey: [...REQUESTS_KEY, 'list', query],
    queryFn: () => getRequests(query),
    placeholderData: keepPreviousData,
  });
}
