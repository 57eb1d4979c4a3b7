import type { InventoryItemBody } from '@eproto/domain';

import { api } from '../../../lib/api-client.ts';
import type { ItemDetail } from './get-inventory-item.ts';
import { useItemMutation } from './item-mutation.ts';

/** POST /tatico/inventario/itens */
export function createInventoryItem(body: InventoryItemBody): Promise<ItemDetail> {
  return api.post('/tatico/inventario/itens', body);
}

export function useCreateInventoryItem() {
  return useItemMutation(createInventoryItem, 'Item cadastrado.');
}
