import type { EpiDelivery, ReplacementRequestBody } from '@eproto/domain';

import { api } from '../../../lib/api-client.ts';
import { useEpiMutation } from './epi-mutation.ts';

/** POST /tatico/epi/entregas/{id}/substituicao — opens a solicitação of type EPI. */
export function requestReplacement({
  id,
  ...body
}: ReplacementRequestBody & { id: number }): Promise<{
  solicitacao_id: number;
  entrega: EpiDelivery;
}> {
  return api.post(`/tatico/epi/entregas/${id}/substituicao`, body);
}

export function useRequestReplacement() {
  return useEpiMutation(
    requestReplacement,
    (r) => `Solicitação #${r.solicitacao_id} aberta. Você receberá um aviso a cada etapa.`,
  );
}
