import type { Movement } from '@eproto/domain';
import { useInfiniteQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { INVENTORY_KEY } from './get-inventory.ts';

/** Movements per page of the inventory's log. */
export const MOVEMENTS_PAGE_SIZE = 100;

interface MovementPage {
  items: Movement[];
  nextBefore: number | null;
}

/**
 * GET /tatico/inventario/movimentacoes?before=&limit= — one keyset page of every item's
 * movements, newest first; `before` is the previous page's `nextBefore`.
 */
export function getMovements(before?: number, signal?: AbortSignal) {
  return api.get<MovementPage>('/tatico/inventario/movimentacoes', {
    params: { before, limit: MOVEMENTS_PAGE_SIZE },
    signal,
  });
}

/** The movements loaded so far: the newest page, then one more per "Carregar mais". */
export function useMovements() {
  return useInfiniteQuery({
    queryKey: [...INVENTORY_KEY, 'movements'],
    queryFn: ({ pageParam, signal }) => getMovements(pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}
