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

/**
 * Saves the task form. The answer is the task page; what else the save touched (the task and
 * the successors it pushed, in every list, calendar and Gantt) is the write's X-Changes', one
 * owner for every tab (lib/changes/change-effects.ts and the patches): nothing invalidated here.
 */
export function useUpdateProtocol(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProtocolUpdateBody) => updateProtocol(id, body),
    onSuccess: (result) => {
      const { cascaded: _c, ...task } = result;
      queryClient.setQueryData(protocolKeys.detail(id), task);
      toastSuccess(savedMessage(result));
    },
    onError: (error) => toastError(error.message),
  });
}
