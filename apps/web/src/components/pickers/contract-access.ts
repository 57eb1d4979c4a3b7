import type { ContractAccess } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../lib/api-client.ts';
import { PICKER_KEYS, PICKER_STALE } from './keys.ts';

/**
 * GET /eproto/contracts/access — whether the caller sees every contract and the contracts they
 * can pick (the office filters and forms: demands, boards, tasks, reviews, days off, load), in
 * one cache entry that the contracts' change events refresh. Also what /eproto/quadros
 * prefetches (app/pages/boards-page-prefetch.ts).
 */
export const contractAccessQuery = {
  queryKey: PICKER_KEYS.contractAccess,
  queryFn: () => api.get<ContractAccess>('/eproto/contracts/access'),
  staleTime: PICKER_STALE,
};

export function useContractAccess() {
  return useQuery(contractAccessQuery);
}
