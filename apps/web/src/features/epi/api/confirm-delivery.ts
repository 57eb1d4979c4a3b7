import type { EpiDelivery } from '@eproto/domain';
import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';

import { useOutboxMutation } from '../../../lib/offline/use-outbox-mutation.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { EPI_KEY } from './get-epi-items.ts';
import { keepDelivery } from './keep-delivery.ts';
import { MY_DELIVERIES_KEY } from './get-my-deliveries.ts';

/** Shows the delivery as confirmed in the kept list (also while the confirmation waits). */
function markConfirmed(queryClient: QueryClient, id: number) {
  const previous = queryClient.getQueryData<{ items: EpiDelivery[] }>(MY_DELIVERIES_KEY);
  if (!previous) return;
  queryClient.setQueryData(MY_DELIVERIES_KEY, {
    ...previous,
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

/**
 * POST /tatico/epi/entregas/{id}/confirmar through the outbox — the employee confirms receipt
 * in the app; without signal it is kept on the phone and sent later.
 */
export function useConfirmDelivery() {
  const queryClient = useQueryClient();
  return useOutboxMutation<{ id: number; nome: string }, EpiDelivery>({
    kind: 'epi.confirm',
    request: ({ id, nome }) => ({
      method: 'POST',
      path: `/tatico/epi/entregas/${id}/confirmar`,
      body: {},
      label: `Confirmar recebimento: ${nome}`,
      meta: { deliveryId: id },
      // Its 'epi.changed' patches the lists (get-epi-changes.ts); read again if refused.
      invalidate: [EPI_KEY],
      announced: true,
    }),
    onQueued: ({ id }) => markConfirmed(queryClient, id),
    // The answer, with its version: the change's event then asks nothing in this tab.
    onSent: (d) => {
      keepDelivery(queryClient, d);
      toastSuccess(`Recebimento de ${d.item.nome} confirmado.`);
    },
  });
}
