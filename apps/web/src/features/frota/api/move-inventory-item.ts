import type { MovementBody } from '@eproto/domain';

import { api } from '../../../lib/api-client.ts';
import type { ItemDetail } from './get-inventory-item.ts';
import { useItemMutation } from './item-mutation.ts';

/** POST /tatico/inventario/itens/{id}/movimentacoes — entrada, saída, transferência, baixa. */
export function moveInventoryItem({
  itemId,
  ...body
}: MovementBody & { itemId: number }): Promise<ItemDetail> {
  return api.post(`/tatico/inventario/itens/${itemId}/movimentacoes`, body);
}

export function useMoveInventoryItem() {
  return useItemMutation(moveInventoryItem, 'Movimentação registrada.');
}
