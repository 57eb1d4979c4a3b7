import type { RequestDetail } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { REQUESTS_KEY } from './get-requests.ts';

export const requestKey = (id: number) => [...REQUESTS_KEY, 'detail', id] as const;

/** GET /solicitacoes/{id} — request, its steps, attachments and the steps the caller may take. */
export function useRequest(id: number | null) {
  return useQuery({
    queryKey: requestKey(id ?? 0),
    queryFn: () => api.get<RequestDetail>(`/solicitacoes/${id}`),
    enabled: id !== null,
  });
}
