import type { Mural, MuralUpdateBody } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { muralKeys } from './keys.ts';

/** PATCH /eproto/murals/{id} — title, description, dates, priority, responsável, board, contract. */
export function updateMural({ id, body }: { id: number; body: MuralUpdateBody }): Promise<Mural> {
  return api.patch<Mural>(`/eproto/murals/${id}`, body);
}

export function useUpdateMural() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMural,
    onSuccess: (mural) => {
      queryClient.setQueryData(muralKeys.detail(mural.id), mural);
      toastSuccess('Demanda atualizada.');
    },
    onError: (error) => toastError(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: muralKeys.all }),
  });
}
