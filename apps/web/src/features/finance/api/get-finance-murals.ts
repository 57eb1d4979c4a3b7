import type { FinanceItem } from '@eproto/domain';
import { TOTAL_COUNT_HEADER } from '@eproto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import type { QueryParams } from '../../../lib/api-client.ts';
import { requestWithHeaders } from '../../../lib/api-client.ts';
import type { FinanceQuery } from './keys.ts';
import { financeKeys } from './keys.ts';

export interface FinancePage {
  items: FinanceItem[];
  total: number;
}

/** GET /eproto/financeiro/murals — demands sent to finance (finance/CFO only), one page. */
export async function getFinanceMurals(
  query: FinanceQuery,
  signal?: AbortSignal,
): Promise<FinancePage> {
  const params: QueryParams = {
    page: query.page,
    perPage: query.perPage,
    q: query.q,
    status: query.status?.join(','),
  };
  const { data, headers } = await requestWithHeaders<FinanceItem[]>(
    'GET',
    '/eproto/financeiro/murals',
    { params, signal },
  );
  return { items: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
}

export function useFinanceMurals(query: FinanceQuery, enabled = true) {
  return useQuery({
    queryKey: financeKeys.list(query),
    queryFn: ({ signal }) => getFinanceMurals(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
