import { RT_EVENTS, type EpiDelivery, type RealtimeChange, type SyncedList } from '@eproto/domain';
import type { QueryKey } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { onScreen, V1, V2, type ApiGet } from '../../../test/on-screen.ts';

const get = vi.fn<ApiGet>();
vi.mock('../../../lib/api-client.ts', () => ({ api: { get } }));

const { patchEpiOnChange } = await import('../api/get-epi-changes.ts');
const { keepDelivery } = await import('../api/keep-delivery.ts');
const { MY_DELIVERIES_KEY } = await import('../api/get-my-deliveries.ts');
const { effectsOf } = await import('../../../lib/changes/change-effects.ts');
const { SESSION_KEY } = await import('../../../lib/session-key.ts');

// Issue 37: an 'epi.changed' (id, version, EpiChangeData) patches the synced lists of
// deliveries that must show it from their cursors; nothing else reads them again.

const ME = 7;
const OTHER = 8;
const CURSOR = '2026-11-29T09:59:00.000Z';

const row = (id: number, updated_at = V1, colaborador = ME, item = 40, status = 'pendente') =>
  ({
    id,
    data: `2026-11-${String(10 + id).padStart(2, '0')}`,
    status,
    updated_at,
    colaborador: { id: colaborador, nome: 'P' },
    item: { id: item, nome: `Item ${item}` },
  }) as unknown as EpiDelivery;

type Listed = SyncedList<EpiDelivery>;

/** The technician's phone: Meus EPIs on screen with two deliveries and its cursor. */
function phone() {
  const mine = onScreen<Listed>(MY_DELIVERIES_KEY, { items: [row(2), row(1)], cursor: CURSOR });
  mine.client.setQueryData(SESSION_KEY, { id: ME });
  const refetch = vi.spyOn(mine.client, 'invalidateQueries');
  return { client: mine.client, mine, refetch };
}

const delivery = (id: number, extra: Record<string, unknown> = {}, version = V2) =>
  ({
    type: RT_EVENTS.epiChanged,
    id,
    version,
    data: { kind: 'delivery', item_id: 40, colaborador_id: ME, ...extra },
  }) as RealtimeChange;

/** The queries of `keys` in `client` that a change makes stale (change-effects.ts). */
function staleAfter(change: RealtimeChange, keys: QueryKey[]) {
  const stale: QueryKey[] = [];
  for (const { queryKey, keep } of effectsOf(change)) {
    for (const key of keys) {
      const under = queryKey.every((part, i) => part === key[i]);
      if (under && !keep?.(key) && !stale.includes(key)) stale.push(key);
    }
  }
  return stale;
}

afterEach(() => vi.clearAllMocks());

