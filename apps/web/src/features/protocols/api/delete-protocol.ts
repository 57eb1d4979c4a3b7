import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { protocolKeys } from './keys.ts';

/** DELETE /eproto/protocols/{id} */
export function deleteProtocol(id: number): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/eproto/protocols/${id}`);
}

export function useDeleteProtocol() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProtocol,
    onSuccess: async (_r, id) => {
      toastSuccess('Tarefa excluída.');
      queryClient.removeQueries({ queryKey: protocolKeys.detail(id) });
      await queryClient.invalidateQueries({ queryKey: protocolKeys.lists });
    },
    onError: (error) => toastError(error.message),
  });
}
