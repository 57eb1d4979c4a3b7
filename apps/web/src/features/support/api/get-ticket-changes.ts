import type {
  RealtimeChange,
  TicketDetail,
  TicketListChanges,
  TicketListQuery,
  TicketSummary,
} from '@eproto/domain';
import type { QueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { patchPages, refreshRowPage, type HeldPage } from '../../../lib/changes/page-delta.ts';
import { ticketKey } from './get-ticket.ts';
import { SUPPORT_KEY } from './get-tickets.ts';

/** GET /support/tickets/changes — the page's ids now, its tickets changed since, the total. */
function getTicketChanges(query: TicketListQuery, since: string): Promise<TicketListChanges> {
  return api.get<TicketListChanges>('/support/tickets/changes', {
    params: { ...query, updated_since: since },
  });
}

/** Whether a page already shows ticket `id` in `version` or later (the tab that wrote it). */
const showsTicket = (id: number, version: string) => (page: HeldPage<TicketSummary>) => {
  const row = page.items.find((t) => t.id === id);
  return row !== undefined && Date.parse(row.updatedAt) >= Date.parse(version);
};

/**
 * A ticket changed ('support.changed' with its id and version: its `updatedAt`, sent to its
 * opener and the ti only): each page of the list on screen asks what changed on it since
 * (`/support/tickets/changes`, page-delta.ts patchPages) instead of reading the page again
 * (a changed ticket moves to the top of every page-1); a page already showing the version asks
 * nothing. The ticket's own page is read once unless it holds that version (refreshRowPage).
 * Without a version, lib/changes/change-effects.ts reads every support query again.
 */
export async function patchSupportOnChange(
  queryClient: QueryClient,
  change: RealtimeChange,
): Promise<void> {
  const { id, version } = change;
  if (id === undefined || version === undefined) return;
  await Promise.all([
    patchPages<TicketSummary>(queryClient, {
      prefix: [...SUPPORT_KEY, 'list'],
      since: version,
      shows: showsTicket(id, version),
      ask: (queryKey, since) => getTicketChanges((queryKey[2] ?? {}) as TicketListQuery, since),
    }),
    refreshRowPage(queryClient, ticketKey(id), version, (data) => (data as TicketDetail).updatedAt),
  ]);
}
