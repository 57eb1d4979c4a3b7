import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_FILTERS, type ActivityFilter } from '@eproto/domain';
import { activityLog } from '../../db/schema/index.ts';
import { createActivityRepo, type ActivityFilterInput } from './activity.repo.ts';
import {
  createTestApp,
  createUser,
  spa,
  userWithSession,
  type TestApp,
} from '../../../test/helpers.ts';
import { walkPages } from '../../../test/keyset-walk.ts';

// GET /api/activity is paged by a keyset cursor (?before=<last id shown>&limit=), newest first
// in (created_at, id) order, with every filter; pages must not skip or repeat rows when the log
// grows between them.

let t: TestApp;
let ti: string;
let a: { id: number; email: string };
let b: { id: number; email: string };

interface Page {
  items: Array<{ id: number; action: string; createdAt: string }>;
  nextBefore: number | null;
}

const read = (query: string) =>
  t.app.inject({ method: 'GET', url: `/api/activity?${query}`, headers: { cookie: ti } });

async function page(query: string): Promise<Page> {
  const res = await read(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page>();
}

const walk = (filter: string, limit: number, between?: () => Promise<void>) =>
  walkPages(page, filter, limit, between);

/** What each filter meant when the log was paged by OFFSET: the reference for the pages. */
const OLD_CONDITIONS: Record<ActivityFilter, string> = {
  login: `action = 'login'`,
  login_failed: `action = 'login_failed'`,
  logout: `action = 'logout'`,
  invite_accepted: `action = 'invite_accepted'`,
  password: `action in ('password_reset_requested', 'password_reset')`,
  write: `(action like 'POST /%' or action like 'PUT /%' or action like 'PATCH /%' or action like 'DELETE /%')`,
  create: `action like 'POST /%'`,
  update: `(action like 'PUT /%' or action like 'PATCH /%')`,
  delete: `action like 'DELETE /%'`,
};

async function expectedIds(where: string): Promise<number[]> {
  const r = await t.database.pool.query<{ id: number }>(
    `select id from activity_log where ${where} order by created_at desc, id desc`,
  );
  return r.rows.map((x) => Number(x.id));
}

const ACTIONS = [
  'login',
  'login_failed',
  'logout',
  'invite_accepted',
  'password_reset_requested',
  'password_reset',
  'POST /api/eproto/murals',
  'PATCH /api/eproto/murals/:id/kanban',
  'PUT /api/users/:id',
  'DELETE /api/eproto/murals/:id/attachments/:attId',
  'sst_aso_view',
];

beforeAll(async () => {
  t = await createTestApp();
  ti = (await userWithSession(t, 'TI')).cookie;
  a = await createUser(t, { role: 'Gerente', nome: 'Paula Keyset' });
  b = await createUser(t, { role: 'Equipe', nome: 'Rui Keyset' });
  // 90 rows in bursts of 6 sharing one timestamp (a page boundary falls inside a burst).
  await t.database.db.insert(activityLog).values(
    Array.from({ length: 90 }, (_, i) => ({
      userId: i % 3 === 0 ? b.id : a.id,
      action: ACTIONS[i % ACTIONS.length]!,
      createdAt: new Date(Date.UTC(2026, 9, 1, 8, Math.floor(i / 6), 0, 123)),
    })),
  );
});
afterAll(async () => t.close());

describe('GET /api/activity keyset pages', () => {
  it('walks every row once, newest first, across pages with equal timestamps', async () => {
    const expected = await expectedIds('true');
    expect(await walk('', 7)).toEqual(expected);
  });

  it.each(ACTIVITY_FILTERS.map((f) => f.value))('walks the filter %s like before', async (f) => {
    const expected = await expectedIds(OLD_CONDITIONS[f]);
    expect(expected.length).toBeGreaterThan(0);
    expect(await walk(`action=${f}`, 4)).toEqual(expected);
    const mine = await expectedIds(`${OLD_CONDITIONS[f]} and user_id = ${a.id}`);
    expect(await walk(`action=${f}&userId=${a.id}`, 3)).toEqual(mine);
  });

  it('walks a period of days in the company time zone', async () => {
    await t.database.db.insert(activityLog).values([
      { userId: b.id, action: 'login', createdAt: new Date('2026-08-03T02:30:00Z') }, // 2 Aug SP
      { userId: b.id, action: 'login', createdAt: new Date('2026-08-02T12:00:00Z') },
      { userId: b.id, action: 'logout', createdAt: new Date('2026-08-02T03:00:00Z') }, // 2 Aug 00:00 SP
      { userId: b.id, action: 'login', createdAt: new Date('2026-08-02T02:59:59Z') }, // 1 Aug SP
    ]);
    const ids = await walk(`userId=${b.id}&from=2026-08-02&to=2026-08-02`, 1);
    expect(ids).toEqual(
      await expectedIds(
        `user_id = ${b.id} and created_at >= '2026-08-02T03:00:00Z' and created_at < '2026-08-03T03:00:00Z'`,
      ),
    );
    expect(ids).toHaveLength(3);
  });

  it('neither skips nor repeats rows when new rows are logged between pages', async () => {
    const { user, cookie } = await userWithSession(t, 'Coordenador');
    const expected = await expectedIds('true');
    let n = 0;
    const seen = await walk('', 10, async () => {
      n += 1;
      // A real audited write and sign-out, plus a burst written now by another path.
      await t.app.inject({
        method: 'PATCH',
        url: '/api/profile',
        headers: { ...spa, cookie },
        payload: { nome: `Coordenação ${n}` },
      });
      await t.database.db
        .insert(activityLog)
        .values(Array.from({ length: 12 }, () => ({ userId: user.id, action: 'login' })));
    });
    expect(n).toBeGreaterThan(3);
    expect(await expectedIds('true')).not.toEqual(expected);
    expect(seen).toEqual(expected);
  });

  it('answers the first 50 without a cursor, and an empty page for an unknown cursor', async () => {
    const first = await page('');
    expect(first.items.map((i) => i.id)).toEqual((await expectedIds('true')).slice(0, 50));
    expect(first.nextBefore).toBe(first.items[49]!.id);
    const unknown = await page('before=2147483647');
    expect(unknown).toEqual({ items: [], nextBefore: null });
  });

  it('refuses hostile cursors and sizes with 400 in Portuguese, never 500', async () => {
    for (const qs of [
      'before=0000-01-01',
      'before=0000-01-01T00:00:00Z',
      'before=%00',
      'before=1%00',
      'before=2147483648',
      'before=4294967296',
      'before=0x10',
      'before=abc',
      'before=-1',
      'before=0',
      'before=1e3',
      'before=1.5',
      'before=%201',
      "before=1'%20or%201=1",
      'before=1&before=2',
      'before=',
      'limit=0',
      'limit=101',
      'limit=0x10',
      'limit=abc',
    ]) {
      const res = await read(qs);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json<{ error: string }>().error, qs).toMatch(
        /inválid|No máximo|caractere inválido/,
      );
    }
  });
});

