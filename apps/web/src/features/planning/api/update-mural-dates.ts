import type { Mural } from '@eproto/domain';
import { useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import type { PlannedDates } from './update-task-dates.ts';

/** PATCH /eproto/murals/{id} {inicio_previsto, fim_previsto} — a demand dragged in the calendar. */
export function updateMuralDates({ id, dates }: { id: number; dates: PlannedDates }) {
  return api.patch<Mural>(`/eproto/murals/${id}`, dates);
}

/**
 * Saves a demand dropped in the calendar; on failure `onRollback` puts it back. Invalidates
 * nothing itself: the answer's X-Changes ('mural.changed') patch the calendar and refresh the
 * rest through the change map, as in every other tab.
 */
export function useUpdateMuralDates(onRollback?: (id: number) => void) {
  return useMutation({
    mutationFn: updateMuralDates,
    onSuccess: () => toastSuccess('Datas da demanda atualizadas.'),
    onError: (error, { id }) => {
      onRollback?.(id);
      toastError(error.message);
    },
  });
}
