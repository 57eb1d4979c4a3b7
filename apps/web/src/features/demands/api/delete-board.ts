import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { boardKeys } from './keys.ts';

/** DELETE /eproto/boards/{id} */
export function deleteBoard(id: number): Promise<{ ok: true }> {
  return api.delete<{ ok: true }>(`/eproto/boards/${id}`);
}

export function useDeleteBoard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteBoard,
    onSuccess: () => toastSuccess('Quadro excluído.'),
    onError: (error) => toastError(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: boardKeys.all }),
  });
}
