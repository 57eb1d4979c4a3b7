import type { ContractAccess } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { lookupKeys } from './keys.ts';

/** GET /eproto/contracts/access — the contracts the caller can pick (filters and forms). */
export function getContractAccess(): Promise<ContractAccess> {
  return api.get<ContractAccess>('/eproto/contracts/access');
}

export function useContractAccess() {
  return useQuery({
    queryKey: lookupKeys.contractAccess,
    queryFn: getContractAccess,
    staleTime: 5 * 60_000,
  });
}
