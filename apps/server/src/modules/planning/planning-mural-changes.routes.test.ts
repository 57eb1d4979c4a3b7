import { randomUUID } from 'node:crypto';
import {
  CHANGES_HEADER,
  ORIGIN_HEADER,
  parseChangesHeader,
  RT_EVENTS,
  type CalendarChanges,
  type CalendarItem,
  type GanttMuralChanges,
  type GanttMuralResponse,
} from '@eproto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { murals, protocols } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { cursorParam, HOSTILE_CURSORS } from '../../../test/hostile-cursors.ts';
import {
  link,
  linkContract,
  makeBoard,
  makeContract,
  makeDatedTask,
  makeMural,
  person,
  type Person,
} from './planning.fixtures.ts';

// Issue 37: a demand's own Gantt and Calendário tabs patch themselves from
// GET /gantt/murals/{id}/changes and GET /murals/{id}/calendar/changes.

let t: TestApp;
let gerente: Person;
let outsider: Person;
let demand: number;
let foreign: number;
const task = {} as Record<'a' | 'b' | 'd' | 'undated', number>;
const OLD = new Date('2026-01-05T12:00:00Z');
const SINCE = '2026-02-01T00:00:00-03:00';

beforeAll(async () => {
  t = await createTestApp();
  gerente = await person(t, 'Gerente');
  const coord = await person(t, 'Coordenador', 'Carlos Souza');
  outsider = await person(t, 'Coordenador', 'Tatiane Rocha');
  const c = await makeContract(t);
  await linkContract(t, c.id, gerente.user.id, coord.user.id);
  const board = (await makeBoard(t, { contractId: c.id })).id;
  const dates = { inicioPrevisto: '2026-04-01', fimPrevisto: '2026-04-30' };
  demand = (await makeMural(t, { boardId: board, contractId: c.id, titulo: 'Obra', ...dates })).id;
  const at = (titulo: string, ini: string, fim: string) =>
    makeDatedTask(t, { muralId: demand, titulo, ini, fim, responsavelId: coord.user.id });
  // A (3 d) -> B (2 d) is the critical chain; D stands alone, shorter.
  task.a = (await at('A', '2026-04-06', '2026-04-08')).id;
  task.b = (await at('B', '2026-04-09', '2026-04-10')).id;
  task.d = (await at('D', '2026-04-06', '2026-04-06')).id;
  task.undated = (await makeDatedTask(t, { muralId: demand, titulo: 'Sem data' })).id;
  await link(t, task.a, task.b);
  const other = await makeContract(t);
  const otherBoard = (await makeBoard(t, { contractId: other.id })).id;
  foreign = (await makeMural(t, { boardId: otherBoard, contractId: other.id, ...dates })).id;
  await t.database.db.update(protocols).set({ updatedAt: OLD });
  await t.database.db.update(murals).set({ updatedAt: OLD });
});
afterAll(async () => t.close());

