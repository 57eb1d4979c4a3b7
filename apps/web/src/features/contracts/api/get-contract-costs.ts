import type { ContractCostList, ContractStatus } from '@eproto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { contractKeys } from './keys.ts';

/** Contracts per page of the cost list. */
export const COST_LIST_PAGE = 20;

/**
 * GET /eproto/custos/contratos — the contracts in the caller's scope with budget and actual
 * cost (permission contracts.cost), one page.
 */
export function getContractCosts(
  q: string,
  status: ContractStatus | null,
  page: number,
): Promise<ContractCostList> {
  return api.get<ContractCostList>('/eproto/custos/contratos', {
    params: { q: q || undefined, status: status ?? undefined, page, perPage: COST_LIST_PAGE },
  });
}

export function useContractCosts(q: string, status: ContractStatus | null, page: number) {
  return useQuery({
    queryKey: contractKeys.costList(q, status, page),
    queryFn: () => getContractCosts(q, status, page),
    placeholderData: keepPreviousData,
  });
}
