import type { TimesheetEntryBody, TimesheetWeek } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { timesheetKeys } from './timesheet-week.ts';

/** POST /eproto/horas/lancamentos — answers the week of the entry. */
export function addTimesheetEntry(body: TimesheetEntryBody): Promise<TimesheetWeek> {
  return api.post<TimesheetWeek>('/eproto/horas/lancamentos', body);
}

/** DELETE /eproto/horas/lancamentos/{id} */
export function removeTimesheetEntry(id: number): Promise<TimesheetWeek> {
  return api.delete<TimesheetWeek>(`/eproto/horas/lancamentos/${id}`);
}

/** Adds a manual entry; the caller shows a refusal under its field. */
export function useAddTimesheetEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTimesheetEntry,
    onSuccess: () => toastSuccess('Horas lançadas.'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timesheetKeys.all }),
  });
}

export function useRemoveTimesheetEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTimesheetEntry,
    onSuccess: () => toastSuccess('Lançamento excluído.'),
    onError: (error) => toastError(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timesheetKeys.all }),
  });
}
