import type { CalendarItem } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { planningKeys } from './keys.ts';

/** GET /eproto/murals/{id}/calendar — the demand and its dated tasks. */
export function getMuralCalendar(id: number): Promise<CalendarItem[]> {
  return api.get<CalendarItem[]>(`/eproto/murals/${id}/calendar`);
}

export function useMuralCalendar(id: number) {
  return useQuery({
    queryKey: planningKeys.muralCalendar(id),
    queryFn: () => getMuralCalendar(id),
    enabled: id > 0,
  });
}
