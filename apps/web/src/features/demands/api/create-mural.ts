import type { Mural, MuralCreateBody } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { boardKeys, muralKeys } from './keys.ts';

/** POST /eproto/murals */
export function createMural(body: MuralCreateBody): Promise<Mural> {
  return api.post<Mural>('/eproto/murals', body);
}

export function useCreateMural() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMural,
    onSuccess: (mural) => {
      queryClient.setQueryData(muralKeys.detail(mural.id), mural);
      toastSuccess(`Demanda "${mural.titulo}" criada.`);
    },
    onError: (error) => toastError(error.message),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: muralKeys.all });
      await queryClient.invalidateQueries({ queryKey: boardKeys.list });
    },
  });
}
