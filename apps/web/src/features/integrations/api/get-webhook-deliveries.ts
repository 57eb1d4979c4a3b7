import type { WebhookDelivery } from '@eproto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { WEBHOOKS_KEY } from './get-webhooks.ts';

export const DELIVERIES_PER_PAGE = 20;

export const deliveriesKey = (id: number) => [...WEBHOOKS_KEY, id, 'entregas'] as const;

/** GET /integrations/webhooks/{id}/entregas — the delivery log, newest first, by page. */
export function useWebhookDeliveries(id: number, page: number) {
  return useQuery({
    queryKey: [...deliveriesKey(id), page],
    queryFn: () =>
      api.get<{ items: WebhookDelivery[]; total: number }>(
        `/integrations/webhooks/${id}/entregas?page=${page}&perPage=${DELIVERIES_PER_PAGE}`,
      ),
    placeholderData: keepPreviousData,
    // Deliveries move on their own (queue, retries): the open log follows them.
    refetchInterval: 5_000,
  });
}
