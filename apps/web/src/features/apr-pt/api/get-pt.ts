import type { Pt } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { APR_PT_KEY } from './keys.ts';

/** GET /tatico/sst/pts/{id}: shift, measures, team, decision, closing and history. */
export const getPt = (id: number) => api.get<Pt>(`/tatico/sst/pts/${id}`);

export function usePt(id: number | null) {
  return useQuery({
    queryKey: [...APR_PT_KEY, 'pt', id],
    queryFn: () => getPt(id!),
    enabled: id !== null,
  });
}
