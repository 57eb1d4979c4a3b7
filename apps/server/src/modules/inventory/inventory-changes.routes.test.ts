import { RT_EVENTS, type InventoryItem, type InventoryListChanges } from '@eproto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEvent } from '../../lib/events.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { cursorParam, HOSTILE_CURSORS } from '../../../test/hostile-cursors.ts';
import { client, sessionsByRole } from '../tatico/test-kit.ts';

// Issue 37: every inventory write publishes 'inventory.changed' with the item's new updated_at,
// and GET /tatico/inventario/itens/changes answers a list's ids and only the items changed
// since, so an open list patches itself instead of reading every item again.

let t: TestApp;
let s: Awaited<ReturnType<typeof sessionsByRole>>;
let coord: ReturnType<typeof client>;
const base = '/api/tatico/inventario/itens';
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  s = await sessionsByRole(t);
  coord = client(t, s.coordenador.cookie);
});
afterAll(async () => t.close());

/** The 'inventory.changed' events a write publishes, and its answer. */
async function write(run: () => ReturnType<typeof coord.post>) {
  const seen: AppEvent[] = [];
  const stop = t.events.subscribe((e) => {
    if (e.type === RT_EVENTS.inventoryChanged) seen.push(e);
  });
  const res = await run();
  stop();
  expect(res.statusCode, res.body).toBeLessThan(300);
  return { events: seen, item: res.json<{ item: InventoryItem }>().item };
}

const consumable = (nome: string, qty = 10, min = 0) => {
  seq += 1;
  return write(() =>
    coord.post(base, {
      natureza: 'consumivel',
      codigo: `CHG-${seq}`,
      nome,
      categoria: 'Elétrica',
      localizacao: 'Almoxarifado',
      unidade: 'un',
      quantidade_inicial: qty,
      estoque_minimo: min,
    }),
  );
};

describe("inventory writers publish 'inventory.changed' with the item's version", () => {
  it('creation, edit and each movement, after their commit', async () => {
    const made = await consumable('Fita isolante');
    const id = made.item.id;
    expect(made.events).toEqual([
      expect.objectContaining({ id, version: made.item.updated_at, data: { id } }),
    ]);
    const steps: Array<[string, () => ReturnType<typeof coord.post>]> = [
      ['edit', () => coord.patch(`${base}/${id}`, { nome: 'Fita isolante 3M' })],
      ['saída', () => coord.post(`${base}/${id}/movimentacoes`, { tipo: 'saida', quantidade: 2 })],
      [
        'entrada',
        () => coord.post(`${base}/${id}/movimentacoes`, { tipo: 'entrada', quantidade: 5 }),
      ],
    ];
    let last = made.item.updated_at;
    for (const [name, run] of steps) {
      const { events, item } = await write(run);
      expect(events, name).toEqual([
        expect.objectContaining({ id, version: item.updated_at, data: { id } }),
      ]);
      expect(Date.parse(item.updated_at), name).toBeGreaterThan(Date.parse(last));
      last = item.updated_at;
    }
  });
});

describe('GET /tatico/inventario/itens/changes', () => {
  it("answers the list's ids, only the items changed since and the total", async () => {
    const a = await consumable('Parafuso lote Ômega', 10, 5);
    const b = await consumable('Parafuso lote Ômega B', 10, 5);
    const moved = await write(() =>
      coord.post(`${base}/${a.item.id}/movimentacoes`, { tipo: 'saida', quantidade: 7 }),
    );
    const version = moved.events[0]!.version!;
    const query = 'q=lote%20%C3%94mega';
    const res = await coord.get(`${base}/changes?${query}&${cursorParam(version)}`);
    expect(res.statusCode, res.body).toBe(200);
    const changes = res.json<InventoryListChanges>();
    const whole = (await coord.get(`${base}?${query}`)).json<{ items: InventoryItem[] }>();
    expect(changes.ids).toEqual(whole.items.map((x) => x.id));
    expect(changes.ids).toEqual([a.item.id, b.item.id]);
    expect(changes.items).toEqual([whole.items[0]]);
    expect(changes.items[0]).toMatchObject({ quantidade: 3, abaixo_minimo: true });
    expect(changes.total).toBe(2);
    console.info(`inventory delta ${res.body.length} B, list ${JSON.stringify(whole).length} B`);

    // Below the minimum: the filter's ids follow the stock.
    const low = (
      await coord.get(`${base}/changes?${query}&abaixo_minimo=true&${cursorParam(version)}`)
    ).json<InventoryListChanges>();
    expect(low.ids).toEqual([a.item.id]);
  });

  it('a later version answers no items, only the ids', async () => {
    await consumable('Abraçadeira Zanzibar');
    const later = new Date(Date.now() + 60_000).toISOString();
    const res = await coord.get(`${base}/changes?q=Zanzibar&${cursorParam(later)}`);
    expect(res.json<InventoryListChanges>()).toMatchObject({ items: [], total: 1 });
  });

  it('is for the fleet screen only, like the list (an outsider reads nothing)', async () => {
    const since = cursorParam(new Date(Date.now() - 60_000).toISOString());
    for (const role of ['equipe', 'financeiro'] as const) {
      const outsider = client(t, s[role].cookie);
      expect((await outsider.get(base)).statusCode).toBe(403);
      expect((await outsider.get(`${base}/changes?${since}`)).statusCode).toBe(403);
    }
  });

  it('requires updated_since', async () => {
    expect((await coord.get(`${base}/changes`)).statusCode).toBe(400);
  });

  it.each(HOSTILE_CURSORS)('refuses updated_since=%j with 400 in Portuguese', async (value) => {
    const res = await coord.get(`${base}/changes?${cursorParam(value)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/updated_since|caractere inválido/);
  });

  it.each(['natureza=0x10', 'abaixo_minimo=2147483648', 'q=%00', 'natureza=%00'])(
    'refuses %s with 400',
    async (param) => {
      const since = cursorParam(new Date().toISOString());
      expect((await coord.get(`${base}/changes?${param}&${since}`)).statusCode).toBe(400);
    },
  );
});
