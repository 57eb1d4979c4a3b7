import type { TimesheetApproveBody, TimesheetReopenBody, TimesheetWeek } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { timesheetKeys } from './timesheet-week.ts';

/** POST /eproto/horas/semanas/aprovar */
export function approveWeek(body: TimesheetApproveBody): Promise<TimesheetWeek> {
  return api.post<TimesheetWeek>('/eproto/horas/semanas/aprovar', body);
}

/** POST /eproto/horas/semanas/reabrir (with the reason) */
export function reopenWeek(body: TimesheetReopenBody): Promise<TimesheetWeek> {
  return api.post<TimesheetWeek>('/eproto/horas/semanas/reabrir', body);
}

export function useApproveWeek() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveWeek,
    onSuccess: () => toastSuccess('Semana aprovada.'),
    onError: (error) => toastError(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timesheetKeys.all }),
  });
}

export function useReopenWeek() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reopenWeek,
    onSuccess: () => toastSuccess('Semana reaberta.'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: timesheetKeys.all }),
  });
}
