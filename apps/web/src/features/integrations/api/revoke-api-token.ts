import type { ApiToken } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { API_TOKENS_KEY } from './get-api-tokens.ts';

/** POST /integrations/tokens/:id/revoke — the token stops working on its next call. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<ApiToken>(`/integrations/tokens/${id}/revoke`),
    onSuccess: (token) => {
      toastSuccess(`Token "${token.nome}" revogado: ele deixa de funcionar na próxima chamada.`);
      return queryClient.invalidateQueries({ queryKey: API_TOKENS_KEY });
    },
    onError: (error) => toastError(error.message),
  });
}