const ganttChanges = async (since = SINCE, id = demand) => {
  const res = await gerente.call(
    'GET',
    `/api/eproto/gantt/murals/${id}/changes?${cursorParam(since)}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<GanttMuralChanges>();
};
const gantt = async () =>
  (await gerente.call('GET', `/api/eproto/gantt/murals/${demand}`)).json<GanttMuralResponse>();
const calendarChanges = async (since = SINCE, q = '') => {
  const res = await gerente.call(
    'GET',
    `/api/eproto/murals/${demand}/calendar/changes?${q}${cursorParam(since)}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CalendarChanges>();
};
const calendar = async (q = '') =>
  (await gerente.call('GET', `/api/eproto/murals/${demand}/calendar?${q}`)).json<CalendarItem[]>();
const key = (i: CalendarItem) => `${i.type}:${i.id}`;
const moveTask = async (id: number, ini: string, fim: string) => {
  const res = await gerente.call(
    'PATCH',
    `/api/eproto/protocols/${id}`,
    { inicio_previsto: ini, fim_previsto: fim },
    { [ORIGIN_HEADER]: randomUUID() },
  );
  expect(res.statusCode, res.body).toBe(200);
  const event = parseChangesHeader(res.headers[CHANGES_HEADER] as string).find(
    (e) => e.type === RT_EVENTS.protocolChanged,
  );
  return event!.version!;
};

describe('GET /api/eproto/gantt/murals/{id}/changes', () => {
  it('answers no task when nothing changed, the rest as the full read has it', async () => {
    const full = await gantt();
    const answer = await ganttChanges();
    expect(answer.tasks).toEqual([]);
    expect(answer.ids).toEqual(full.tasks.map((x) => x.id));
    expect(answer.critical).toEqual(full.tasks.filter((x) => x.critical).map((x) => x.id));
    expect(answer).toMatchObject({
      mural: full.mural,
      links: full.links,
      sem_datas: full.sem_datas,
      critical_days: full.critical_days,
    });
    expect(answer.ids).not.toContain(task.undated);
  });

  it('answers the moved task as the full read has it and the critical path now', async () => {
    // D grows past the A -> B chain: D is critical now, A and B no longer.
    const version = await moveTask(task.d, '2026-04-06', '2026-04-20');
    const answer = await ganttChanges(version);
    const full = await gantt();
    expect(answer.tasks).toEqual(full.tasks.filter((x) => x.id === task.d));
    expect(answer.critical).toEqual([task.d]);
    expect(answer.ids).toEqual(full.tasks.map((x) => x.id));
    expect(answer.links).toEqual(full.links);
    expect(answer.critical_days).toBe(full.critical_days);
  });

  it('answers every dated task when the demand changed (they show its title)', async () => {
    const since = new Date().toISOString();
    const res = await gerente.call('PATCH', `/api/eproto/murals/${demand}`, { titulo: 'Obra 2' });
    expect(res.statusCode).toBe(200);
    const answer = await ganttChanges(since);
    expect(answer.tasks).toEqual((await gantt()).tasks);
    expect(answer.mural.titulo).toBe('Obra 2');
  });

  it("does not leak another contract's demand, and refuses hostile ids and cursors", async () => {
    const res = await gerente.call(
      'GET',
      `/api/eproto/gantt/murals/${foreign}/changes?${cursorParam(SINCE)}`,
    );
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('2026-04');
    const theirs = await outsider.call(
      'GET',
      `/api/eproto/gantt/murals/${demand}/changes?${cursorParam(SINCE)}`,
    );
    expect(theirs.statusCode).toBe(404);
    for (const id of ['0', '-1', '2147483648', 'abc', '1.5']) {
      const r = await gerente.call(
        'GET',
        `/api/eproto/gantt/murals/${id}/changes?${cursorParam(SINCE)}`,
      );
      expect(r.statusCode, id).toBe(400);
    }
    for (const since of HOSTILE_CURSORS) {
      const r = await gerente.call(
        'GET',
        `/api/eproto/gantt/murals/${demand}/changes?${cursorParam(since)}`,
      );
      expect(r.statusCode, since).toBe(400);
    }
    expect(
      (await gerente.call('GET', `/api/eproto/gantt/murals/${demand}/changes`)).statusCode,
    ).toBe(400);
  });
});

describe('GET /api/eproto/murals/{id}/calendar/changes', () => {
  it('answers nothing changed and the ids of every entry of the demand', async () => {
    const since = new Date().toISOString();
    const full = await calendar();
    const answer = await calendarChanges(since);
    expect(answer.items).toEqual([]);
    expect(answer.murals).toEqual([demand]);
    expect(answer.tasks.sort((x, y) => x - y)).toEqual(
      full
        .filter((i) => i.type === 'task')
        .map((i) => i.id)
        .sort((x, y) => x - y),
    );
  });

  it('answers a moved task as the full read has it, and drops one moved out of the range', async () => {
    const version = await moveTask(task.d, '2026-04-07', '2026-04-21');
    const answer = await calendarChanges(version);
    const full = await calendar();
    expect(answer.items).toEqual(full.filter((i) => key(i) === `task:${task.d}`));
    const q = 'start=2026-04-01&end=2026-04-30&';
    const out = await moveTask(task.d, '2026-06-01', '2026-06-02');
    const ranged = await calendarChanges(out, q);
    expect(ranged.items).toEqual([]);
    expect(ranged.tasks).not.toContain(task.d);
    expect(ranged.tasks).toContain(task.b);
    expect(ranged.tasks.sort()).toEqual(
      (await calendar(q))
        .filter((i) => i.type === 'task')
        .map((i) => i.id)
        .sort(),
    );
  });

  it('answers the demand and its tasks again when the demand changed', async () => {
    const since = new Date().toISOString();
    const res = await gerente.call('PATCH', `/api/eproto/murals/${demand}`, { titulo: 'Obra 3' });
    expect(res.statusCode).toBe(200);
    const answer = await calendarChanges(since);
    expect(answer.items.map(key).sort()).toEqual((await calendar()).map(key).sort());
    expect(answer.items.every((i) => i.mural_titulo === 'Obra 3')).toBe(true);
  });

  it("does not leak another contract's demand, and refuses hostile ids, cursors and ranges", async () => {
    const res = await gerente.call(
      'GET',
      `/api/eproto/murals/${foreign}/calendar/changes?${cursorParam(SINCE)}`,
    );
    expect(res.statusCode).toBe(404);
    const theirs = await outsider.call(
      'GET',
      `/api/eproto/murals/${demand}/calendar/changes?${cursorParam(SINCE)}`,
    );
    expect(theirs.statusCode).toBe(404);
    for (const id of ['0', '-1', '2147483648', 'abc']) {
      const r = await gerente.call(
        'GET',
        `/api/eproto/murals/${id}/calendar/changes?${cursorParam(SINCE)}`,
      );
      expect(r.statusCode, id).toBe(400);
    }
    for (const since of HOSTILE_CURSORS) {
      const r = await gerente.call(
        'GET',
        `/api/eproto/murals/${demand}/calendar/changes?${cursorParam(since)}`,
      );
      expect(r.statusCode, since).toBe(400);
    }
    const backwards = await gerente.call(
      'GET',
      `/api/eproto/murals/${demand}/calendar/changes?start=2026-04-10&end=2026-04-01&${cursorParam(SINCE)}`,
    );
    expect(backwards.statusCode).toBe(400);
  });
});
