import type { InventoryItem } from '@eproto/domain';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';

import { itemsView, putOwnRow } from '../../../lib/changes/own-row.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { itemKey, type ItemDetail } from './get-inventory-item.ts';
import { INVENTORY_KEY, type InventoryFilter } from './get-inventory.ts';

/**
 * This tab wrote an item (the answer: it at its new version): the lists that show it take it
 * in place when it keeps its place there (same nature, name and below-minimum state, no
 * search), so its 'inventory.changed' asks nothing on them; the others ask `/itens/changes`.
 */
function putSavedItem(queryClient: QueryClient, item: InventoryItem): void {
  putOwnRow<InventoryItem>(queryClient, {
    prefix: [...INVENTORY_KEY, 'items'],
    id: item.id,
    view: itemsView<InventoryItem>(),
    next: (held, queryKey) => {
      const filter = queryKey[2] as InventoryFilter;
      const samePlace =
        !filter.q &&
        held.natureza === item.natureza &&
        held.nome.toLowerCase() === item.nome.toLowerCase() &&
        held.abaixo_minimo === item.abaixo_minimo;
      return samePlace ? item : undefined;
    },
  });
}

/**
 * Inventory writes answer the item detail: it replaces the cached one and the row of the lists
 * that show it (putSavedItem); the write's 'inventory.changed' (X-Changes) patches the rest and
 * reads the alerts and the movements log again. A refused write reads the area again.
 */
export function useItemMutation<I>(fn: (input: I) => Promise<ItemDetail>, success: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (detail) => {
      queryClient.setQueryData(itemKey(detail.item.id), detail);
      putSavedItem(queryClient, detail.item);
      toastSuccess(success);
    },
    onError: (error) => {
      toastError(error.message);
      void queryClient.invalidateQueries({ queryKey: INVENTORY_KEY });
    },
  });
}
