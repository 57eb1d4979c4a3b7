import type {
  AgendaEntry,
  OsDetail,
  OsListResponse,
  OsSummary,
  RealtimeChange,
  SyncedList,
} from '@eproto/domain';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { onScreen, type ApiGet } from '../../../test/on-screen.ts';

const get = vi.fn<ApiGet>();
vi.mock('../../../lib/api-client.ts', () => ({ api: { get } }));

const { patchOsListsOnChange, patchOsPageOnChange } =
  await import('../../../features/service-orders/api/get-os-changes.ts');
const { patchAgendaOnChange, patchEntryPageOnChange } =
  await import('../../../features/agenda/api/get-agenda-changes.ts');
const { applyChange } = await import('../../../lib/changes/change-effects.ts');
const { osKey, osListKey } = await import('../../../features/service-orders/api/keys.ts');
const { entryKey } = await import('../../../features/agenda/api/get-entry.ts');

// Issue 37: an OS step on a phone reaches an open OS list and agenda as a patch from their own
// cursor (GET /tatico/os and /tatico/agenda with updated_since), never as a read of the page.

const CURSOR = '2026-11-30T10:00:00.000Z';
const NEXT = '2026-11-30T10:05:00.000Z';
const step: RealtimeChange = {
  type: 'service-order.changed',
  id: 2,
  data: { id: 2, status: 'em_execucao' },
};

const os = (id: number, status: OsSummary['status'] = 'aberta') =>
  ({ id, codigo: `OS-${id}`, status, updated_at: CURSOR }) as OsSummary;
const page = (items: OsSummary[], extra: Partial<OsListResponse> = {}): OsListResponse => ({
  items,
  total: 3,
  contagem: { aberta: 3 } as unknown as OsListResponse['contagem'],
  atrasadas: 0,
  cursor: CURSOR,
  ...extra,
});
const entry = (id: number, inicio: string, status = 'aberta') =>
  ({ id, inicio, os: { id, codigo: `OS-${id}`, status } }) as AgendaEntry;

/** What a tab does with the change: the change map, then the patches. */
async function hear(client: QueryClient, change: RealtimeChange) {
  applyChange(client, change);
  await Promise.all([patchOsListsOnChange(client), patchAgendaOnChange(client)]);
}

afterEach(() => vi.clearAllMocks());

describe('an OS step patches the OS list and the agenda on screen', () => {
  it('the OS list asks what changed on its page since its cursor and reads nothing whole', async () => {
    const client = new QueryClient();
    const filters = { perPage: 50, page: 1 };
    const list = onScreen(osListKey(filters), page([os(1), os(2), os(3)]), { client });
    get.mockResolvedValue(
      page([os(2, 'em_execucao')], {
        contagem: { aberta: 2, em_execucao: 1 } as unknown as OsListResponse['contagem'],
        ids: [1, 2, 3],
        cursor: NEXT,
      }),
    );
    await hear(client, step);

    expect(list.full).not.toHaveBeenCalled();
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('/tatico/os', {
      params: { ...filters, updated_since: CURSOR },
    });
    expect(list.data().items.map((o) => [o.id, o.status])).toEqual([
      [1, 'aberta'],
      [2, 'em_execucao'],
      [3, 'aberta'],
    ]);
    expect(list.data().contagem).toEqual({ aberta: 2, em_execucao: 1 });
    expect(list.data().cursor).toBe(NEXT);
    expect(list.data().ids).toBeUndefined();
  });

  it('a page the answer cannot complete (an OS moved in unchanged) is read whole', async () => {
    const client = new QueryClient();
    const list = onScreen(osListKey({ status: 'aberta' as const }), page([os(1), os(2)]), {
      client,
    });
    get.mockResolvedValue(page([], { ids: [1, 4], cursor: NEXT }));
    await hear(client, step);
    await vi.waitFor(() => expect(list.full).toHaveBeenCalledTimes(1));
  });

  it('the week board and Minha agenda take the entry whose OS changed, in order', async () => {
    const client = new QueryClient();
    const range = { de: '2026-11-30', ate: '2026-12-06' };
    const held: SyncedList<AgendaEntry> = {
      items: [entry(1, '2026-11-30T11:00:00.000Z'), entry(2, '2026-12-01T11:00:00.000Z')],
      cursor: CURSOR,
    };
    const week = onScreen(['agenda', 'list', range], held, { client });
    const mine = onScreen(['agenda', 'mine', range.de, range.ate], held, { client });
    const moved = entry(2, '2026-12-01T11:00:00.000Z', 'em_execucao');
    get.mockResolvedValue({ items: [moved], ids: [1, 2], cursor: NEXT });
    await hear(client, step);

    expect(week.full).not.toHaveBeenCalled();
    expect(mine.full).not.toHaveBeenCalled();
    expect(get).toHaveBeenCalledWith('/tatico/agenda', {
      params: { ...range, updated_since: CURSOR },
    });
    expect(get).toHaveBeenCalledWith('/tatico/agenda/minha', {
      params: { ...range, updated_since: CURSOR },
    });
    for (const list of [week, mine]) {
      expect(list.data().items.map((e) => [e.id, e.os?.status])).toEqual([
        [1, 'aberta'],
        [2, 'em_execucao'],
      ]);
      expect(list.data().cursor).toBe(NEXT);
    }
  });
});

