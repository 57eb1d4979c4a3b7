import type { MuralSummary } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { protocolKeys } from './keys.ts';

/** GET /eproto/murals/summary?q= — demands to pick when creating a task. */
export function searchMurals(q: string, signal?: AbortSignal) {
  return api.get<MuralSummary[]>('/eproto/murals/summary', {
    params: { q: q || undefined, perPage: 30, sort: '-updated_at' },
    signal,
  });
}

export function useMuralSearch(q: string, enabled = true) {
  return useQuery({
    queryKey: protocolKeys.murals(q),
    queryFn: ({ signal }) => searchMurals(q, signal),
    enabled,
    staleTime: 30_000,
  });
}
