import type { EpiDelivery } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { EPI_KEY } from './get-epi-items.ts';
import { MY_DELIVERIES_KEY } from './get-my-deliveries.ts';

/** POST /tatico/epi/entregas/{id}/confirmar — the employee confirms receipt in the app. */
export function confirmDelivery(id: number): Promise<EpiDelivery> {
  return api.post(`/tatico/epi/entregas/${id}/confirmar`, {});
}

/** Shows the delivery as confirmed at once; puts it back on failure. */
export function useConfirmDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmDelivery,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: MY_DELIVERIES_KEY });
      const previous = queryClient.getQueryData<{ items: EpiDelivery[] }>(MY_DELIVERIES_KEY);
      if (previous) {
        queryClient.setQueryData(MY_DELIVERIES_KEY, {
          items: previous.items.map((d) =>
            d.id === id
              ? {
                  ...d,
                  status: 'confirmada' as const,
                  confirmacao: 'app' as const,
                  confirmado_em: new Date().toISOString(),
                }
              : d,
          ),
        });
      }
      return { previous };
    },
    onSuccess: (d) => toastSuccess(`Recebimento de ${d.item.nome} confirmado.`),
    onError: (error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(MY_DELIVERIES_KEY, context.previous);
      toastError(error.message);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: EPI_KEY }),
  });
}
