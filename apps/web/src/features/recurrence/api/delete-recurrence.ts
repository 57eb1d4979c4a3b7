import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { refreshAfterRecurrence } from './invalidate.ts';

/** DELETE /eproto/recurrence/{id} — the series goes; demands already created remain. */
export function deleteRecurrence(id: number): Promise<null> {
  return api.delete<null>(`/eproto/recurrence/${id}`);
}

export function useDeleteRecurrence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecurrence,
    onSuccess: async () => {
      toastSuccess('Recorrência excluída. As demandas já criadas foram mantidas.');
      await refreshAfterRecurrence(queryClient);
    },
    onError: (error) => toastError(`Não foi possível excluir a recorrência. ${error.message}`),
  });
}
