import { randomUUID } from 'node:crypto';
import {
  CHANGES_HEADER,
  ORIGIN_HEADER,
  parseChangesHeader,
  RT_EVENTS,
  type CalendarChanges,
  type CalendarItem,
  type GanttMuralResponse,
  type GanttTeamChanges,
  type GanttTeamResponse,
} from '@eproto/domain';
import { inArray } from 'drizzle-orm';
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

// Issue 37: an open calendar and team Gantt patch themselves from GET /calendar/changes and
// GET /gantt/team/changes instead of reading their whole range again.

let t: TestApp;
let gerente: Person;
let coord: Person;
let outsider: Person;
let demand: number;
let quiet: number;
let foreign: number;
const task = {} as Record<'a' | 'b' | 'd' | 'q' | 'foreign', number>;
const dep = {} as Record<'ab', number>;
const OLD = new Date('2026-01-05T12:00:00Z');
const SINCE = '2026-02-01T00:00:00-03:00';
const RANGE = 'start=2026-04-01&end=2026-04-30';

beforeAll(async () => {
  t = await createTestApp();
  gerente = await person(t, 'Gerente');
  coord = await person(t, 'Coordenador', 'Carlos Souza');
  outsider = await person(t, 'Coordenador', 'Tatiane Rocha');
  const c = await makeContract(t);
  await linkContract(t, c.id, gerente.user.id, coord.user.id);
  const board = (await makeBoard(t, { contractId: c.id })).id;
  const dates = { inicioPrevisto: '2026-04-01', fimPrevisto: '2026-04-30' };
  demand = (await makeMural(t, { boardId: board, contractId: c.id, titulo: 'Obra', ...dates })).id;
  quiet = (await makeMural(t, { boardId: board, contractId: c.id, titulo: 'Calma', ...dates })).id;
  // A (3 d) -> B (2 d) is the critical chain of the demand; D stands alone, shorter.
  const at = (muralId: number, titulo: string, ini: string, fim: string) =>
    makeDatedTask(t, { muralId, titulo, ini, fim, responsavelId: coord.user.id });
  task.a = (await at(demand, 'A', '2026-04-06', '2026-04-08')).id;
  task.b = (await at(demand, 'B', '2026-04-09', '2026-04-10')).id;
  task.d = (await at(demand, 'D', '2026-04-06', '2026-04-06')).id;
  task.q = (await at(quiet, 'Q', '2026-04-14', '2026-04-15')).id;
  dep.ab = (await link(t, task.a, task.b)).id;
  const other = await makeContract(t);
  const otherBoard = (await makeBoard(t, { contractId: other.id })).id;
  foreign = (await makeMural(t, { boardId: otherBoard, contractId: other.id, ...dates })).id;
  task.foreign = (await at(foreign, 'Fora', '2026-04-07', '2026-04-07')).id;
  await t.database.db.update(protocols).set({ updatedAt: OLD });
  await t.database.db.update(murals).set({ updatedAt: OLD });
});
afterAll(async () => t.close());

