import { contractAccessQuery } from '../../components/pickers/contract-access.ts';
import { boardQuery } from '../../features/demands/api/get-board.ts';
import { boardCountsQuery } from '../../features/demands/api/get-board-counts.ts';
import { getBoardMurals } from '../../features/demands/api/get-board-murals.ts';
import { getBoards } from '../../features/demands/api/get-boards.ts';
import { boardKeys, muralKeys } from '../../features/demands/api/keys.ts';
import { readLastBoard } from '../../features/demands/utils/last-board.ts';
import { queryClient } from '../../lib/query-client.ts';

/**
 * Starts every query /eproto/quadros opens with while the page's code is still downloading,
 * side by side: the cards of the board it will show (the one in the URL, else the last one
 * opened here), that board and its cards' counters (asked by board, so they need not wait for
 * the cards), then the board list and the contracts of the filters. The page's hooks find them
 * in the cache instead of asking one after the other once rendered. The board's own calls go
 * first: the browser runs six at a time. A board the person no longer sees only costs an
 * empty answer (a 404 for the board alone).
 */
export function prefetch(search: URLSearchParams): void {
  const fromUrl = Number(search.get('quadro'));
  const boardId = Number.isInteger(fromUrl) && fromUrl > 0 ? fromUrl : readLastBoard();
  if (boardId !== null) {
    void queryClient.prefetchQuery({
      queryKey: muralKeys.board(boardId),
      queryFn: ({ signal }) => getBoardMurals(boardId, signal),
    });
    void queryClient.prefetchQuery(boardQuery(boardId));
    void queryClient.prefetchQuery(boardCountsQuery(boardId));
  }
  void queryClient.prefetchQuery({ queryKey: boardKeys.list, queryFn: getBoards });
  void queryClient.prefetchQuery(contractAccessQuery);
}
