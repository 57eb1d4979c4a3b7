import type { Training } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { SST_KEY } from './sst-key.ts';

/** GET /tatico/sst/treinamentos — the active catalogue. */
export function useTrainings() {
  return useQuery({
    queryKey: [...SST_KEY, 'trainings'],
    queryFn: () => api.get<{ items: Training[] }>('/tatico/sst/treinamentos'),
    select: (d) => d.items,
  });
}
