import type { WebhookDelivery } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { deliveriesKey } from './get-webhook-deliveries.ts';
import { WEBHOOKS_KEY } from './get-webhooks.ts';

/** POST /integrations/webhooks/{id}/entregas/{entrega}/reenviar — the same event back on the queue. */
export function useResendWebhookDelivery(webhookId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api.post<WebhookDelivery>(
        `/integrations/webhooks/${webhookId}/entregas/${deliveryId}/reenviar`,
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: deliveriesKey(webhookId) });
      await queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY, exact: true });
      toastSuccess('Entrega posta na fila de novo.');
    },
    onError: (error) => toastError(error.message),
  });
}
