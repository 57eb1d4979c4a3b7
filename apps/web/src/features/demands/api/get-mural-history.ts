import type { MuralHistory } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { muralKeys } from './keys.ts';

/** GET /eproto/murals/{id}/history — newest first. */
export function getMuralHistory(id: number): Promise<MuralHistory[]> {
  return api.get<MuralHistory[]>(`/eproto/murals/${id}/history`);
}

export function useMuralHistory(id: number) {
  return useQuery({ queryKey: muralKeys.history(id), queryFn: () => getMuralHistory(id) });
}
