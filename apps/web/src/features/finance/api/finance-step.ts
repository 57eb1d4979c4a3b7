import type { FinanceItem } from '@eproto/domain';
import type { QueryClient } from '@tanstack/react-query';

import { financeKeys } from './keys.ts';

/**
 * After a finance step: keep the answer for the item. Nothing is read again here: the step's
 * 'mural.changed' and 'finance.changed' (from the answer's X-Changes in this tab, the push
 * stream in the others) patch the boards, the demand lists, the finance list and its counters
 * (get-finance-changes.ts).
 */
export function afterFinanceStep(queryClient: QueryClient, item: FinanceItem) {
  queryClient.setQueryData(financeKeys.item(item.id), item);
}
