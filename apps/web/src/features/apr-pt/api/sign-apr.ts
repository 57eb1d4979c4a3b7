import type { Apr, SignaturePlace } from '@eproto/domain';

import { api } from '../../../lib/api-client.ts';
import { useAprPtMutation } from './keys.ts';

/** POST /tatico/sst/aprs/{id}/assinar: "Li e concordo", with the position when allowed. */
export const signApr = ({ id, place }: { id: number; place: SignaturePlace | null }) =>
  api.post<Apr>(`/tatico/sst/aprs/${id}/assinar`, {
    concordo: true,
    latitude: place?.latitude ?? null,
    longitude: place?.longitude ?? null,
    precisao_m: place?.precisao_m ?? null,
  });

export function useSignApr() {
  return useAprPtMutation(signApr, 'Assinatura registrada.');
}
