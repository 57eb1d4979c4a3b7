import type { ProtocolHistory } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { protocolKeys } from './keys.ts';

/** GET /eproto/protocols/{id}/history (newest first) */
export function getProtocolHistory(id: number, signal?: AbortSignal) {
  return api.get<ProtocolHistory[]>(`/eproto/protocols/${id}/history`, { signal });
}

export function useProtocolHistory(id: number) {
  return useQuery({
    queryKey: protocolKeys.history(id),
    queryFn: ({ signal }) => getProtocolHistory(id, signal),
  });
}
