import type { UserRef } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { planningKeys } from './keys.ts';

/** GET /eproto/team/coordenadores — coordenadores whose team the caller may look at. */
export function getCoordenadores(): Promise<UserRef[]> {
  return api.get<UserRef[]>('/eproto/team/coordenadores');
}

export function useCoordenadores(enabled = true) {
  return useQuery({
    queryKey: planningKeys.coordenadores,
    queryFn: getCoordenadores,
    enabled,
    staleTime: 5 * 60_000,
  });
}