describe('activity log plans at depth', () => {
  const LIMIT = 50;
  const TOTAL = 40_000;
  /** Rows of one page as the service asks for it (limit + 1). */
  const PAGE = LIMIT + 1;

  beforeAll(async () => {
    // A long log: writes mostly, sign-ins often, the rest rare; ties in bursts of 4.
    await t.database.pool.query(
      `insert into activity_log (user_id, action, created_at)
       select case when g % 100 = 7 then $1::int else $2::int end,
         case
           when g % 200 = 0 then 'login_failed'
           when g % 200 = 1 then 'password_reset'
           when g % 200 = 2 then 'password_reset_requested'
           when g % 200 = 3 then 'invite_accepted'
           when g % 50 = 4 then 'DELETE /api/eproto/murals/:id/attachments/:attId'
           when g % 10 = 5 then 'PATCH /api/eproto/murals/:id/kanban'
           when g % 20 = 6 then 'PUT /api/users/:id'
           when g % 5 = 1 then 'login'
           when g % 10 = 2 then 'logout'
           else 'POST /api/eproto/murals/:id/messages'
         end,
         timestamptz '2024-01-01 00:00:00Z' + (g / 4) * interval '10 seconds'
       from generate_series(1, ${TOTAL}) g`,
      [b.id, a.id],
    );
    // Statistics from every row, not a random sample: the plans checked below must not depend
    // on which 30,000 rows ANALYZE happened to sample (a sampled run once chose a bitmap scan).
    await t.database.pool.query(
      'set default_statistics_target = 1000; analyze activity_log; reset default_statistics_target',
    );
  });

  interface PlanNode {
    'Node Type': string;
    'Relation Name'?: string;
    Alias?: string;
    'Index Name'?: string;
    'Actual Rows': number;
    'Actual Loops': number;
    'Rows Removed by Filter'?: number;
    'Rows Removed by Index Recheck'?: number;
    Plans?: PlanNode[];
  }
  const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

  /** EXPLAIN ANALYZE of the page the route reads, its cursor `depth` rows down the filter. */
  async function deepPlan(filter: ActivityFilterInput, where: string, depth: number) {
    const ids = await expectedIds(where);
    expect(ids.length).toBeGreaterThan(depth + LIMIT);
    const before = ids[depth]!;
    const repo = createActivityRepo(t.database.db, t.config.COMPANY_TIME_ZONE);
    const rows = await repo.page(filter, LIMIT + 1, before);
    expect(rows.map((r) => r.id)).toEqual(ids.slice(depth + 1, depth + 2 + LIMIT));
    const q = repo.page(filter, LIMIT + 1, before).toSQL();
    const explained = await t.database.pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      `explain (analyze, format json) ${q.sql}`,
      q.params,
    );
    return nodes(explained.rows[0]!['QUERY PLAN'][0].Plan);
  }

  /** A scan of the log for the page (not the cursor's lookup, aliased b, b_1, ...). */
  const isPageScan = (n: PlanNode) =>
    n['Relation Name'] === 'activity_log' && !/^b(_\d+)?$/.test(n.Alias ?? '');

  /** Rows the page read from the log (the cursor's own lookup aside). */
  const logRowsRead = (plan: PlanNode[]) =>
    plan
      .filter((n) => isPageScan(n))
      .reduce(
        (sum, n) =>
          sum +
          n['Actual Rows'] * n['Actual Loops'] +
          (n['Rows Removed by Filter'] ?? 0) +
          (n['Rows Removed by Index Recheck'] ?? 0),
        0,
      );

  const DAY = `created_at >= '2024-01-01T03:00:00Z' and created_at < '2024-01-02T03:00:00Z'`;
  it.each([
    // A rare kind or person is one range of its index: limit + 1 rows per kind.
    ['sem filtro', () => ({}), () => 'true', PAGE],
    ['por pessoa', () => ({ userId: b.id }), () => `user_id = ${b.id}`, PAGE],
    [
      'falhas de login',
      () => ({ action: 'login_failed' }),
      () => OLD_CONDITIONS.login_failed,
      PAGE,
    ],
    [
      'senhas (duas ações)',
      () => ({ action: 'password' }),
      () => OLD_CONDITIONS.password,
      2 * PAGE,
    ],
    ['exclusões', () => ({ action: 'delete' }), () => OLD_CONDITIONS.delete, PAGE],
    // Common kinds (POST, PATCH: most of the log) are cheaper to read in date order and skip
    // the other kinds: a few pages' worth of rows, still independent of the log's length.
    ['todas as alterações', () => ({ action: 'write' }), () => OLD_CONDITIONS.write, 8 * PAGE],
    ['um dia', () => ({ from: '2024-01-01', to: '2024-01-01' }), () => DAY, PAGE],
  ] as Array<[string, () => ActivityFilterInput, () => string, number]>)(
    'a deep page (%s) reads O(limit) rows from an index',
    async (_n, f, w, maxRows) => {
      const filter = f();
      const where = w();
      const total = (await expectedIds(where)).length;
      const plan = await deepPlan(
        filter,
        where,
        Math.min(Math.floor(total * 0.8), total - LIMIT - 3),
      );
      const log = plan.filter((n) => isPageScan(n));
      expect(log.map((n) => n['Node Type'])).not.toContain('Seq Scan');
      expect(log.every((n) => /activity_log_\w+_idx/.test(n['Index Name'] ?? ''))).toBe(true);
      // However deep the page (80 % down a log of 40,000 rows).
      expect(logRowsRead(plan)).toBeLessThanOrEqual(maxRows);
    },
  );
});
