import type { Mural } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { muralKeys } from './keys.ts';

/** GET /eproto/murals/{id} — the demand with names, finance trail and the caller's permissions. */
export function getMural(id: number): Promise<Mural> {
  return api.get<Mural>(`/eproto/murals/${id}`);
}

export function useMural(id: number, enabled = true) {
  return useQuery({ queryKey: muralKeys.detail(id), queryFn: () => getMural(id), enabled });
}
