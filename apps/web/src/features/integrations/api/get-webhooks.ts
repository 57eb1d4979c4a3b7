import type { Webhook } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

export const WEBHOOKS_KEY = ['integrations', 'webhooks'] as const;

/** GET /integrations/webhooks — every endpoint with its failing deliveries and last send. */
export function useWebhooks() {
  return useQuery({
    queryKey: WEBHOOKS_KEY,
    queryFn: async () => (await api.get<{ items: Webhook[] }>('/integrations/webhooks')).items,
  });
}
