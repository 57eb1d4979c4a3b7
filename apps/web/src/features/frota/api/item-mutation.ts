import { useMutation, useQueryClient } from '@tanstack/react-query';

import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { itemKey, type ItemDetail } from './get-inventory-item.ts';
import { INVENTORY_KEY } from './get-inventory.ts';

/** Inventory writes answer the item detail: cache it, refetch lists and alerts, toast. */
export function useItemMutation<I>(fn: (input: I) => Promise<ItemDetail>, success: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (detail) => {
      queryClient.setQueryData(itemKey(detail.item.id), detail);
      toastSuccess(success);
    },
    onError: (error) => toastError(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: INVENTORY_KEY }),
  });
}
