import type { RequestList } from '@eproto/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { EPI_KEY } from './get-epi-items.ts';

/** GET /tatico/epi/minhas-solicitacoes — the caller's EPI requests (also prefetched). */
export const myEpiRequestsQuery = () =>
  queryOptions({
    queryKey: [...EPI_KEY, 'my-requests'],
    queryFn: () => api.get<RequestList>('/tatico/epi/minhas-solicitacoes'),
  });

export function useMyEpiRequests() {
  return useQuery(myEpiRequestsQuery());
}
