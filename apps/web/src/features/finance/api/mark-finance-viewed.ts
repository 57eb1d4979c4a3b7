import type { FinanceItem } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError } from '../../../lib/toast.ts';
import { afterFinanceStep } from './finance-step.ts';

/** POST /eproto/financeiro/murals/{id}/view — opening an item marks it viewed (finance/CFO). */
export function markFinanceViewed(id: number): Promise<FinanceItem> {
  return api.post<FinanceItem>(`/eproto/financeiro/murals/${id}/view`);
}

export function useMarkFinanceViewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markFinanceViewed,
    onSuccess: (item) => afterFinanceStep(queryClient, item),
    onError: (error) => toastError(`Não foi possível marcar como visualizada. ${error.message}`),
  });
}
