import type { Recurrence } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { recurrenceKeys } from './keys.ts';

/** GET /eproto/recurrence/bases?board_id= — the recurring series of a board (or all). */
export function getRecurrenceBases(
  boardId: number | null,
  signal?: AbortSignal,
): Promise<Recurrence[]> {
  return api.get<Recurrence[]>('/eproto/recurrence/bases', {
    params: { board_id: boardId ?? undefined },
    signal,
  });
}

export function useRecurrenceBases(boardId: number | null, enabled = true) {
  return useQuery({
    queryKey: recurrenceKeys.bases(boardId),
    queryFn: ({ signal }) => getRecurrenceBases(boardId, signal),
    enabled,
  });
}
