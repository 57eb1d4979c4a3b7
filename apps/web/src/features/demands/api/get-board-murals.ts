import type { MuralSummary } from '@eproto/domain';
import { TOTAL_COUNT_HEADER } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { requestWithHeaders } from '../../../lib/api-client.ts';
import { muralKeys } from './keys.ts';

const PAGE = 1000;

/**
 * Every demand of a board the caller can see, for the kanban: GET /eproto/murals/summary
 * page after page (at most 1000 each) until x-total-count is reached.
 */
export async function getBoardMurals(boardId: number, signal?: AbortSignal) {
  const all: MuralSummary[] = [];
  for (let page = 1; ; page += 1) {
    const { data, headers } = await requestWithHeaders<MuralSummary[]>(
      'GET',
      '/eproto/murals/summary',
      {
        params: { board_id: boardId, perPage: PAGE, page, sort: '-updated_at' },
        cache: 'no-cache',
        signal,
      },
    );
    all.push(...data);
    const total = Number(headers.get(TOTAL_COUNT_HEADER) ?? all.length);
    if (data.length < PAGE || all.length >= total) return all;
  }
}

export function useBoardMurals(boardId: number | null) {
  return useQuery({
    queryKey: muralKeys.board(boardId ?? 0),
    queryFn: ({ signal }) => getBoardMurals(boardId ?? 0, signal),
    enabled: boardId !== null,
  });
}
