import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryMovements } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { walkPages } from '../../../test/keyset-walk.ts';
import { createInventoryRepo } from './inventory.repo.ts';
import { client, sessionsByRole } from '../tatico/test-kit.ts';

// GET /api/tatico/inventario/movimentacoes is paged by a keyset cursor (?before=<last id
// shown>&limit=), newest first in (created_at, id) order, for the whole inventory or one item.

let t: TestApp;
let coord: ReturnType<typeof client>;
let drill: number;
let glue: number;
let seq = 0;

interface Page {
  items: Array<{ id: number; item_id: number }>;
  nextBefore: number | null;
}

const URL = '/api/tatico/inventario/movimentacoes';

async function page(query: string): Promise<Page> {
  const res = await coord.get(`${URL}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
}

const walk = (filter: string, limit: number, between?: () => Promise<void>) =>
  walkPages(page, filter, limit, between);

async function expectedIds(where = 'true'): Promise<number[]> {
  const r = await t.database.pool.query<{ id: number }>(
    `select id from inventory_movements where ${where} order by created_at desc, id desc`,
  );
  return r.rows.map((x) => Number(x.id));
}

async function consumable() {
  seq += 1;
  const res = await coord.post('/api/tatico/inventario/itens', {
    natureza: 'consumivel',
    codigo: `KEY-${seq}`,
    nome: `Item ${seq}`,
    categoria: 'Elétrica',
    localizacao: 'Almoxarifado',
    unidade: 'un',
    quantidade_inicial: 1000,
    estoque_minimo: 0,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ item: { id: number } }>().item.id;
}

const rows = (itemId: number, n: number, at: (i: number) => Date) =>
  Array.from({ length: n }, (_, i) => ({
    itemId,
    tipo: 'saida' as const,
    quantidade: 1,
    saldoApos: 999 - i,
    createdAt: at(i),
  }));

beforeAll(async () => {
  t = await createTestApp();
  coord = client(t, (await sessionsByRole(t)).coordenador.cookie);
  drill = await consumable();
  glue = await consumable();
  // Bursts of 5 movements sharing one timestamp, of two items interleaved.
  const at = (i: number) => new Date(Date.UTC(2026, 9, 1, 8, Math.floor(i / 5), 0, 321));
  await t.database.db
    .insert(inventoryMovements)
    .values([...rows(drill, 40, at), ...rows(glue, 23, at)]);
});
afterAll(async () => t.close());

describe('GET /api/tatico/inventario/movimentacoes keyset pages', () => {
  it('walks every movement once, newest first, across pages with equal timestamps', async () => {
    expect(await walk('', 7)).toEqual(await expectedIds());
    expect(await walk(`item_id=${glue}`, 4)).toEqual(await expectedIds(`item_id = ${glue}`));
  });

  it('neither skips nor repeats movements recorded between pages', async () => {
    const expected = await expectedIds();
    let n = 0;
    const seen = await walk('', 10, async () => {
      n += 1;
      const res = await coord.post(`/api/tatico/inventario/itens/${drill}/movimentacoes`, {
        tipo: 'saida',
        quantidade: 1,
        motivo: `Retirada ${n}`,
      });
      expect(res.statusCode, res.body).toBe(201);
    });
    expect(n).toBeGreaterThan(3);
    expect(await expectedIds()).not.toEqual(expected);
    expect(seen).toEqual(expected);
  });

  it('answers the first 100 without a cursor, and an empty page for an unknown cursor', async () => {
    const first = await page('');
    expect(first.items.map((i) => i.id)).toEqual((await expectedIds()).slice(0, 100));
    expect(await page('before=2147483647')).toEqual({ items: [], nextBefore: null });
  });

  it('refuses hostile cursors and sizes with 400 in Portuguese, never 500', async () => {
    for (const qs of [
      'before=0000-01-01',
      'before=%00',
      'before=2147483648',
      'before=0x10',
      'before=abc',
      'before=-1',
      'before=0',
      'before=1e3',
      'before=%201',
      'before=1&before=2',
      'limit=0',
      'limit=501',
    ]) {
      const res = await coord.get(`${URL}?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json<{ error: string }>().error, qs).toMatch(
        /inválid|No máximo|caractere inválido/,
      );
    }
  });

  it('reads a deep page from one backward index range (O(limit) rows, not the table)', async () => {
    await t.database.pool.query(
      `insert into inventory_movements (item_id, tipo, quantidade, saldo_apos, created_at)
       select case when g % 10 = 0 then $1::int else $2::int end, 'saida', 1, 0,
         timestamptz '2024-01-01 00:00:00Z' + (g / 3) * interval '1 minute'
       from generate_series(1, 30000) g`,
      [glue, drill],
    );
    // Statistics from every row, so the plan does not depend on ANALYZE's random sample.
    await t.database.pool.query(
      'set default_statistics_target = 1000; analyze inventory_movements; reset default_statistics_target',
    );
    for (const itemId of [undefined, glue]) {
      const ids = await expectedIds(itemId ? `item_id = ${itemId}` : 'true');
      const before = ids[Math.floor(ids.length * 0.8)]!;
      // The statement the route runs for a page of 50 (51 rows: one more tells of a next page).
      const q = createInventoryRepo(t.database.db).movements({ itemId, before, limit: 51 }).toSQL();
      const explained = await t.database.pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `explain (analyze, format json) ${q.sql}`,
        q.params,
      );
      const plan = nodes(explained.rows[0]!['QUERY PLAN'][0].Plan);
      const scans = plan.filter((n) => n.Alias === 'inventory_movements');
      expect(scans.map((n) => n['Index Name'])).toEqual([
        itemId ? 'inventory_movements_item_idx' : 'inventory_movements_created_idx',
      ]);
      expect(plan.map((n) => n['Node Type'])).not.toContain('Sort');
      expect(plan.map((n) => n['Node Type'])).not.toContain('Incremental Sort');
      expect(scans[0]!['Actual Rows'] + (scans[0]!['Rows Removed by Filter'] ?? 0)).toBe(51);
    }
    // The route answers that page the same way.
    const all = await expectedIds();
    const deep = await page(`limit=50&before=${all[24_000]}`);
    expect(deep.items.map((i) => i.id)).toEqual(all.slice(24_001, 24_051));
  });
});

interface PlanNode {
  'Node Type': string;
  Alias?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];
