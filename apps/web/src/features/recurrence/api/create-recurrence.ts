import type { Recurrence, RecurrenceCreateBody } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { refreshAfterRecurrence } from './invalidate.ts';
import { recurrenceKeys } from './keys.ts';

/** POST /eproto/recurrence — makes a demand the first instance of a series. */
export type CreateRecurrenceInput = RecurrenceCreateBody & { mural_id: number };

export function createRecurrence(body: CreateRecurrenceInput): Promise<Recurrence> {
  return api.post<Recurrence>('/eproto/recurrence', body);
}

export function useCreateRecurrence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRecurrence,
    onSuccess: async (series, body) => {
      queryClient.setQueryData(recurrenceKeys.byMural(body.mural_id), series);
      toastSuccess('Recorrência criada.');
      await refreshAfterRecurrence(queryClient);
    },
    onError: (error) => toastError(`Não foi possível criar a recorrência. ${error.message}`),
  });
}
