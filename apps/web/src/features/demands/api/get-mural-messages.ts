import type { MuralMessage } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { muralKeys } from './keys.ts';

/** GET /eproto/murals/{id}/messages — oldest first. */
export function getMuralMessages(id: number): Promise<MuralMessage[]> {
  return api.get<MuralMessage[]>(`/eproto/murals/${id}/messages`);
}

export function useMuralMessages(id: number) {
  return useQuery({ queryKey: muralKeys.messages(id), queryFn: () => getMuralMessages(id) });
}
