import type { Mural } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import type { PlannedDates } from './update-task-dates.ts';

/** PATCH /eproto/murals/{id} {inicio_previsto, fim_previsto} — a demand dragged in the calendar. */
export function updateMuralDates({ id, dates }: { id: number; dates: PlannedDates }) {
  return api.patch<Mural>(`/eproto/murals/${id}`, dates);
}

export function useUpdateMuralDates(onRollback?: (id: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMuralDates,
    onSuccess: () => toastSuccess('Datas da demanda atualizadas.'),
    onError: (error, { id }) => {
      onRollback?.(id);
      toastError(error.message);
    },
    onSettled: async () => {
      await Promise.all(
        ['calendar', 'gantt', 'murals', 'feed'].map((k) =>
          queryClient.invalidateQueries({ queryKey: [k] }),
        ),
      );
    },
  });
}
