import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { muralHistory, protocolHistory, serviceOrderHistory } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeMural,
  makeTask,
  person,
  type Person,
} from '../murals/murals.fixtures.ts';
import { createOs, osWorld, type OsWorld } from '../service-orders/os-test-kit.ts';
import { client } from '../tatico/test-kit.ts';

// GET /{id}/history is paged by a keyset cursor (?before=<last id shown>&limit=) on every kind
// of work item: demands, tasks and OSs share the thread code and its index.

let t: TestApp;
let gerente: Person;
let world: OsWorld | undefined;

beforeAll(async () => {
  t = await createTestApp();
  gerente = await person(t, 'Gerente', 'Fernanda Lima');
});
afterAll(async () => t.close());

interface Kind {
  base: string;
  table: typeof muralHistory | typeof protocolHistory | typeof serviceOrderHistory;
  column: string;
  /** Creates an item; `call` reads its history as someone who may see it. */
  create(): Promise<{
    id: number;
    call: (url: string) => Promise<{ statusCode: number; body: string; json: <T>() => T }>;
  }>;
}

async function demand() {
  const c = await makeContract(t);
  await linkContract(t, c.id, gerente.user.id);
  const board = await makeBoard(t, { contractId: c.id });
  return makeMural(t, { boardId: board.id, contractId: c.id, createdBy: gerente.user.id });
}

const asGerente = (url: string) => gerente.call('GET', url);

const KINDS: Kind[] = [
  {
    base: '/api/eproto/murals',
    table: muralHistory,
    column: 'mural_id',
    async create() {
      return { id: (await demand()).id, call: asGerente };
    },
  },
  {
    base: '/api/eproto/protocols',
    table: protocolHistory,
    column: 'protocol_id',
    async create() {
      const m = await demand();
      return { id: (await makeTask(t, { muralId: m.id })).id, call: asGerente };
    },
  },
  {
    base: '/api/tatico/os',
    table: serviceOrderHistory,
    column: 'service_order_id',
    async create() {
      // One OS world per database (its contracts have fixed codes).
      world ??= await osWorld(t);
      const w = world;
      const os = await createOs(t, w);
      const coord = client(t, w.s.coordenador.cookie);
      return { id: os.id, call: (url: string) => coord.get(url) };
    },
  },
];

type Entry = { id: number; created_at: string; texto: string | null };

describe.each(KINDS)('history pages of $base', (kind) => {
  let itemId: number;
  let read: Awaited<ReturnType<Kind['create']>>['call'];
  let expected: number[];

  beforeAll(async () => {
    const item = await kind.create();
    itemId = item.id;
    read = item.call;
    const itemKey = Object.keys(kind.table).find(
      (k) => (kind.table as unknown as Record<string, { name?: string }>)[k]?.name === kind.column,
    )!;
    // 12 entries sharing one timestamp (a burst in one transaction) between older and newer ones.
    const same = new Date('2026-11-20T12:00:00.123456Z');
    const rows = [
      ...Array.from({ length: 3 }, (_, i) => new Date(Date.UTC(2026, 10, 10, 8, i))),
      ...Array.from({ length: 12 }, () => same),
      ...Array.from({ length: 4 }, (_, i) => new Date(Date.UTC(2026, 10, 21, 9, i))),
    ].map((createdAt, i) => ({
      [itemKey]: itemId,
      authorId: gerente.user.id,
      action: 'nota',
      texto: `nota ${i}`,
      createdAt,
    }));
    await t.database.db.insert(kind.table).values(rows as never);
    const all = await t.database.db.execute<{ id: number }>(
      sql`select "id" from ${kind.table} where ${sql.identifier(kind.column)} = ${itemId} order by "created_at" desc, "id" desc`,
    );
    expected = all.rows.map((r) => Number(r.id));
    expect(expected.length).toBeGreaterThanOrEqual(19);
  });

  it('walks every entry once, newest first, across pages with equal timestamps', async () => {
    const seen: number[] = [];
    let before: number | undefined;
    for (let guard = 0; guard < 20; guard++) {
      const qs = before ? `?limit=5&before=${before}` : '?limit=5';
      const res = await read(`${kind.base}/${itemId}/history${qs}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<Entry[]>();
      expect(page.length).toBeLessThanOrEqual(5);
      seen.push(...page.map((e) => e.id));
      if (page.length < 5) break;
      before = page.at(-1)!.id;
    }
    expect(seen).toEqual(expected);
  });

  it('answers the first page of 50 without a cursor', async () => {
    const res = await read(`${kind.base}/${itemId}/history`);
    expect(res.statusCode).toBe(200);
    expect(res.json<Entry[]>().map((e) => e.id)).toEqual(expected.slice(0, 50));
  });

  it('refuses hostile cursors and sizes with 400 in Portuguese, never 500', async () => {
    for (const qs of [
      'before=abc',
      'before=-1',
      'before=0',
      'before=2147483648',
      'before=1e3',
      'before=%201',
      'before=0x10',
      "before=1'%20or%201=1",
      'before=1&before=2',
      'limit=0',
      'limit=201',
      'limit=10.5',
    ]) {
      const res = await read(`${kind.base}/${itemId}/history?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json<{ error: string }>().error, qs).toMatch(/inválid|No máximo/);
    }
  });

  it("gives an empty page for another item's entry or an unknown id (no leak)", async () => {
    const other = await kind.create();
    const res = await other.call(`${kind.base}/${other.id}/history?before=${expected[0]}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<Entry[]>()).toEqual([]);
    const unknown = await read(`${kind.base}/${itemId}/history?before=2147483647`);
    expect(unknown.json<Entry[]>()).toEqual([]);
  });

  it('reads a page from the (item, created_at, id) index without sorting', async () => {
    // Without id in the index the planner must sort the rows of equal created_at
    // (Incremental Sort), and a long history would be read up to the page's end.
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const r = await tx.execute<{ 'QUERY PLAN': string }>(
        sql`explain select "id" from ${kind.table} where ${sql.identifier(kind.column)} = ${itemId}
            and ("created_at", "id") < (select b."created_at", b."id" from ${kind.table} b where b."id" = ${expected[4]!})
            order by "created_at" desc, "id" desc limit 5`,
      );
      return r.rows.map((x) => x['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index (Only )?Scan Backward using \w+_history_\w+_idx/);
    expect(plan).not.toMatch(/Sort/);
  });
});
