import { inArray } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { CHANGES_HEADER, ORIGIN_HEADER, parseChangesHeader, RT_EVENTS } from '@eproto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { murals, protocols } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeMural,
  person,
  type Person,
} from '../murals/murals.fixtures.ts';
import { insertTask } from './protocols.fixtures.ts';

// Issue 37: the task list and the tasks kanban patch the page a tab shows from
// GET /protocols/changes instead of reading the list again.

let t: TestApp;
let gerente: Person;
let demand: number;
let foreignTask: number;
/** Four tasks of the gerente's demand, due one day apart (the list's default order). */
const mine: number[] = [];
const OLD = new Date('2026-01-05T12:00:00Z');
const SINCE = '2026-02-01T00:00:00-03:00';

interface Changes {
  items: Array<{ id: number; stage: string; titulo: string; mural_titulo: string }>;
  ids: number[];
  total: number;
  cursor: string;
}

beforeAll(async () => {
  t = await createTestApp();
  gerente = await person(t, 'Gerente');
  const c = await makeContract(t);
  await linkContract(t, c.id, gerente.user.id);
  const board = (await makeBoard(t, { contractId: c.id })).id;
  demand = (await makeMural(t, { boardId: board, contractId: c.id, titulo: 'Reforma' })).id;
  for (let i = 1; i <= 4; i += 1) {
    mine.push((await insertTask(t, { muralId: demand, fim: `2026-12-0${i}` })).id);
  }
  const other = await makeContract(t);
  const otherBoard = (await makeBoard(t, { contractId: other.id })).id;
  const otherDemand = (await makeMural(t, { boardId: otherBoard, contractId: other.id })).id;
  foreignTask = (await insertTask(t, { muralId: otherDemand, fim: '2026-12-01' })).id;
  await t.database.db
    .update(protocols)
    .set({ updatedAt: OLD })
    .where(inArray(protocols.id, [...mine, foreignTask]));
  await t.database.db.update(murals).set({ updatedAt: OLD });
});
afterAll(async () => t.close());

const ask = (query: string) => gerente.call('GET', `/api/eproto/protocols/changes?${query}`);
const pageOf = async (query: string, since = SINCE) => {
  const res = await ask(`${query}&updated_since=${encodeURIComponent(since)}`);
  expect(res.statusCode).toBe(200);
  return res.json<Changes>();
};

describe('GET /api/eproto/protocols/changes', () => {
  it("answers the page's ids in order and nothing changed", async () => {
    const answer = await pageOf('page=1&perPage=3');
    expect(answer).toMatchObject({ items: [], ids: mine.slice(0, 3), total: 4 });
  });

  it('answers a moved task as the list shows it, and drops it from a stage filter', async () => {
    const moved = await gerente.call('PATCH', `/api/eproto/protocols/${mine[1]}/kanban`, {
      stage: 'em_andamento',
    });
    expect(moved.statusCode).toBe(200);
    const answer = await pageOf('page=1&perPage=3');
    expect(answer.ids).toEqual(mine.slice(0, 3));
    expect(answer.items.map((x) => [x.id, x.stage])).toEqual([[mine[1], 'em_andamento']]);
    const full = await gerente.call('GET', '/api/eproto/protocols?page=1&perPage=3');
    expect(full.json<Changes['items']>()[1]).toEqual(answer.items[0]);
    const todo = await pageOf('page=1&perPage=10&stage=a_fazer');
    expect(todo.ids).toEqual([mine[0], mine[2], mine[3]]);
    expect(todo.total).toBe(3);
  });

  it('brings every task of a renamed demand (its title is on the row)', async () => {
    const since = new Date().toISOString();
    const renamed = await gerente.call('PATCH', `/api/eproto/murals/${demand}`, {
      titulo: 'Reforma do telhado',
    });
    expect(renamed.statusCode).toBe(200);
    const answer = await pageOf('page=1&perPage=10', since);
    expect(answer.items.map((x) => x.mural_titulo)).toEqual(Array(4).fill('Reforma do telhado'));
  });

  it("never answers a task outside the caller's scope, even changed and searched", async () => {
    await t.database.db
      .update(protocols)
      .set({ updatedAt: new Date() })
      .where(inArray(protocols.id, [foreignTask]));
    const all = await pageOf('page=1&perPage=100');
    expect(all.ids).not.toContain(foreignTask);
    expect(all.items.map((x) => x.id)).not.toContain(foreignTask);
    expect(await pageOf(`page=1&perPage=10&q=%23${foreignTask}`)).toMatchObject({
      ids: [],
      items: [],
      total: 0,
    });
  });

  it('refuses hostile cursors and pages (400, never 500)', async () => {
    for (const since of ['2026-03-10T08:30:00', '0000-01-01T00:00:00Z', '0x10', '2147483648']) {
      const res = await ask(`page=1&updated_since=${encodeURIComponent(since)}`);
      expect(res.statusCode, since).toBe(400);
      expect(res.json<{ error: string }>().error, since).toContain('updated_since');
    }
    expect((await ask(`updated_since=${encodeURIComponent('\u0000')}`)).statusCode).toBe(400);
    expect((await ask('page=1')).statusCode).toBe(400);
    const huge = await ask(`page=2147483648&updated_since=${encodeURIComponent(SINCE)}`);
    expect(huge.statusCode).toBe(400);
  });

  it("'protocol.changed' carries the task's new updated_at as its version", async () => {
    const moved = await gerente.call(
      'PATCH',
      `/api/eproto/protocols/${mine[2]}/kanban`,
      { stage: 'em_andamento' },
      { [ORIGIN_HEADER]: randomUUID() },
    );
    expect(moved.statusCode).toBe(200);
    const changes = parseChangesHeader(moved.headers[CHANGES_HEADER] as string);
    const event = changes.find((e) => e.type === RT_EVENTS.protocolChanged);
    expect(event?.version).toBe(moved.json<{ updated_at: string }>().updated_at);
  });
});
