import type { EpiDelivery, SignaturePlace, SignatureStroke } from '@eproto/domain';

import { api } from '../../../lib/api-client.ts';
import { useEpiMutation } from './epi-mutation.ts';
import { keepDelivery } from './keep-delivery.ts';

/** POST /tatico/epi/entregas/{id}/assinatura {assinatura: PNG data URL, its strokes, place} */
export function signDelivery({
  id,
  ...body
}: {
  id: number;
  assinatura: string;
  assinatura_tracos: SignatureStroke[];
  assinatura_local: SignaturePlace | null;
}): Promise<EpiDelivery> {
  return api.post(`/tatico/epi/entregas/${id}/assinatura`, body);
}

export function useSignDelivery() {
  return useEpiMutation(signDelivery, 'Assinatura registrada.', keepDelivery);
}
