import type { Board } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { boardKeys } from './keys.ts';

/** GET /eproto/boards/{id} — one board in the caller's scope (404 outside it). */
export function getBoard(id: number, signal?: AbortSignal): Promise<Board> {
  return api.get<Board>(`/eproto/boards/${id}`, { signal });
}

/** Query of one board (hook and prefetch share it). */
export function boardQuery(id: number) {
  return {
    queryKey: boardKeys.detail(id),
    queryFn: ({ signal }: { signal?: AbortSignal }) => getBoard(id, signal),
  };
}

/**
 * The board shown on the kanban while the list of boards (every board with its demand count:
 * the costlier call in a large company) is still on its way; `null` turns it off.
 */
export function useBoard(id: number | null) {
  return useQuery({ ...boardQuery(id ?? 0), enabled: id !== null, retry: false });
}
