import type { TicketList, TicketListQuery } from '@eproto/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';

export const SUPPORT_KEY = ['support'] as const;

/** GET /support/tickets — ti sees every ticket, everyone else their own. */
export function getTickets(query: TicketListQuery): Promise<TicketList> {
  return api.get<TicketList>('/support/tickets', { params: { ...query } });
}

export function useTickets(query: TicketListQuery) {
  return useQuery({
    queryKey: [...SUPPORT_KEY, 'list', query],
    queryFn: () => getTickets(query),
    placeholderData: keepPreviousData,
  });
}