describe('a change of the agenda itself patches the week and Minha agenda', () => {
  // An entry booked over another: the server sends both (the other's conflicts moved).
  const booked: RealtimeChange = { type: 'agenda.changed', data: { ids: [3, 1] } };

  it('the week and Minha agenda ask from their cursors and take both entries, in order', async () => {
    const client = new QueryClient();
    const range = { de: '2026-11-30', ate: '2026-12-06' };
    const held: SyncedList<AgendaEntry> = {
      items: [entry(1, '2026-11-30T11:00:00.000Z'), entry(2, '2026-12-01T11:00:00.000Z')],
      cursor: CURSOR,
    };
    const week = onScreen(['agenda', 'list', range], held, { client });
    const mine = onScreen(['agenda', 'mine', range.de, range.ate], held, { client });
    const clashing = { ...entry(1, '2026-11-30T11:00:00.000Z'), conflitos: [{ entry_id: 3 }] };
    const added = entry(3, '2026-11-30T11:00:00.000Z');
    get.mockResolvedValue({ items: [clashing, added], ids: [1, 2, 3], cursor: NEXT });
    applyChange(client, booked);
    await patchAgendaOnChange(client);

    expect(week.full).not.toHaveBeenCalled();
    expect(mine.full).not.toHaveBeenCalled();
    expect(get).toHaveBeenCalledTimes(2);
    expect(get).toHaveBeenCalledWith('/tatico/agenda', {
      params: { ...range, updated_since: CURSOR },
    });
    for (const list of [week, mine]) {
      expect(list.data().items.map((e) => [e.id, e.conflitos?.length ?? 0])).toEqual([
        [1, 1],
        [3, 0],
        [2, 0],
      ]);
      expect(list.data().cursor).toBe(NEXT);
    }
  });

  it("reads again only the open pages of the entries it names, never the agenda's pickers", () => {
    const client = new QueryClient();
    const keys = [
      ['agenda', 'entry', 1],
      ['agenda', 'entry', 2],
      ['agenda', 'activity-types'],
    ];
    for (const key of keys) client.setQueryData(key, 1);
    applyChange(client, booked);
    expect(keys.filter((k) => client.getQueryState(k)?.isInvalidated)).toEqual([keys[0]]);
  });
});

describe("the page of the OS (or entry) written: read once, unless it shows the change's version", () => {
  it('the OS page that holds the version asks nothing; an older one is read once', async () => {
    const client = new QueryClient();
    const page = onScreen(osKey(2), { id: 2, updated_at: NEXT } as OsDetail, { client });
    await patchOsPageOnChange(client, { ...step, version: NEXT });
    await patchOsPageOnChange(client, { ...step, version: CURSOR });
    expect(page.full).not.toHaveBeenCalled();
    const later = '2026-11-30T10:06:00.000Z';
    page.full.mockImplementation(() => Promise.resolve({ id: 2, updated_at: later } as OsDetail));
    // Two changes heard while the first read is out: that read shows both, none more is asked.
    await Promise.all([
      patchOsPageOnChange(client, { ...step, version: later }),
      patchOsPageOnChange(client, { ...step, version: later }),
    ]);
    expect(page.full).toHaveBeenCalledTimes(1);
    expect(get).not.toHaveBeenCalled();
  });

  it("the entry page of an agenda write holding the answer's version asks nothing", async () => {
    const client = new QueryClient();
    const held = { ...entry(5, '2026-11-30T11:00:00.000Z'), updated_at: NEXT };
    const page = onScreen(entryKey(5), held, { client });
    const own: RealtimeChange = {
      type: 'agenda.changed',
      id: 5,
      version: NEXT,
      data: { ids: [5] },
    };
    await patchEntryPageOnChange(client, own);
    expect(page.full).not.toHaveBeenCalled();
    await patchEntryPageOnChange(client, { ...own, version: '2026-11-30T10:06:00.000Z' });
    expect(page.full).toHaveBeenCalledTimes(1);
  });
});

describe('the changes of one answer patch each agenda once', () => {
  it("an OS and its entry's change heard together ask the week and Minha agenda once each", async () => {
    const client = new QueryClient();
    const range = { de: '2026-11-30', ate: '2026-12-06' };
    const held: SyncedList<AgendaEntry> = {
      items: [entry(1, '2026-11-30T11:00:00.000Z')],
      cursor: CURSOR,
    };
    onScreen(['agenda', 'list', range], held, { client });
    onScreen(['agenda', 'mine', range.de, range.ate], held, { client });
    get.mockResolvedValue({ items: [], ids: [1], cursor: NEXT });
    await Promise.all([patchAgendaOnChange(client), patchAgendaOnChange(client)]);
    expect(get).toHaveBeenCalledTimes(2);
  });
});
