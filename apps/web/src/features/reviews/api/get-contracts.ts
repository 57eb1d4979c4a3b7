import type { ContractAccess } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/** GET /eproto/contracts/access — contracts for the filter. */
export function getContracts(): Promise<ContractAccess> {
  return api.get<ContractAccess>('/eproto/contracts/access');
}

export function useContracts() {
  return useQuery({
    queryKey: ['reviews', 'contracts'],
    queryFn: getContracts,
    staleTime: 5 * 60_000,
  });
}
