import type { Webhook, WebhookEvent } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { WEBHOOKS_KEY } from './get-webhooks.ts';

export interface WebhookValues {
  url: string;
  eventos: WebhookEvent[];
  ativo: boolean;
}

/**
 * POST /integrations/webhooks (new: the answer holds the secret, shown once) or
 * PATCH /integrations/webhooks/{id} (edit, switch on/off). The caller shows refusals (the URL's
 * under its field).
 */
export function useSaveWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      body,
    }: {
      id: number | null;
      body: Partial<WebhookValues>;
    }): Promise<{ webhook: Webhook; segredo: string | null }> => {
      if (id === null) {
        return api.post<{ webhook: Webhook; segredo: string }>('/integrations/webhooks', body);
      }
      const webhook = await api.patch<Webhook>(`/integrations/webhooks/${id}`, body);
      return { webhook, segredo: null };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}
