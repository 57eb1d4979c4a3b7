import type { TimesheetWeek } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

/** Query keys of the "Horas" tab; every timesheet write invalidates `timesheetKeys.all`. */
export const timesheetKeys = {
  all: ['horas'] as const,
  week: (semana: string, userId: number | null) => ['horas', 'semana', semana, userId] as const,
  team: (semana: string) => ['horas', 'equipe', semana] as const,
  options: ['horas', 'opcoes'] as const,
};

/** GET /eproto/horas/semana — a person's week (the caller's when userId is null). */
export function getTimesheetWeek(semana: string, userId: number | null): Promise<TimesheetWeek> {
  return api.get<TimesheetWeek>('/eproto/horas/semana', { params: { semana, user_id: userId } });
}

export function useTimesheetWeek(semana: string, userId: number | null) {
  return useQuery({
    queryKey: timesheetKeys.week(semana, userId),
    queryFn: () => getTimesheetWeek(semana, userId),
  });
}
