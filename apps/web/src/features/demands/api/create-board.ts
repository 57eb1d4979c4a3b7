import type { Board, BoardCreateBody } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { boardKeys } from './keys.ts';

/** POST /eproto/boards {nome, descricao, contract_id, cor, participants} */
export function createBoard(body: BoardCreateBody): Promise<Board> {
  return api.post<Board>('/eproto/boards', body);
}

export function useCreateBoard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBoard,
    onSuccess: (board) => toastSuccess(`Quadro "${board.nome}" criado.`),
    onError: (error) => toastError(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: boardKeys.all }),
  });
}
