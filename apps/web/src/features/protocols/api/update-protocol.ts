import type { ProtocolUpdateBody, ProtocolUpdateResponse } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { protocolKeys } from './keys.ts';

/** PATCH /eproto/protocols/{id} — the answer lists the successors the new dates pushed. */
export function updateProtocol(id: number, body: ProtocolUpdateBody) {
  return api.patch<ProtocolUpdateResponse>(`/eproto/protocols/${id}`, body);
}

/** "Tarefa salva." plus how many successors moved (cascade). */
export function savedMessage(result: ProtocolUpdateResponse): string {
  const n = result.cascaded.length;
  if (n === 0) return 'Tarefa salva.';
  return n === 1
    ? `Tarefa salva. "${result.cascaded[0]!.titulo}" foi adiada para respeitar a dependência.`
    : `Tarefa salva. ${n} tarefas dependentes foram adiadas.`;
}

export function useUpdateProtocol(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProtocolUpdateBody) => updateProtocol(id, body),
    onSuccess: async (result) => {
      const { cascaded: _c, ...task } = result;
      queryClient.setQueryData(protocolKeys.detail(id), task);
      toastSuccess(savedMessage(result));
      await queryClient.invalidateQueries({ queryKey: protocolKeys.all });
    },
    onError: (error) => toastError(error.message),
  });
}