describe('Meus EPIs takes changes, not rereads', () => {
  it('a change of a delivery it holds asks once from its cursor and merges; nothing read whole', async () => {
    const tab = phone();
    get.mockResolvedValue({
      items: [row(1, V2, ME, 40, 'confirmada')],
      ids: [1, 2],
      cursor: V2,
    });
    // The map leaves Meus EPIs to its patch (main read every ['epi'] query again).
    expect(staleAfter(delivery(1), [MY_DELIVERIES_KEY])).toEqual([]);
    await patchEpiOnChange(tab.client, delivery(1));
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('/tatico/epi/minhas-entregas', {
      params: { updated_since: CURSOR },
    });
    expect(tab.mine.data().items.map((d) => [d.id, d.status])).toEqual([
      [2, 'pendente'],
      [1, 'confirmada'],
    ]);
    expect(tab.mine.data().cursor).toBe(V2);
    expect(tab.refetch).not.toHaveBeenCalled();
    expect(tab.mine.full).not.toHaveBeenCalled();
  });

  it('a new delivery of the person comes in from the delta', async () => {
    const tab = phone();
    get.mockResolvedValue({ items: [row(3, V2)], ids: [1, 2, 3], cursor: V2 });
    await patchEpiOnChange(tab.client, delivery(3, { stock: true }));
    expect(tab.mine.data().items.map((d) => d.id)).toEqual([3, 2, 1]);
    expect(tab.mine.full).not.toHaveBeenCalled();
  });

  it('the tab whose write answered the version asks nothing', async () => {
    const tab = phone();
    keepDelivery(tab.client, row(1, V2, ME, 40, 'confirmada'));
    await patchEpiOnChange(tab.client, delivery(1));
    expect(get).not.toHaveBeenCalled();
    expect(tab.mine.data().items.find((d) => d.id === 1)?.status).toBe('confirmada');
    // A late event of an older version asks nothing either.
    await patchEpiOnChange(tab.client, delivery(1, {}, V1));
    expect(get).not.toHaveBeenCalled();
  });

  it("another person's delivery (a gestor's own Meus EPIs) asks nothing", async () => {
    const tab = phone();
    await patchEpiOnChange(tab.client, delivery(9, { colaborador_id: OTHER }));
    expect(get).not.toHaveBeenCalled();
    expect(tab.refetch).not.toHaveBeenCalled();
  });

  it('a catalogue item renamed asks only where a delivery of it shows; its stock, nowhere', async () => {
    const tab = phone();
    const item = (id: number, holders: boolean) =>
      ({
        type: RT_EVENTS.epiChanged,
        id,
        version: V2,
        data: { kind: 'item', item_id: id, stock: true, holders },
      }) as RealtimeChange;
    await patchEpiOnChange(tab.client, item(40, false));
    await patchEpiOnChange(tab.client, item(41, true));
    expect(get).not.toHaveBeenCalled();
    get.mockResolvedValue({ items: [row(1, V2), row(2, V2)], ids: [1, 2], cursor: V2 });
    await patchEpiOnChange(tab.client, item(40, true));
    expect(get).toHaveBeenCalledTimes(1);
    expect(tab.mine.full).not.toHaveBeenCalled();
  });

  it('a refused or failed ask reads the list again', async () => {
    const tab = phone();
    get.mockRejectedValue(new Error('Informe "updated_since" como data e hora com fuso.'));
    tab.refetch.mockResolvedValue();
    await patchEpiOnChange(tab.client, delivery(1));
    expect(tab.refetch).toHaveBeenCalledWith({ queryKey: MY_DELIVERIES_KEY, exact: true });
  });
});

describe("the gestores' lists and the map", () => {
  const office = () => {
    const key = ['epi', 'deliveries', { colaborador_id: ME }];
    const list = onScreen<Listed>(key, { items: [row(1)], cursor: CURSOR });
    return { key, list, client: list.client };
  };

  it("a list filtered by person asks with its filters for its person's change only", async () => {
    const tab = office();
    await patchEpiOnChange(tab.client, delivery(9, { colaborador_id: OTHER }));
    expect(get).not.toHaveBeenCalled();
    get.mockResolvedValue({ items: [row(3, V2)], ids: [1, 3], cursor: V2 });
    await patchEpiOnChange(tab.client, delivery(3));
    expect(get).toHaveBeenCalledWith('/tatico/epi/entregas', {
      params: { colaborador_id: ME, updated_since: CURSOR },
    });
    expect(tab.list.data().items.map((d) => d.id)).toEqual([3, 1]);
    expect(tab.list.full).not.toHaveBeenCalled();
  });

  it('reads the catalogue only when it moved, the requests only on a replacement', () => {
    const keys: QueryKey[] = [
      ['epi', 'items', false],
      ['epi', 'my-requests'],
      ['epi', 'alerts'],
      ['epi', 'ficha', ME],
      ['epi', 'deliveries', {}],
      MY_DELIVERIES_KEY,
    ];
    expect(staleAfter(delivery(1), keys)).toEqual([keys[2]]);
    expect(staleAfter(delivery(1, { stock: true }), keys)).toEqual([keys[0], keys[2]]);
    expect(staleAfter(delivery(1, { replacement: true }), keys)).toEqual([keys[1], keys[2]]);
    // Without a version (an older server): every EPI list, as before.
    expect(staleAfter({ type: RT_EVENTS.epiChanged }, keys)).toEqual(keys);
  });
});
