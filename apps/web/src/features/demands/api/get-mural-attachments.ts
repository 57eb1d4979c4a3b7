import type { MuralAttachment } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { muralKeys } from './keys.ts';

/** GET /eproto/murals/{id}/attachments */
export function getMuralAttachments(id: number): Promise<MuralAttachment[]> {
  return api.get<MuralAttachment[]>(`/eproto/murals/${id}/attachments`);
}

export function useMuralAttachments(id: number) {
  return useQuery({ queryKey: muralKeys.attachments(id), queryFn: () => getMuralAttachments(id) });
}
