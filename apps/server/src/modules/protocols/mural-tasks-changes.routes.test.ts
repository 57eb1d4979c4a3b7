import { inArray } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { CHANGES_HEADER, ORIGIN_HEADER, parseChangesHeader, RT_EVENTS } from '@eproto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { protocols } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { cursorParam, HOSTILE_CURSORS } from '../../../test/hostile-cursors.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeMural,
  person,
  type Person,
} from '../murals/murals.fixtures.ts';
import { insertTask } from './protocols.fixtures.ts';

// Issue 37: a demand's tasks tab patches itself from GET /murals/{id}/tasks/changes instead of
// reading the demand's tasks again.

let t: TestApp;
let gerente: Person;
let demand: number;
let foreignDemand: number;
/** Three tasks of the gerente's demand, due one day apart (the tab's order). */
const mine: number[] = [];
const OLD = new Date('2026-01-05T12:00:00Z');
const SINCE = '2026-02-01T00:00:00-03:00';

interface Changes {
  items: Array<{ id: number; stage: string; titulo: string; updated_at: string }>;
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
  for (let i = 1; i <= 3; i += 1) {
    mine.push((await insertTask(t, { muralId: demand, fim: `2026-12-0${i}` })).id);
  }
  const other = await makeContract(t);
  const otherBoard = (await makeBoard(t, { contractId: other.id })).id;
  foreignDemand = (await makeMural(t, { boardId: otherBoard, contractId: other.id })).id;
  const foreignTask = (await insertTask(t, { muralId: foreignDemand, fim: '2026-12-01' })).id;
  await t.database.db
    .update(protocols)
    .set({ updatedAt: OLD })
    .where(inArray(protocols.id, [...mine, foreignTask]));
});
afterAll(async () => t.close());

const ask = (id: number, since: string) =>
  gerente.call('GET', `/api/eproto/murals/${id}/tasks/changes?${cursorParam(since)}`);
const changesOf = async (since = SINCE) => {
  const res = await ask(demand, since);
  expect(res.statusCode).toBe(200);
  return res.json<Changes>();
};

describe('GET /api/eproto/murals/{id}/tasks/changes', () => {
  it("answers the tab's ids in order and nothing changed", async () => {
    expect(await changesOf()).toMatchObject({ items: [], ids: mine, total: 3 });
  });

  it('answers a moved task as the tab lists it, and the ids without a deleted one', async () => {
    const moved = await gerente.call('PATCH', `/api/eproto/protocols/${mine[1]}/kanban`, {
      stage: 'em_andamento',
    });
    expect(moved.statusCode).toBe(200);
    const answer = await changesOf();
    expect(answer.ids).toEqual(mine);
    expect(answer.items.map((x) => [x.id, x.stage])).toEqual([[mine[1], 'em_andamento']]);
    const full = await gerente.call('GET', `/api/eproto/murals/${demand}/tasks`);
    expect(full.json<Changes['items']>()[1]).toEqual(answer.items[0]);

    const since = answer.cursor;
    const removed = await gerente.call('DELETE', `/api/eproto/protocols/${mine[2]}`);
    expect(removed.statusCode).toBe(200);
    // The cursor overlaps the last read (SYNC_CURSOR_OVERLAP_MS): the move may come again.
    const after = await changesOf(since);
    expect(after).toMatchObject({ ids: mine.slice(0, 2), total: 2 });
    expect(after.items.map((x) => x.id)).not.toContain(mine[2]);
  });

  it("answers 404 for a demand outside the caller's scope, its tasks never listed", async () => {
    await t.database.db
      .update(protocols)
      .set({ updatedAt: new Date() })
      .where(inArray(protocols.muralId, [foreignDemand]));
    const res = await ask(foreignDemand, SINCE);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('"ids"');
  });

  it('refuses hostile cursors and ids (400, never 500)', async () => {
    for (const since of [...HOSTILE_CURSORS, '0x10']) {
      const res = await ask(demand, since);
      expect(res.statusCode, since).toBe(400);
    }
    expect(
      (await gerente.call('GET', `/api/eproto/murals/${demand}/tasks/changes`)).statusCode,
    ).toBe(400);
    expect((await ask(2 ** 31, SINCE)).statusCode).toBe(400);
  });

  it("'protocol.changed' carries the version the tab asks from", async () => {
    const moved = await gerente.call(
      'PATCH',
      `/api/eproto/murals/${demand}/tasks/${mine[0]}`,
      { stage: 'em_andamento' },
      { [ORIGIN_HEADER]: randomUUID() },
    );
    expect(moved.statusCode).toBe(200);
    const event = parseChangesHeader(moved.headers[CHANGES_HEADER] as string).find(
      (e) => e.type === RT_EVENTS.protocolChanged,
    );
    expect(event?.data).toMatchObject({ mural_id: demand, ids: [mine[0]] });
    expect(event?.version).toBe(moved.json<{ updated_at: string }>().updated_at);
    const answer = await changesOf(event!.version);
    expect(answer.items.map((x) => x.id)).toEqual([mine[0]]);
  });
});
