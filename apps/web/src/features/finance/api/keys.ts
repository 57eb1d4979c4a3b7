import type { FinanceStatus } from '@eproto/domain';

/** The finance list's filters and page as the web sends them. */
export interface FinanceQuery {
  page: number;
  perPage: number;
  q?: string | undefined;
  status?: FinanceStatus[] | undefined;
}

/**
 * Query keys of the finance area. They start with 'finance': a demand's change and
 * 'finance.changed' patch the list and its counters (get-finance-changes.ts) and read the
 * demand's finance page again (lib/changes/change-effects.ts).
 */
export const financeKeys = {
  all: ['finance'] as const,
  lists: ['finance', 'list'] as const,
  list: (query: FinanceQuery) => ['finance', 'list', query] as const,
  counters: ['finance', 'contador'] as const,
  item: (id: number) => ['finance', 'item', id] as const,
};
