import type { RequestList } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { EPI_KEY } from './get-epi-items.ts';

/** GET /tatico/epi/minhas-solicitacoes — the caller's EPI requests and where they stand. */
export function useMyEpiRequests() {
  return useQuery({
    queryKey: [...EPI_KEY, 'my-requests'],
    queryFn: () => api.get<RequestList>('/tatico/epi/minhas-solicitacoes'),
  });
}
