import type { FinanceItem } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import type { FinancePage } from './get-finance-murals.ts';
import { afterFinanceStep } from './finance-step.ts';
import { financeKeys } from './keys.ts';

/** POST /eproto/financeiro/murals/{id}/done — finance/CFO conclude the item. */
export function markFinanceDone(id: number): Promise<FinanceItem> {
  return api.post<FinanceItem>(`/eproto/financeiro/murals/${id}/done`);
}

/** Concludes at once in the cached lists (optimistic), rolled back with a toast on failure. */
export function useMarkFinanceDone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markFinanceDone,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: financeKeys.lists });
      const snapshot = queryClient.getQueriesData<FinancePage>({ queryKey: financeKeys.lists });
      queryClient.setQueriesData<FinancePage>({ queryKey: financeKeys.lists }, (page) =>
        page
          ? {
              ...page,
              items: page.items.map((i) =>
                i.id === id ? { ...i, finance_status: 'concluido' as const } : i,
              ),
            }
          : page,
      );
      return { snapshot };
    },
    onError: (error, _id, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
      toastError(`Não foi possível concluir. ${error.message}`);
    },
    onSuccess: async (item) => {
      toastSuccess(`"${item.titulo}" foi concluída pelo financeiro.`);
      afterFinanceStep(queryClient, item);
    },
  });
}
