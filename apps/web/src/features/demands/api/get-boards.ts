import type { Board } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { boardKeys } from './keys.ts';

/** GET /eproto/boards — the boards in the caller's scope, by name. */
export function getBoards(): Promise<Board[]> {
  return api.get<Board[]>('/eproto/boards');
}

export function useBoards() {
  return useQuery({ queryKey: boardKeys.list, queryFn: getBoards });
}
