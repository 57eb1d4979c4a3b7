import type { RequestBody, RequestDetail } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { requestKey } from './get-request.ts';

/** POST /solicitacoes */
export function createRequest(body: RequestBody): Promise<RequestDetail> {
  return api.post('/solicitacoes', body);
}

export function useCreateRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRequest,
    // Its page from the answer; the lists take the write's change ('requests.changed':
    // get-request-changes.ts).
    onSuccess: (detail) => queryClient.setQueryData(requestKey(detail.solicitacao.id), detail),
  });
}