const calendarChanges = async (since = SINCE, q = RANGE, who = gerente) => {
  const res = await who.call('GET', `/api/eproto/calendar/changes?${q}&${cursorParam(since)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CalendarChanges>();
};
const calendar = async (q = RANGE) =>
  (await gerente.call('GET', `/api/eproto/calendar?${q}`)).json<CalendarItem[]>();
const ganttChanges = async (since = SINCE, q = RANGE, who = gerente) => {
  const res = await who.call('GET', `/api/eproto/gantt/team/changes?${q}&${cursorParam(since)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<GanttTeamChanges>();
};
const gantt = async (q = RANGE) =>
  (await gerente.call('GET', `/api/eproto/gantt/team?${q}`)).json<GanttTeamResponse>();
const key = (i: CalendarItem) => `${i.type}:${i.id}`;
const moveTask = (id: number, ini: string, fim: string, headers?: Record<string, string>) =>
  gerente.call(
    'PATCH',
    `/api/eproto/protocols/${id}`,
    { inicio_previsto: ini, fim_previsto: fim },
    headers,
  );

describe('GET /api/eproto/calendar/changes', () => {
  it('answers nothing changed and the ids of every entry in the range', async () => {
    const full = await calendar();
    const answer = await calendarChanges();
    expect(answer.items).toEqual([]);
    expect(answer.murals).toEqual(
      full
        .filter((i) => i.type === 'mural')
        .map((i) => i.id)
        .sort((x, y) => x - y),
    );
    expect(answer.tasks.sort((x, y) => x - y)).toEqual(
      full
        .filter((i) => i.type === 'task')
        .map((i) => i.id)
        .sort((x, y) => x - y),
    );
    expect(answer.tasks).not.toContain(task.foreign);
    expect(answer.murals).not.toContain(foreign);
  });

  it('answers a moved task as the full read has it, and drops one moved out of the range', async () => {
    expect((await moveTask(task.d, '2026-04-20', '2026-04-21')).statusCode).toBe(200);
    const answer = await calendarChanges();
    const full = await calendar();
    expect(answer.items.map(key)).toEqual([`task:${task.d}`]);
    expect(answer.items[0]).toEqual(full.find((i) => key(i) === `task:${task.d}`));

    const since = answer.cursor;
    expect((await moveTask(task.d, '2026-06-01', '2026-06-02')).statusCode).toBe(200);
    const after = await calendarChanges(since);
    expect(after.items).toEqual([]);
    expect(after.tasks).not.toContain(task.d);
    expect(after.tasks).toContain(task.q);
  });

  it("answers a demand's tasks again when the demand changed (they show its title)", async () => {
    const since = new Date().toISOString();
    const res = await gerente.call('PATCH', `/api/eproto/murals/${quiet}`, { titulo: 'Calma 2' });
    expect(res.statusCode).toBe(200);
    const answer = await calendarChanges(since);
    expect(answer.items.map(key).sort()).toEqual([`mural:${quiet}`, `task:${task.q}`].sort());
    expect(answer.items.every((i) => i.mural_titulo === 'Calma 2')).toBe(true);
    const onlyTasks = await calendarChanges(since, `${RANGE}&type=task`);
    expect(onlyTasks.items.map(key)).toEqual([`task:${task.q}`]);
    expect(onlyTasks.murals).toEqual([]);
  });

  it('never answers entries out of scope, changed or not', async () => {
    await t.database.db
      .update(protocols)
      .set({ updatedAt: new Date() })
      .where(inArray(protocols.id, [task.foreign]));
    const answer = await calendarChanges(SINCE, RANGE, outsider);
    expect(answer).toMatchObject({ items: [], murals: [], tasks: [] });
  });

  it('refuses hostile cursors and ranges (400, never 500)', async () => {
    for (const since of [...HOSTILE_CURSORS, '0x10']) {
      const res = await gerente.call(
        'GET',
        `/api/eproto/calendar/changes?${RANGE}&${cursorParam(since)}`,
      );
      expect(res.statusCode, since).toBe(400);
    }
    for (const q of [RANGE, 'start=2026-04-10&end=2026-04-01&updated_since=2026-02-01T00:00:00Z']) {
      expect((await gerente.call('GET', `/api/eproto/calendar/changes?${q}`)).statusCode).toBe(400);
    }
  });
});

describe('GET /api/eproto/gantt/team/changes', () => {
  it('answers every task and arrow of a demand whose task moved, as the full read has them', async () => {
    const res = await moveTask(task.b, '2026-04-09', '2026-04-13', {
      [ORIGIN_HEADER]: randomUUID(),
    });
    expect(res.statusCode).toBe(200);
    const event = parseChangesHeader(res.headers[CHANGES_HEADER] as string).find(
      (e) => e.type === RT_EVENTS.protocolChanged,
    );
    const answer = await ganttChanges(event!.version);
    const full = await gantt();
    expect(answer.murals).toEqual([demand]);
    expect(answer.ids).toEqual(full.tasks.map((x) => x.id));
    const inDemand = full.tasks.filter((x) => x.mural_id === demand);
    expect(answer.tasks).toEqual(inDemand);
    expect(answer.tasks.find((x) => x.id === task.b)).toMatchObject({
      end: '2026-04-13',
      critical: true,
    });
    expect(answer.links).toEqual(full.links.filter((l) => l.id === dep.ab));
    expect(answer.sem_datas).toBe(full.sem_datas);
    expect(answer.tasks.map((x) => x.id)).not.toContain(task.q);
  });

  it('answers the demand without the arrow once a link is removed', async () => {
    const since = new Date().toISOString();
    const res = await gerente.call(
      'DELETE',
      `/api/eproto/protocols/${task.b}/dependencies/${dep.ab}`,
    );
    expect(res.statusCode).toBe(200);
    // A removed link changes no task's version: the event's version is older than `since`.
    const answer = await ganttChanges(since);
    expect(answer.murals).toEqual([]);
    const older = await ganttChanges(SINCE);
    expect(older.murals).toContain(demand);
    expect(older.links).toEqual([]);
    const full = await gantt();
    expect(older.tasks).toEqual(full.tasks.filter((x) => older.murals.includes(x.mural_id)));
    expect(full.links).toEqual([]);
  });

  it("scopes as the full read: a coordenador's team, 404 for one out of scope", async () => {
    const mine = await ganttChanges(SINCE, `${RANGE}&coordenador_id=${coord.user.id}`);
    expect(mine.ids).toEqual(
      (await gantt(`${RANGE}&coordenador_id=${coord.user.id}`)).tasks.map((x) => x.id),
    );
    const res = await gerente.call(
      'GET',
      `/api/eproto/gantt/team/changes?${RANGE}&coordenador_id=${outsider.user.id}&${cursorParam(SINCE)}`,
    );
    expect(res.statusCode).toBe(404);
    const theirs = await ganttChanges(SINCE, RANGE, outsider);
    expect(theirs).toMatchObject({ murals: [], tasks: [], ids: [], links: [] });
  });

  it('refuses hostile cursors and ids (400, never 500)', async () => {
    for (const since of [...HOSTILE_CURSORS, '0x10']) {
      const res = await gerente.call(
        'GET',
        `/api/eproto/gantt/team/changes?${RANGE}&${cursorParam(since)}`,
      );
      expect(res.statusCode, since).toBe(400);
    }
    for (const q of [RANGE, `${RANGE}&coordenador_id=${2 ** 31}&${cursorParam(SINCE)}`]) {
      expect((await gerente.call('GET', `/api/eproto/gantt/team/changes?${q}`)).statusCode).toBe(
        400,
      );
    }
  });
});

describe('versions for a kanban move (issue 37: calendars and Gantts check `from`)', () => {
  it("every entry and bar carries its demand's or task's version, the one a move starts from", async () => {
    const read = async <T>(path: string) => {
      const res = await gerente.call('GET', path);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<T>();
    };
    const card = await read<{ updated_at: string }>(`/api/eproto/murals/${demand}`);
    const taskA = await read<{ updated_at: string }>(`/api/eproto/protocols/${task.a}`);
    const views = async () => ({
      range: await calendar(),
      tab: await read<CalendarItem[]>(`/api/eproto/murals/${demand}/calendar`),
      team: await gantt(),
      chart: await read<GanttMuralResponse>(`/api/eproto/gantt/murals/${demand}`),
    });
    const before = await views();
    const entryOf = (items: CalendarItem[], type: 'mural' | 'task', id: number) =>
      items.find((i) => i.type === type && i.id === id)!;
    // As the summaries and the event send it (Date.toISOString), compared as is.
    expect(entryOf(before.range, 'mural', demand).version).toBe(card.updated_at);
    expect(entryOf(before.tab, 'mural', demand).version).toBe(card.updated_at);
    expect(entryOf(before.range, 'task', task.a).version).toBe(taskA.updated_at);
    expect(before.chart.mural.version).toBe(card.updated_at);
    const bars = before.team.tasks.filter((x) => x.mural_id === demand);
    expect(bars.length).toBeGreaterThan(0);
    expect(bars.every((x) => x.mural_version === card.updated_at)).toBe(true);

    const moved = await gerente.call('PATCH', `/api/eproto/murals/${demand}/kanban`, {
      stage: 'em_andamento',
    });
    expect(moved.statusCode).toBe(200);
    const version = moved.json<{ updated_at: string }>().updated_at;
    expect(version).not.toBe(card.updated_at);
    const after = await views();
    expect(entryOf(after.range, 'mural', demand)).toMatchObject({ stage: 'em_andamento', version });
    expect(after.chart.mural.version).toBe(version);
    expect(after.team.tasks.filter((x) => x.mural_id === demand)[0]!.mural_version).toBe(version);
    // The changes answers carry them too, as the full reads.
    const changes = await calendarChanges(version);
    expect(entryOf(changes.items, 'mural', demand)).toEqual(entryOf(after.range, 'mural', demand));
    const teamChanges = await ganttChanges(version);
    expect(teamChanges.tasks.filter((x) => x.mural_id === demand)).toEqual(
      after.team.tasks.filter((x) => x.mural_id === demand),
    );
  });
});
