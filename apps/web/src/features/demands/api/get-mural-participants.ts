import type { MuralParticipant } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { muralKeys } from './keys.ts';

/** GET /eproto/murals/{id}/participants */
export function getMuralParticipants(id: number): Promise<MuralParticipant[]> {
  return api.get<MuralParticipant[]>(`/eproto/murals/${id}/participants`);
}

export function useMuralParticipants(id: number) {
  return useQuery({
    queryKey: muralKeys.participants(id),
    queryFn: () => getMuralParticipants(id),
  });
}
