import { getBoardMurals } from '../../features/demands/api/get-board-murals.ts';
import { muralKeys } from '../../features/demands/api/keys.ts';
import { readLastBoard } from '../../features/demands/utils/last-board.ts';
import { queryClient } from '../../lib/query-client.ts';

/**
 * Starts loading the cards of the board /eproto/quadros will open (the one in the URL, else the
 * last one opened here) while the page's code is still downloading; the page's useBoardMurals
 * then finds them in the cache. A board the person no longer sees only costs an empty answer.
 */
export function prefetch(search: URLSearchParams): void {
  const fromUrl = Number(search.get('quadro'));
  const boardId = Number.isInteger(fromUrl) && fromUrl > 0 ? fromUrl : readLastBoard();
  if (boardId === null) return;
  void queryClient.prefetchQuery({
    queryKey: muralKeys.board(boardId),
    queryFn: ({ signal }) => getBoardMurals(boardId, signal),
  });
}
