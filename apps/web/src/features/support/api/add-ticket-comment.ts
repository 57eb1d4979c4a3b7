import type { TicketDetail } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError } from '../../../lib/toast.ts';
import { ticketKey } from './get-ticket.ts';

/** POST /support/tickets/{id}/comments {texto} */
export function addTicketComment({ id, texto }: { id: number; texto: string }) {
  return api.post<TicketDetail>(`/support/tickets/${id}/comments`, { texto });
}

export function useAddTicketComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTicketComment,
    onSuccess: (ticket) => queryClient.setQueryData(ticketKey(ticket.id), ticket),
    // The list's pages take the write's change ('support.changed': get-ticket-changes.ts).
    onError: (error) => toastError(error.message),
  });
}
