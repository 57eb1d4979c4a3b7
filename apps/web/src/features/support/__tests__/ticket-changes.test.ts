import { RT_EVENTS, type TicketDetail, type TicketSummary } from '@eproto/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { onScreen, pageChanges, V1, V2, type ApiGet } from '../../../test/on-screen.ts';

const get = vi.fn<ApiGet>();
vi.mock('../../../lib/api-client.ts', () => ({ api: { get } }));

const { patchSupportOnChange } = await import('../api/get-ticket-changes.ts');
const { ticketKey } = await import('../api/get-ticket.ts');
const { effectsOf } = await import('../../../lib/changes/change-effects.ts');

// Issue 37: a ticket's change ('support.changed' with its version) patches the list's page on
// screen with one `/support/tickets/changes` answer; nothing is read whole.

const row = (id: number, status: TicketSummary['status'], updatedAt = V1) =>
  ({ id, assunto: `Chamado ${id}`, status, updatedAt }) as TicketSummary;

const QUERY = { page: 1, perPage: 20 };
const KEY = ['support', 'list', QUERY];

function supportTab() {
  const list = onScreen<{ items: TicketSummary[]; total: number }>(KEY, {
    items: [row(2, 'aberto'), row(1, 'aberto')],
    total: 2,
  });
  const refetch = vi.spyOn(list.client, 'invalidateQueries');
  return { client: list.client, list, refetch };
}

const change = (id: number) => ({
  type: RT_EVENTS.supportChanged,
  id,
  version: V2,
  data: { id },
});

afterEach(() => vi.clearAllMocks());

describe('patchSupportOnChange', () => {
  it('a ticket moved: one small ask patches the page (it comes to the top), nothing read whole', async () => {
    const tab = supportTab();
    get.mockResolvedValue(pageChanges([row(1, 'em_atendimento', V2)], [1, 2]));
    // The map leaves the list to its patch (main read every ['support'] query again).
    expect(effectsOf(change(1))).toEqual([]);
    await patchSupportOnChange(tab.client, change(1));
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('/support/tickets/changes', {
      params: { page: 1, perPage: 20, updated_since: V2 },
    });
    expect(tab.list.data().items.map((t) => [t.id, t.status])).toEqual([
      [1, 'em_atendimento'],
      [2, 'aberto'],
    ]);
    expect(tab.refetch).not.toHaveBeenCalled();
    expect(tab.list.full).not.toHaveBeenCalled();
  });

  it('a page already showing the version asks nothing; the ticket page reads only when older', async () => {
    const tab = supportTab();
    tab.client.setQueryData(KEY, { items: [row(1, 'aberto', V2), row(2, 'aberto')], total: 2 });
    const page = onScreen<TicketDetail>(ticketKey(1), row(1, 'aberto', V2) as TicketDetail, {
      client: tab.client,
    });
    await patchSupportOnChange(tab.client, change(1));
    expect(get).not.toHaveBeenCalled();
    expect(page.full).not.toHaveBeenCalled();
  });

  it('without a version every support query is read again, as before', () => {
    expect(effectsOf({ type: RT_EVENTS.supportChanged, id: 1 })).toEqual([
      { queryKey: ['support'] },
    ]);
  });
});
