import type { WorkItemHistory } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { threadKeys, threadPath, type WorkItemRef } from '../work-item-ref.ts';
import { firstHistoryPage } from './get-thread-history.ts';

/** POST {base}/{id}/history {texto} — a note; answers the history's first page. */
export function addThreadNote(item: WorkItemRef, texto: string) {
  return api.post<WorkItemHistory[]>(threadPath(item, 'history'), { texto });
}

export function useAddThreadNote(item: WorkItemRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (texto: string) => addThreadNote(item, texto),
    onSuccess: (history) => {
      queryClient.setQueryData(threadKeys.part(item, 'history'), firstHistoryPage(history));
      toastSuccess('Anotação registrada no histórico.');
    },
    onError: (error) => toastError(error.message),
  });
}
