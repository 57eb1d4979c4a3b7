import type { UserContract } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { contractKeys } from './keys.ts';

/** GET /eproto/user-contracts?contract_id= — who is linked to a contract. */
export function getContractLinks(contractId: number): Promise<UserContract[]> {
  return api.get<UserContract[]>('/eproto/user-contracts', {
    params: { contract_id: contractId },
  });
}

export function useContractLinks(contractId: number | null) {
  return useQuery({
    queryKey: contractKeys.links(contractId ?? 0),
    queryFn: () => getContractLinks(contractId ?? 0),
    enabled: contractId !== null,
  });
}
