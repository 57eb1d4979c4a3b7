import type { TicketDetail } from '@eproto/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { SUPPORT_KEY } from './get-tickets.ts';

export const ticketKey = (id: number) => [...SUPPORT_KEY, 'ticket', id] as const;

/** GET /support/tickets/{id} — the ticket with its timeline and attachments. */
export function getTicket(id: number): Promise<TicketDetail> {
  return api.get<TicketDetail>(`/support/tickets/${id}`);
}

export function useTicket(id: number) {
  return useQuery({ queryKey: ticketKey(id), queryFn: () => getTicket(id), enabled: id > 0 });
}
