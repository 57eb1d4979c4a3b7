import type { MuralTask, MuralTaskUpdateBody } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError } from '../../../lib/toast.ts';
import { muralKeys } from './keys.ts';

export interface UpdateTaskInput {
  muralId: number;
  taskId: number;
  body: MuralTaskUpdateBody;
}

/** PATCH /eproto/murals/{id}/tasks/{taskId} — quick edits (stage, responsável, ...). */
export function updateMuralTask({ muralId, taskId, body }: UpdateTaskInput): Promise<MuralTask> {
  return api.patch<MuralTask>(`/eproto/murals/${muralId}/tasks/${taskId}`, body);
}

/**
 * Optimistic inline edit of a task row, rolled back with a toast on failure; the answer's row
 * (its new version) is patched in. What else goes stale (the demand's page and history, the
 * task lists) is the write's changes' (X-Changes), read by lib/changes; the tab that holds
 * the answer's version asks nothing more.
 */
export function useUpdateMuralTask(muralId: number) {
  const queryClient = useQueryClient();
  const key = muralKeys.tasks(muralId);
  return useMutation({
    mutationFn: updateMuralTask,
    onMutate: async ({ taskId, body }) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData<MuralTask[]>(key);
      const { stage, prioridade, titulo } = body;
      queryClient.setQueryData<MuralTask[]>(key, (list) =>
        list?.map((t) =>
          t.id === taskId
            ? {
                ...t,
                ...(stage && { stage }),
                ...(prioridade && { prioridade }),
                ...(titulo && { titulo }),
                ...(body.responsavel_id !== undefined && {
                  responsavel_id: body.responsavel_id === null ? null : Number(body.responsavel_id),
                }),
              }
            : t,
        ),
      );
      return { previous };
    },
    onError: (error, _input, context) => {
      queryClient.setQueryData(key, context?.previous);
      toastError(`Não foi possível alterar a tarefa. ${error.message}`);
    },
    onSuccess: (task) => {
      queryClient.setQueryData<MuralTask[]>(key, (list) =>
        list?.map((t) => (t.id === task.id ? task : t)),
      );
    },
  });
}
