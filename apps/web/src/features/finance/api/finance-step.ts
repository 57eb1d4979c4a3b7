import type { FinanceItem } from '@eproto/domain';
import type { QueryClient } from '@tanstack/react-query';

import { financeKeys, MURAL_KEYS } from './keys.ts';

/** After a finance step: keep the answer for the item, refetch lists, counters and demands. */
export async function afterFinanceStep(queryClient: QueryClient, item: FinanceItem) {
  queryClient.setQueryData(financeKeys.item(item.id), item);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: financeKeys.lists }),
    queryClient.invalidateQueries({ queryKey: financeKeys.counters }),
    ...MURAL_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ]);
}
