import type { MuralHistory } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { muralKeys } from './keys.ts';

/** POST /eproto/murals/{id}/history {texto} — a note in the history; answers the new history. */
export function addMuralNote({ id, texto }: { id: number; texto: string }) {
  return api.post<MuralHistory[]>(`/eproto/murals/${id}/history`, { texto });
}

export function useAddMuralNote(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMuralNote,
    onSuccess: (history) => {
      queryClient.setQueryData(muralKeys.history(id), history);
      toastSuccess('Anotação registrada no histórico.');
    },
    onError: (error) => toastError(error.message),
  });
}
