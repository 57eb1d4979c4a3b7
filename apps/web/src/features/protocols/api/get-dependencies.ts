import type { Dependency } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { protocolKeys } from './keys.ts';

/** GET /eproto/protocols/{id}/dependencies — links both ways. */
export function getDependencies(id: number, signal?: AbortSignal) {
  return api.get<Dependency[]>(`/eproto/protocols/${id}/dependencies`, { signal });
}

export function useDependencies(id: number) {
  return useQuery({
    queryKey: protocolKeys.dependencies(id),
    queryFn: ({ signal }) => getDependencies(id, signal),
  });
}
