import type { WorkerSst } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { SST_KEY } from './sst-key.ts';

/** GET /tatico/sst/pessoas/{id} (or /minhas for one's own): trainings, ASOs and CNH. */
export function useWorkerSst(userId: number | 'me' | null) {
  return useQuery({
    queryKey: [...SST_KEY, 'worker', userId],
    queryFn: () =>
      api.get<WorkerSst>(userId === 'me' ? '/tatico/sst/minhas' : `/tatico/sst/pessoas/${userId}`),
    enabled: userId !== null,
  });
}
