import { getBoardMurals } from '../../features/demands/api/get-board-murals.ts';
import { getBoards } from '../../features/demands/api/get-boards.ts';
import { getContractAccess } from '../../features/demands/api/get-contract-access.ts';
import { muralCountsQuery } from '../../features/demands/api/get-mural-counts.ts';
import { boardKeys, lookupKeys, muralKeys } from '../../features/demands/api/keys.ts';
import { readLastBoard } from '../../features/demands/utils/last-board.ts';
import { queryClient } from '../../lib/query-client.ts';

/**
 * Starts every query /eproto/quadros opens with while the page's code is still downloading:
 * the board list, the contracts of the filters and the cards of the board it will show (the
 * one in the URL, else the last one opened here), then those cards' counters. The page's hooks
 * find them in the cache instead of asking one after the other once rendered. A board the
 * person no longer sees only costs an empty answer.
 */
export function prefetch(search: URLSearchParams): void {
  void queryClient.prefetchQuery({ queryKey: boardKeys.list, queryFn: getBoards });
  void queryClient.prefetchQuery({
    queryKey: lookupKeys.contractAccess,
    queryFn: getContractAccess,
    staleTime: 5 * 60_000,
  });
  const fromUrl = Number(search.get('quadro'));
  const boardId = Number.isInteger(fromUrl) && fromUrl > 0 ? fromUrl : readLastBoard();
  if (boardId === null) return;
  void queryClient
    .fetchQuery({
      queryKey: muralKeys.board(boardId),
      queryFn: ({ signal }) => getBoardMurals(boardId, signal),
    })
    .then((murals) => {
      if (murals.length > 0)
        void queryClient.prefetchQuery(muralCountsQuery(murals.map((m) => m.id)));
    })
    .catch(() => undefined);
}
