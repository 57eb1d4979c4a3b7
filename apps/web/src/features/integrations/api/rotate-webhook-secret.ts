import type { Webhook } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError } from '../../../lib/toast.ts';
import { WEBHOOKS_KEY } from './get-webhooks.ts';

/** POST /integrations/webhooks/{id}/segredo — a new secret, shown once, in force at once. */
export function useRotateWebhookSecret() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.post<{ webhook: Webhook; segredo: string }>(`/integrations/webhooks/${id}/segredo`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
    onError: (error) => toastError(error.message),
  });
}
