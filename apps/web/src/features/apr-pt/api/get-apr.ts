import type { Apr } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { APR_PT_KEY } from './keys.ts';

/** GET /tatico/sst/aprs/{id}: steps, EPIs with warnings, team and signatures. */
export const getApr = (id: number) => api.get<Apr>(`/tatico/sst/aprs/${id}`);

export function useApr(id: number | null) {
  return useQuery({
    queryKey: [...APR_PT_KEY, 'apr', id],
    queryFn: () => getApr(id!),
    enabled: id !== null,
  });
}
