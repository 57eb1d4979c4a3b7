import type { TimesheetOptions } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { timesheetKeys } from './timesheet-week.ts';

/** GET /eproto/horas/opcoes — contracts, open tasks and recent OSs the caller may put hours on. */
export function getTimesheetOptions(): Promise<TimesheetOptions> {
  return api.get<TimesheetOptions>('/eproto/horas/opcoes');
}

export function useTimesheetOptions() {
  return useQuery({
    queryKey: timesheetKeys.options,
    queryFn: getTimesheetOptions,
    staleTime: 60_000,
  });
}
