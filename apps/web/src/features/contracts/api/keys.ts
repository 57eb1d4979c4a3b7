import type { ContractStatus } from '@eproto/domain';

/**
 * Query keys of the contracts area ('contracts' is refetched on contracts.* push events and on
 * demand events, whose counters the list shows).
 */
export const contractKeys = {
  all: ['contracts'] as const,
  list: (q: string, status: ContractStatus | null) => ['contracts', 'list', q, status] as const,
  lists: ['contracts', 'list'] as const,
  /** The /contracts screen's pages (not patched by the change feed: read again instead). */
  pages: (q: string, status: ContractStatus | null) => ['contracts', 'pages', q, status] as const,
  links: (contractId: number) => ['contracts', 'links', contractId] as const,
  murals: (contractId: number) => ['murals', 'contract-demands', contractId] as const,
  cost: (contractId: number) => ['contracts', 'cost', contractId] as const,
  costList: (q: string, status: ContractStatus | null, page: number) =>
    ['contracts', 'cost-list', q, status, page] as const,
  rates: ['contracts', 'cost-rates'] as const,
};
