import type { Movement } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { INVENTORY_KEY } from './get-inventory.ts';

/** GET /tatico/inventario/movimentacoes — latest movements of every item. */
export function useMovements() {
  return useQuery({
    queryKey: [...INVENTORY_KEY, 'movements'],
    queryFn: () =>
      api.get<{ items: Movement[] }>('/tatico/inventario/movimentacoes', {
        params: { limit: 200 },
      }),
  });
}
