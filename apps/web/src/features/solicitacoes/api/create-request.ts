import type { RequestBody, RequestDetail } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { REQUESTS_KEY } from './get-requests.ts';

/** POST /solicitacoes */
export function createRequest(body: RequestBody): Promise<RequestDetail> {
  return api.post('/solicitacoes', body);
}

export function useCreateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: REQUESTS_KEY }),
  });
}
