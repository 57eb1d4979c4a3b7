import type { EmailDigestStatus } from '@eproto/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';

export const EMAIL_DIGEST_KEY = ['profile', 'resumo-diario'] as const;

/** GET /profile/resumo-diario — whether the person receives the daily e-mail digest. */
export function useEmailDigest() {
  return useQuery({
    queryKey: EMAIL_DIGEST_KEY,
    queryFn: () => api.get<EmailDigestStatus>('/profile/resumo-diario'),
  });
}

/** PUT /profile/resumo-diario — turns it on or off; the switch moves at once, back on failure. */
export function useSetEmailDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ativo: boolean) => api.put<EmailDigestStatus>('/profile/resumo-diario', { ativo }),
    onMutate: async (ativo) => {
      await queryClient.cancelQueries({ queryKey: EMAIL_DIGEST_KEY });
      const previous = queryClient.getQueryData<EmailDigestStatus>(EMAIL_DIGEST_KEY);
      queryClient.setQueryData<EmailDigestStatus>(EMAIL_DIGEST_KEY, { ativo });
      return { previous };
    },
    onSuccess: (status) => {
      queryClient.setQueryData(EMAIL_DIGEST_KEY, status);
      toastSuccess(
        status.ativo
          ? 'Resumo diário ligado: o primeiro chega amanhã às 7h.'
          : 'Resumo diário desligado.',
      );
    },
    onError: (error, _ativo, context) => {
      if (context?.previous) queryClient.setQueryData(EMAIL_DIGEST_KEY, context.previous);
      toastError(error.message);
    },
  });
}
