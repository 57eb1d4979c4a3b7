import type { CalendarItem } from '@eproto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { planningKeys, type CalendarParams } from './keys.ts';

/** GET /eproto/calendar?start&end[&type] — visible demands and tasks touching the range. */
export function getCalendar(query: CalendarParams): Promise<CalendarItem[]> {
  return api.get<CalendarItem[]>('/eproto/calendar', { params: { ...query } });
}

export function useCalendar(query: CalendarParams | null) {
  return useQuery({
    queryKey: planningKeys.calendarRange(query ?? { start: '', end: '' }),
    queryFn: () => getCalendar(query!),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}
