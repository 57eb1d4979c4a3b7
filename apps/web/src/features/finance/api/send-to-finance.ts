import type { FinanceItem } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { afterFinanceStep } from './finance-step.ts';

export interface SendToFinanceInput {
  id: number;
  observacao?: string;
}

/** POST /eproto/financeiro/murals/{id}/send {observacao?} */
export function sendToFinance({ id, observacao }: SendToFinanceInput): Promise<FinanceItem> {
  return api.post<FinanceItem>(`/eproto/financeiro/murals/${id}/send`, {
    ...(observacao?.trim() ? { observacao: observacao.trim() } : {}),
  });
}

export function useSendToFinance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendToFinance,
    onSuccess: async (item) => {
      toastSuccess(`"${item.titulo}" foi enviada ao financeiro.`);
      afterFinanceStep(queryClient, item);
    },
    onError: (error) => toastError(error.message),
  });
}
