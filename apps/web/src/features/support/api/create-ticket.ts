import type { CreateTicketBody, TicketDetail } from '@eproto/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { SUPPORT_KEY } from './get-tickets.ts';

/** POST /support/tickets {assunto, descricao, categoria, prioridade} */
export function createTicket(body: CreateTicketBody): Promise<TicketDetail> {
  return api.post<TicketDetail>('/support/tickets', body);
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SUPPORT_KEY }),
  });
}
