import type { EpiDelivery, ReplacementRequestBody } from '@eproto/domain';
import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';

import { useOutboxMutation } from '../../../lib/offline/use-outbox-mutation.ts';
import { usePendingWrites } from '../../../lib/offline/use-outbox.ts';
import { toastSuccess } from '../../../lib/toast.ts';
import { EPI_KEY } from './get-epi-items.ts';
import { keepDelivery } from './keep-delivery.ts';
import { MY_DELIVERIES_KEY } from './get-my-deliveries.ts';

/** Kind of the queued replacement requests (outbox). */
export const EPI_REPLACEMENT_WRITE = 'epi.replacement';

export type ReplacementInput = ReplacementRequestBody & { id: number; nome: string };

/** Shows the delivery as "troca solicitada" in the kept list (also while the request waits). */
function markAsked(queryClient: QueryClient, id: number) {
  queryClient.setQueryData<{ items: EpiDelivery[] }>(MY_DELIVERIES_KEY, (previous) =>
    previous
      ? {
          ...previous,
          items: previous.items.map((d) =>
            d.id === id ? { ...d, substituicao_solicitada: true } : d,
          ),
        }
      : previous,
  );
}

/**
 * POST /tatico/epi/entregas/{id}/substituicao through the outbox — opens a solicitação of type
 * EPI; without signal it is kept on the phone and sent once when the signal returns.
 */
export function useRequestReplacement() {
  const queryClient = useQueryClient();
  return useOutboxMutation<ReplacementInput, { solicitacao_id: number; entrega: EpiDelivery }>({
    kind: EPI_REPLACEMENT_WRITE,
    request: ({ id, nome, ...body }) => ({
      method: 'POST',
      path: `/tatico/epi/entregas/${id}/substituicao`,
      body,
      label: `Solicitar troca: ${nome}`,
      meta: { deliveryId: id },
      // Its 'epi.changed' patches the lists and reads the requests (change-effects.ts).
      invalidate: [EPI_KEY],
      announced: true,
    }),
    onQueued: ({ id }) => markAsked(queryClient, id),
    // The answer, with its version: the change's event then asks nothing for the delivery.
    onSent: (r) => {
      keepDelivery(queryClient, r.entrega);
      toastSuccess(`Solicitação #${r.solicitacao_id} aberta. Você receberá um aviso a cada etapa.`);
    },
  });
}

/** A replacement asked on the phone: none, waiting for the signal, or refused by the server. */
export type QueuedReplacement = 'none' | 'waiting' | 'attention';

/**
 * Replacement requests still on the phone (or refused by the server), by delivery: read once
 * for a whole list, not by each card (one outbox subscription; issue 33).
 */
export function usePendingReplacements(): (deliveryId: number) => QueuedReplacement {
  const writes = usePendingWrites(EPI_REPLACEMENT_WRITE);
  return (deliveryId) => {
    const mine = writes.filter((w) => w.meta.deliveryId === deliveryId);
    if (mine.length === 0) return 'none';
    return mine.some((w) => w.state !== 'attention') ? 'waiting' : 'attention';
  };
}
