import type { ProtocolMessage } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { protocolKeys } from './keys.ts';

/** GET /eproto/protocols/{id}/messages (oldest first) */
export function getProtocolMessages(id: number, signal?: AbortSignal) {
  return api.get<ProtocolMessage[]>(`/eproto/protocols/${id}/messages`, { signal });
}

export function useProtocolMessages(id: number) {
  return useQuery({
    queryKey: protocolKeys.messages(id),
    queryFn: ({ signal }) => getProtocolMessages(id, signal),
  });
}
