import type { MuralSummary } from '@eproto/domain';
import { TOTAL_COUNT_HEADER } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { requestWithHeaders } from '../../../lib/api-client.ts';
import { muralKeys } from './keys.ts';

const PAGE = 1000;

/**
 * Every demand of a board the caller can see, for the kanban: GET /eproto/murals/summary in
 * pages of 1000. The first page tells the total (x-total-count); the other pages are then asked
 * all at once (a board of 5,000 waits for two answers in a row, not five). A demand that moved
 * between two pages while they were read is kept once.
 */
export async function getBoardMurals(boardId: number, signal?: AbortSignal) {
  const page = (n: number) =>
    requestWithHeaders<MuralSummary[]>('GET', '/eproto/murals/summary', {
      params: { board_id: boardId, perPage: PAGE, page: n, sort: '-updated_at' },
      cache: 'no-cache',
      signal,
    });
  const first = await page(1);
  const total = Number(first.headers.get(TOTAL_COUNT_HEADER) ?? first.data.length);
  if (first.data.length < PAGE || first.data.length >= total) return first.data;
  const pages = Math.ceil(total / PAGE);
  const rest = await Promise.all(Array.from({ length: pages - 1 }, (_, i) => page(i + 2)));
  const seen = new Set<number>();
  return [first, ...rest]
    .flatMap((p) => p.data)
    .filter((m) => !seen.has(m.id) && Boolean(seen.add(m.id)));
}

export function useBoardMurals(boardId: number | null) {
  return useQuery({
    queryKey: muralKeys.board(boardId ?? 0),
    queryFn: ({ signal }) => getBoardMurals(boardId ?? 0, signal),
    enabled: boardId !== null,
  });
}
