import type { InventoryItem, ItemNature } from '@eproto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

export const INVENTORY_KEY = ['inventory'] as const;

export interface InventoryFilter {
  natureza?: ItemNature;
  q?: string;
  abaixo_minimo?: 'true';
}

/** GET /tatico/inventario/itens */
export function getInventory(filter: InventoryFilter): Promise<{ items: InventoryItem[] }> {
  return api.get('/tatico/inventario/itens', { params: { ...filter } });
}

export function useInventory(filter: InventoryFilter) {
  return useQuery({
    queryKey: [...INVENTORY_KEY, 'items', filter],
    queryFn: () => getInventory(filter),
    placeholderData: keepPreviousData,
  });
}
