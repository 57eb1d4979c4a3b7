import type { FinanceStatus } from '@eproto/domain';

/** The finance list's filters and page as the web sends them. */
export interface FinanceQuery {
  page: number;
  perPage: number;
  q?: string | undefined;
  status?: FinanceStatus[] | undefined;
}

/**
 * Query keys of the finance area. They start with 'finance': the push channel refetches that
 * prefix on 'finance.changed' and on any demand change (app/realtime).
 */
export const financeKeys = {
  all: ['finance'] as const,
  lists: ['finance', 'list'] as const,
  list: (query: FinanceQuery) => ['finance', 'list', query] as const,
  counters: ['finance', 'contador'] as const,
  item: (id: number) => ['finance', 'item', id] as const,
};

/** Demand caches another area shows (refetched after a finance step; never imported). */
export const MURAL_KEYS = [['murals']] as const;
