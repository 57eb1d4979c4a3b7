import type { FinanceItem } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { financeKeys } from './keys.ts';

/** GET /eproto/financeiro/murals/{id} — a demand's finance trail and what the caller may do. */
export function getFinanceItem(id: number, signal?: AbortSignal): Promise<FinanceItem> {
  return api.get<FinanceItem>(`/eproto/financeiro/murals/${id}`, { signal });
}

export function useFinanceItem(id: number, enabled = true) {
  return useQuery({
    queryKey: financeKeys.item(id),
    queryFn: ({ signal }) => getFinanceItem(id, signal),
    enabled,
  });
}
