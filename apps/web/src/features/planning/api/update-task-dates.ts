import type { ProtocolUpdateResponse } from '@eproto/domain';
import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';

export interface PlannedDates {
  inicio_previsto: string;
  fim_previsto: string;
}

/** PATCH /eproto/protocols/{id} {inicio_previsto, fim_previsto} — the server cascades successors. */
export function updateTaskDates({
  id,
  dates,
}: {
  id: number;
  dates: PlannedDates;
}): Promise<ProtocolUpdateResponse> {
  return api.patch<ProtocolUpdateResponse>(`/eproto/protocols/${id}`, dates);
}

/** What the toast says after a move: the task and how many successors followed. */
export function movedMessage(cascaded: number): string {
  if (cascaded === 0) return 'Datas da tarefa atualizadas.';
  if (cascaded === 1) return 'Datas atualizadas; 1 tarefa sucessora foi ajustada.';
  return `Datas atualizadas; ${cascaded} tarefas sucessoras foram ajustadas.`;
}

/**
 * Saves a bar moved in the Gantt or an event dropped in the calendar. Both views show the new
 * place at once; on failure `onRollback` puts it back and the toast says why. The write
 * invalidates nothing itself: its answer's X-Changes ('protocol.changed' for the task and the
 * successors it cascaded) patch the calendar and team Gantt and refresh the rest through the
 * change map (lib/changes/change-effects.ts), as in every other tab.
 */
export function useUpdateTaskDates(onRollback?: (id: number) => void) {
  return useMutation({
    mutationFn: updateTaskDates,
    onSuccess: (res) => toastSuccess(movedMessage(res.cascaded.length)),
    onError: (error, { id }) => {
      onRollback?.(id);
      toastError(error.message);
    },
  });
}
