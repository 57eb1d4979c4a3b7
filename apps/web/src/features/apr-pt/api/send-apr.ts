import type { Apr } from '@eproto/domain';

import { api } from '../../../lib/api-client.ts';
import { useAprPtMutation } from './keys.ts';

/** POST /tatico/sst/aprs/{id}/enviar: rascunho -> em assinatura. */
export const sendApr = (id: number) => api.post<Apr>(`/tatico/sst/aprs/${id}/enviar`);

export function useSendApr() {
  return useAprPtMutation(sendApr, 'APR enviada para assinatura da equipe.');
}
