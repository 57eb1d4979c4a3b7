import type { DeliveryReturnBody, EpiDelivery } from '@eproto/domain';

import { api } from '../../../lib/api-client.ts';
import { useEpiMutation } from './epi-mutation.ts';
import { keepDelivery } from './keep-delivery.ts';

/** POST /tatico/epi/entregas/{id}/devolucao */
export function returnDelivery({
  id,
  ...body
}: DeliveryReturnBody & { id: number }): Promise<EpiDelivery> {
  return api.post(`/tatico/epi/entregas/${id}/devolucao`, body);
}

export function useReturnDelivery() {
  return useEpiMutation(returnDelivery, 'Devolução registrada.', keepDelivery);
}
