import type { MuralSummary } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { contractKeys } from './keys.ts';

/** The contract's open demands by nearest due date (first 8), for the expanded card. */
export function getContractMurals(contractId: number): Promise<MuralSummary[]> {
  return api.get<MuralSummary[]>('/eproto/murals/summary', {
    params: {
      contract_id: contractId,
      stage: 'a_fazer,em_andamento,em_revisao',
      sort: 'fim_previsto',
      perPage: 8,
    },
    cache: 'no-cache',
  });
}

export function useContractMurals(contractId: number, enabled: boolean) {
  return useQuery({
    queryKey: contractKeys.murals(contractId),
    queryFn: () => getContractMurals(contractId),
    enabled,
  });
}
