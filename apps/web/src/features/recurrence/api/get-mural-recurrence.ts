import type { Recurrence } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { isApiStatus } from '../../../lib/api-error.ts';
import { recurrenceKeys } from './keys.ts';

/** GET /eproto/recurrence/mural/{id} — the demand's series; a 404 means none (null). */
export async function getMuralRecurrence(
  muralId: number,
  signal?: AbortSignal,
): Promise<Recurrence | null> {
  try {
    return await api.get<Recurrence>(`/eproto/recurrence/mural/${muralId}`, { signal });
  } catch (error) {
    if (isApiStatus(error, 404)) return null;
    throw error;
  }
}

export function useMuralRecurrence(muralId: number, enabled = true) {
  return useQuery({
    queryKey: recurrenceKeys.byMural(muralId),
    queryFn: ({ signal }) => getMuralRecurrence(muralId, signal),
    enabled,
  });
}
