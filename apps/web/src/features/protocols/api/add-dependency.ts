import { countOf } from '@eproto/domain';
import type { DependencyCreateBody, DependencyCreateResponse } from '@eproto/domain';
import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastSuccess } from '../../../lib/toast.ts';

/** POST /eproto/tasks/{id}/dependencies {predecessor_id, lag_days} */
export function addDependency(id: number, body: DependencyCreateBody) {
  return api.post<DependencyCreateResponse>(`/eproto/tasks/${id}/dependencies`, body);
}

/** Success text, naming the tasks the new link pushed. */
export function addedMessage(result: DependencyCreateResponse): string {
  const moved = result.cascaded.length;
  const base = `Agora depende de "${result.predecessor.titulo}".`;
  return moved === 0
    ? base
    : `${base} ${countOf(moved, 'tarefa foi adiada', 'tarefas foram adiadas')} para respeitar o intervalo.`;
}

/**
 * Errors (cycle, self-link) stay with the form, which shows them under the field. The links of
 * both tasks and the tasks pushed are refreshed by the write's X-Changes ('protocol.changed'
 * for each), not here.
 */
export function useAddDependency(id: number) {
  return useMutation({
    mutationFn: (body: DependencyCreateBody) => addDependency(id, body),
    onSuccess: (result) => toastSuccess(addedMessage(result)),
  });
}
