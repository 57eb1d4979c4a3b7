import type { FinanceCounter } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { isApiStatus } from '../../../lib/api-error.ts';
import { financeKeys } from './keys.ts';

/**
 * GET /eproto/financeiro/contador — counters per finance state. A 403 (not finance/CFO) is an
 * empty list (SPEC.md §6).
 */
export async function getFinanceCounters(signal?: AbortSignal): Promise<FinanceCounter[]> {
  try {
    return await api.get<FinanceCounter[]>('/eproto/financeiro/contador', { signal });
  } catch (error) {
    if (isApiStatus(error, 403)) return [];
    throw error;
  }
}

export function useFinanceCounters(enabled = true) {
  return useQuery({
    queryKey: financeKeys.counters,
    queryFn: ({ signal }) => getFinanceCounters(signal),
    enabled,
  });
}
