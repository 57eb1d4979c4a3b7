import type { Board, BoardUpdateBody } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError } from '../../../lib/toast.ts';
import { boardKeys, muralKeys } from './keys.ts';

/** PATCH /eproto/boards/{id} */
export function updateBoard({ id, body }: { id: number; body: BoardUpdateBody }): Promise<Board> {
  return api.patch<Board>(`/eproto/boards/${id}`, body);
}

/** The caller toasts success once, after the participants are saved too. */
export function useUpdateBoard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBoard,
    onError: (error) => toastError(error.message),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: boardKeys.all });
      await queryClient.invalidateQueries({ queryKey: muralKeys.boardLists });
    },
  });
}
