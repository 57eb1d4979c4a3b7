import type { ProtocolHistory } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { protocolKeys } from './keys.ts';

/** POST /eproto/protocols/{id}/history {texto} — answers the whole history. */
export function addProtocolNote(id: number, texto: string) {
  return api.post<ProtocolHistory[]>(`/eproto/protocols/${id}/history`, { texto });
}

export function useAddProtocolNote(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (texto: string) => addProtocolNote(id, texto),
    onSuccess: (history) => {
      queryClient.setQueryData(protocolKeys.history(id), history);
      toastSuccess('Anotação registrada.');
    },
    onError: (error) => toastError(error.message),
  });
}
