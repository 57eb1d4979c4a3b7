import type { ContractAccess } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { planningKeys } from './keys.ts';

/** GET /eproto/contracts/access — the contracts the Carga tab can filter by. */
export function useLoadContracts() {
  return useQuery({
    queryKey: planningKeys.loadContracts,
    queryFn: () => api.get<ContractAccess>('/eproto/contracts/access'),
    staleTime: 5 * 60_000,
  });
}
