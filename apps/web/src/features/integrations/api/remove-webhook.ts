import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { WEBHOOKS_KEY } from './get-webhooks.ts';

/** DELETE /integrations/webhooks/{id} — the endpoint and its delivery log. */
export function useRemoveWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<{ ok: true }>(`/integrations/webhooks/${id}`),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
      toastSuccess('Webhook excluído.');
    },
    onError: (error) => toastError(error.message),
  });
}
