import type { TicketDetail, TicketStatus } from '@eproto/domain';
import { TICKET_STATUS_LABELS } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError, toastSuccess } from '../../../lib/toast.ts';
import { ticketKey } from './get-ticket.ts';

/** PATCH /support/tickets/{id}/status {status} — ti only. */
export function setTicketStatus({ id, status }: { id: number; status: TicketStatus }) {
  return api.patch<TicketDetail>(`/support/tickets/${id}/status`, { status });
}

/** Shows the new status at once; restores the previous ticket on failure. */
export function useSetTicketStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTicketStatus,
    onMutate: async ({ id, status }) => {
      await queryClient.cancelQueries({ queryKey: ticketKey(id) });
      const previous = queryClient.getQueryData<TicketDetail>(ticketKey(id));
      if (previous) queryClient.setQueryData(ticketKey(id), { ...previous, status });
      return { previous };
    },
    onSuccess: (ticket) => {
      queryClient.setQueryData(ticketKey(ticket.id), ticket);
      toastSuccess(`Chamado marcado como "${TICKET_STATUS_LABELS[ticket.status]}".`);
    },
    onError: (error, { id }, context) => {
      if (context?.previous) queryClient.setQueryData(ticketKey(id), context.previous);
      toastError(error.message);
    },
    // The list's pages take the write's change ('support.changed': get-ticket-changes.ts).
  });
}
