import type { CreateApiTokenBody, CreatedApiToken } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { API_TOKENS_KEY } from './get-api-tokens.ts';

/** POST /integrations/tokens — a token for a person; the answer is the only time it is shown. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiTokenBody) =>
      api.post<CreatedApiToken>('/integrations/tokens', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_TOKENS_KEY }),
  });
}
