import type { ActivityType } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/** GET /tatico/sst/tipos-atividade — "tipos de atividade" and the SST requirements of each. */
export function useActivityTypes(enabled = true) {
  return useQuery({
    queryKey: ['agenda', 'activity-types'],
    queryFn: () => api.get<{ items: ActivityType[] }>('/tatico/sst/tipos-atividade'),
    staleTime: 5 * 60_000,
    enabled,
    select: (d) => d.items.map((t) => ({ value: String(t.id), label: t.nome })),
  });
}
