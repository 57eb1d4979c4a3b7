import type { ProtocolSummary } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { protocolKeys } from './keys.ts';

/** GET /eproto/protocols?q= — candidate predecessors for the dependency editor. */
export function searchProtocols(q: string, muralId: number | undefined, signal?: AbortSignal) {
  return api.get<ProtocolSummary[]>('/eproto/protocols', {
    params: {
      q: q || undefined,
      mural_id: q ? undefined : muralId,
      perPage: 30,
      sort: 'inicio_previsto',
    },
    signal,
  });
}

export function useProtocolSearch(q: string, muralId: number | undefined) {
  return useQuery({
    queryKey: [...protocolKeys.search(q), muralId ?? 0],
    queryFn: ({ signal }) => searchProtocols(q, muralId, signal),
    staleTime: 15_000,
  });
}
