import type { CreateTicketBody, TicketDetail } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { ticketKey } from './get-ticket.ts';

/** POST /support/tickets {assunto, descricao, categoria, prioridade} */
export function createTicket(body: CreateTicketBody): Promise<TicketDetail> {
  return api.post<TicketDetail>('/support/tickets', body);
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    // Its page from the answer; the list's pages take the write's change ('support.changed':
    // get-ticket-changes.ts).
    onSuccess: (ticket) => queryClient.setQueryData(ticketKey(ticket.id), ticket),
  });
}
