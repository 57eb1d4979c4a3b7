import type { Pt } from '@eproto/domain';

import { api } from '../../../lib/api-client.ts';
import { useAprPtMutation } from './keys.ts';

/** POST /tatico/sst/pts/{id}/decisao (gerente/diretoria, never one's own). */
export const decidePt = ({
  id,
  decisao,
  comentario,
}: {
  id: number;
  decisao: 'aprovar' | 'recusar';
  comentario: string | null;
}) => api.post<Pt>(`/tatico/sst/pts/${id}/decisao`, { decisao, comentario });

export function useDecidePt() {
  return useAprPtMutation(decidePt, 'Decisão registrada.');
}
