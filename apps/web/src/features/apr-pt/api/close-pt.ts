import type { Pt } from '@eproto/domain';

import { api } from '../../../lib/api-client.ts';
import { useAprPtMutation } from './keys.ts';

/** POST /tatico/sst/pts/{id}/encerrar: aprovada -> encerrada (archived). */
export const closePt = ({ id, observacao }: { id: number; observacao: string | null }) =>
  api.post<Pt>(`/tatico/sst/pts/${id}/encerrar`, { observacao });

export function useClosePt() {
  return useAprPtMutation(closePt, 'PT encerrada e arquivada.');
}
