import type { TicketDetail } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError } from '../../../lib/toast.ts';
import { SUPPORT_KEY } from './get-tickets.ts';
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
    onError: (error) => toastError(error.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...SUPPORT_KEY, 'list'] }),
  });
}
