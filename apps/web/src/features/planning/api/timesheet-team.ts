import type { TimesheetTeam } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { timesheetKeys } from './timesheet-week.ts';

/** GET /eproto/horas/equipe — the approver's people, their week's total and status. */
export function getTimesheetTeam(semana: string): Promise<TimesheetTeam> {
  return api.get<TimesheetTeam>('/eproto/horas/equipe', { params: { semana } });
}

export function useTimesheetTeam(semana: string, enabled: boolean) {
  return useQuery({
    queryKey: timesheetKeys.team(semana),
    queryFn: () => getTimesheetTeam(semana),
    enabled,
  });
}
