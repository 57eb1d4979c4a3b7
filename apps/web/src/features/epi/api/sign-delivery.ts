import type { EpiDelivery } from '@eproto/domain';

import { api } from '../../../lib/api-client.ts';
import { useEpiMutation } from './epi-mutation.ts';

/** POST /tatico/epi/entregas/{id}/assinatura {assinatura: PNG data URL} */
export function signDelivery({
  id,
  assinatura,
}: {
  id: number;
  assinatura: string;
}): Promise<EpiDelivery> {
  return api.post(`/tatico/epi/entregas/${id}/assinatura`, { assinatura });
}

export function useSignDelivery() {
  return useEpiMutation(signDelivery, 'Assinatura registrada.');
}
