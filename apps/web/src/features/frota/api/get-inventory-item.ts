import type { InventoryItem, Movement } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { INVENTORY_KEY } from './get-inventory.ts';

export type ItemDetail = { item: InventoryItem; movements: Movement[] };
export const itemKey = (id: number) => [...INVENTORY_KEY, 'item', id] as const;

/** GET /tatico/inventario/itens/{id} — item with its movements. */
export function useInventoryItem(id: number | null) {
  return useQuery({
    queryKey: itemKey(id ?? 0),
    queryFn: () => api.get<ItemDetail>(`/tatico/inventario/itens/${id}`),
    enabled: id !== null,
  });
}
