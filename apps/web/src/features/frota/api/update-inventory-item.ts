import type { InventoryItemPatchBody } from '@eproto/domain';

import { api } from '../../../lib/api-client.ts';
import type { ItemDetail } from './get-inventory-item.ts';
import { useItemMutation } from './item-mutation.ts';

/** PATCH /tatico/inventario/itens/{id} — name, category, state, unit, minimum. */
export function updateInventoryItem({
  id,
  ...body
}: InventoryItemPatchBody & { id: number }): Promise<ItemDetail> {
  return api.patch(`/tatico/inventario/itens/${id}`, body);
}

export function useUpdateInventoryItem() {
  return useItemMutation(updateInventoryItem, 'Item atualizado.');
}
