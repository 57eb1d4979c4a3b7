import type { Contract, ContractStatus } from '@eproto/domain';
import { CONTRACTS_PAGE_SIZE, TOTAL_COUNT_HEADER } from '@eproto/domain';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';

import { api, requestWithHeaders } from '../../../lib/api-client.ts';
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

/** One page of the /contracts screen's list and how many contracts it has in all. */
interface ContractPage {
  items: Contract[];
  total: number;
}

/** GET /eproto/contracts?q=&status=&page=&perPage= — one page of the contracts, by name. */
async function getContractPage(
  q: string,
  status: ContractStatus | null,
  page: number,
  signal?: AbortSignal,
): Promise<ContractPage> {
  const { data, headers } = await requestWithHeaders<Contract[]>('GET', '/eproto/contracts', {
    params: { q, status, page, perPage: CONTRACTS_PAGE_SIZE },
    signal,
  });
  return { items: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
}

/**
 * The /contracts screen's list, CONTRACTS_PAGE_SIZE at a time ("Carregar mais" reads the next
 * page): with hundreds of contracts, drawing them all took seconds (docs/lab-notes.md).
 */
export function useContractPages(q: string, status: ContractStatus | null) {
  return useInfiniteQuery({
    queryKey: contractKeys.pages(q, status),
    queryFn: ({ pageParam, signal }) => getContractPage(q, status, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last, pages) =>
      pages.reduce((n, p) => n + p.items.length, 0) < last.total && last.items.length > 0
        ? pages.length + 1
        : undefined,
    placeholderData: keepPreviousData,
  });
}
