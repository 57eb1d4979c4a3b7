import type { ProtocolAttachment } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { protocolKeys } from './keys.ts';

/** GET /eproto/protocols/{id}/attachments */
export function getProtocolAttachments(id: number, signal?: AbortSignal) {
  return api.get<ProtocolAttachment[]>(`/eproto/protocols/${id}/attachments`, { signal });
}

export function useProtocolAttachments(id: number) {
  return useQuery({
    queryKey: protocolKeys.attachments(id),
    queryFn: ({ signal }) => getProtocolAttachments(id, signal),
  });
}
