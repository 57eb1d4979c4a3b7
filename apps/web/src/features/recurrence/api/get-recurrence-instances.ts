import type { RecurrenceInstance } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { recurrenceKeys } from './keys.ts';

/** GET /eproto/recurrence/{id}/instances — the series' demands, oldest first. */
export function getRecurrenceInstances(
  id: number,
  signal?: AbortSignal,
): Promise<RecurrenceInstance[]> {
  return api.get<RecurrenceInstance[]>(`/eproto/recurrence/${id}/instances`, { signal });
}

export function useRecurrenceInstances(id: number, enabled = true) {
  return useQuery({
    queryKey: recurrenceKeys.instances(id),
    queryFn: ({ signal }) => getRecurrenceInstances(id, signal),
    enabled,
  });
}
