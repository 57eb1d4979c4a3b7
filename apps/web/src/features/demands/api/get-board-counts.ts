import type { MuralCounts } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { muralKeys } from './keys.ts';

/**
 * GET /eproto/murals/counts?board_id= — task, message and attachment counters of every card of
 * a board in one call, asked beside the cards (it needs no ids), so they usually arrive with the
 * cards and the cards render once.
 */
export async function getBoardCounts(boardId: number, signal?: AbortSignal) {
  const rows = await api.get<MuralCounts[]>('/eproto/murals/counts', {
    params: { board_id: boardId },
    signal,
  });
  return new Map(rows.map((c) => [c.id, c]));
}

/** Query of a board's counters (hook and prefetch share it). */
export function boardCountsQuery(boardId: number) {
  return {
    queryKey: muralKeys.boardCounts(boardId),
    queryFn: ({ signal }: { signal?: AbortSignal }) => getBoardCounts(boardId, signal),
  };
}

export function useBoardCounts(boardId: number | null) {
  return useQuery({ ...boardCountsQuery(boardId ?? 0), enabled: boardId !== null });
}
