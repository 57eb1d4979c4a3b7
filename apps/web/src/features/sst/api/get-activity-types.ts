import type { ActivityType } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { SST_KEY } from './sst-key.ts';

/** GET /tatico/sst/tipos-atividade — requirement sets ("Trabalho em altura": NR-35, ASO apto). */
export function useSstActivityTypes(enabled = true) {
  return useQuery({
    queryKey: [...SST_KEY, 'activity-types'],
    queryFn: () => api.get<{ items: ActivityType[] }>('/tatico/sst/tipos-atividade'),
    select: (d) => d.items,
    staleTime: 5 * 60_000,
    enabled,
  });
}
