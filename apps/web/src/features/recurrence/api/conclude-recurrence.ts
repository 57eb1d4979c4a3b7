import type { Recurrence } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { refreshAfterRecurrence } from './invalidate.ts';

export type ConcludeRecurrenceInput = { seriesId: number } | { muralId: number };

/**
 * PATCH /eproto/recurrence/{id}/conclude, or PATCH /eproto/recurrence/mural/{id}/conclude from a
 * demand page: no new instances after the current one.
 */
export function concludeRecurrence(input: ConcludeRecurrenceInput): Promise<Recurrence> {
  return 'seriesId' in input
    ? api.patch<Recurrence>(`/eproto/recurrence/${input.seriesId}/conclude`)
    : api.patch<Recurrence>(`/eproto/recurrence/mural/${input.muralId}/conclude`);
}

export function useConcludeRecurrence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: concludeRecurrence,
    onSuccess: async () => {
      toastSuccess('Recorrência encerrada. As demandas já criadas continuam.');
      await refreshAfterRecurrence(queryClient);
    },
    onError: (error) => toastError(`Não foi possível encerrar a recorrência. ${error.message}`),
  });
}
