import type { DeliveryBody, EpiDelivery } from '@eproto/domain';

import { api } from '../../../lib/api-client.ts';
import { useEpiMutation } from './epi-mutation.ts';
import { keepDelivery } from './keep-delivery.ts';

/** POST /tatico/epi/entregas — refused (400) with an expired CA or above the stock. */
export function createDelivery(body: DeliveryBody): Promise<EpiDelivery> {
  return api.post('/tatico/epi/entregas', body);
}

export function useCreateDelivery() {
  return useEpiMutation(
    createDelivery,
    (d) =>
      d.confirmacao
        ? `Entrega registrada e assinada por ${d.colaborador.nome}.`
        : `Entrega registrada. ${d.colaborador.nome} recebeu um aviso para confirmar.`,
    keepDelivery,
  );
}
