import type { Contract, ContractStatus } from '@eproto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { contractKeys } from './keys.ts';

/** GET /eproto/contracts?q=&status= — contracts in the caller's scope with demand counters. */
export function getContracts(q: string, status: ContractStatus | null): Promise<Contract[]> {
  return api.get<Contract[]>('/eproto/contracts', { params: { q, status } });
}

export function useContracts(q: string, status: ContractStatus | null, enabled = true) {
  return useQuery({
    queryKey: contractKeys.list(q, status),
    queryFn: () => getContracts(q, status),
    placeholderData: keepPreviousData,
    enabled,
  });
}
