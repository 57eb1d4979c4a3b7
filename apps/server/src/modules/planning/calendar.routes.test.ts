import { addDaysTo, todayIn } from '@eproto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeDatedTask,
  makeMural,
  person,
  type Person,
} from './planning.fixtures.ts';

let t: TestApp;
let gerente: Person;
let equipe: Person;
let outsider: Person;
let muralId: number;
let hidden: number;
const task: Record<string, number> = {};

type Item = { type: string; id: number; start: string; end: string; editable: boolean };
const keys = (items: Item[]) => items.map((i) => `${i.type}:${i.id}`);

beforeAll(async () => {
  t = await createTestApp();
  gerente = await person(t, 'Gerente');
  equipe = await person(t, 'Equipe de Campo', 'João Pereira');
  outsider = await person(t, 'Coordenador');
  const c = await makeContract(t);
  await linkContract(t, c.id, gerente.user.id);
  const boardId = (await makeBoard(t, { contractId: c.id })).id;
  muralId = (
    await makeMural(t, {
      boardId,
      contractId: c.id,
      titulo: 'Manutenção preventiva',
      inicioPrevisto: '2026-04-01',
      fimPrevisto: '2026-04-30',
    })
  ).id;
  task.early = (
    await makeDatedTask(t, { muralId, titulo: 'Vistoria', ini: '2026-04-02', fim: '2026-04-03' })
  ).id;
  task.oneDay = (
    await makeDatedTask(t, {
      muralId,
      titulo: 'Entrega',
      fim: '2026-04-20',
      responsavelId: equipe.user.id,
    })
  ).id;
  task.undated = (await makeDatedTask(t, { muralId, titulo: 'Sem datas' })).id;
  task.may = (
    await makeDatedTask(t, { muralId, titulo: 'Relatório', ini: '2026-05-04', fim: '2026-05-05' })
  ).id;
  const b2 = (await makeBoard(t, {})).id;
  hidden = (
    await makeMural(t, { boardId: b2, inicioPrevisto: '2026-04-10', fimPrevisto: '2026-04-11' })
  ).id;
});
afterAll(async () => t.close());

describe('GET /api/eproto/calendar', () => {
  it('returns visible demands and tasks touching the range, by start date', async () => {
    const res = await gerente.call('GET', '/api/eproto/calendar?start=2026-04-15&end=2026-04-21');
    expect(res.statusCode).toBe(200);
    const items: Item[] = res.json();
    expect(keys(items)).toEqual([`mural:${muralId}`, `task:${task.oneDay}`]);
    expect(items[0]).toMatchObject({
      title: 'Manutenção preventiva',
      start: '2026-04-01',
      end: '2026-04-30',
      stage: 'a_fazer',
      mural_id: muralId,
      links: { web: `/eproto/murals/${muralId}`, api: `/api/eproto/murals/${muralId}` },
      editable: true,
    });
    // a task with only fim_previsto is a one-day item on that date
    expect(items[1]).toMatchObject({
      title: 'Entrega',
      start: '2026-04-20',
      end: '2026-04-20',
      mural_titulo: 'Manutenção preventiva',
      responsavel_nome: 'João Pereira',
      links: { web: `/eproto/protocols/${task.oneDay}` },
    });
  });

  it('filters by type and never shows demands out of scope', async () => {
    const tasks = await gerente.call(
      'GET',
      '/api/eproto/calendar?start=2026-04-01&end=2026-05-31&type=task',
    );
    expect(keys(tasks.json())).toEqual([
      `task:${task.early}`,
      `task:${task.oneDay}`,
      `task:${task.may}`,
    ]);
    const murals = await gerente.call(
      'GET',
      '/api/eproto/calendar?start=2026-04-01&end=2026-05-31&type=mural',
    );
    expect(keys(murals.json())).toEqual([`mural:${muralId}`]);
    const none = await outsider.call('GET', '/api/eproto/calendar?start=2026-04-01&end=2026-05-31');
    expect(none.json()).toEqual([]);
  });

  it('tells what the caller may drag', async () => {
    // equipe sees the demand as responsável of "Entrega" and may move only that task
    const res = await equipe.call('GET', '/api/eproto/calendar?start=2026-04-01&end=2026-04-30');
    expect(keys(res.json<Item[]>())).toHaveLength(3);
    const editable = res.json<Item[]>().filter((i) => i.editable);
    expect(keys(editable)).toEqual([`task:${task.oneDay}`]);
  });

  it('without a range answers the current month with a week on each side (company time zone)', async () => {
    const today = todayIn(t.config.COMPANY_TIME_ZONE);
    const [y, m] = today.split('-').map(Number) as [number, number];
    const first = `${today.slice(0, 7)}-01`;
    const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
    const c = await makeContract(t);
    await linkContract(t, c.id, gerente.user.id);
    const boardId = (await makeBoard(t, { contractId: c.id })).id;
    const on = async (day: string) =>
      (await makeMural(t, { boardId, contractId: c.id, inicioPrevisto: day, fimPrevisto: day })).id;
    const inside = [await on(addDaysTo(first, -7)), await on(today), await on(addDaysTo(last, 7))];
    const outside = [await on(addDaysTo(first, -8)), await on(addDaysTo(last, 8))];
    const res = await gerente.call('GET', '/api/eproto/calendar');
    expect(res.statusCode, res.body).toBe(200);
    const ids = res
      .json<Item[]>()
      .filter((i) => i.type === 'mural')
      .map((i) => i.id);
    expect(ids).toEqual(expect.arrayContaining(inside));
    for (const id of outside) expect(ids).not.toContain(id);
    const tasksOnly = await gerente.call('GET', '/api/eproto/calendar?type=task');
    expect(tasksOnly.statusCode).toBe(200);
  });

  it('refuses bad ranges and types with a Portuguese 400', async () => {
    for (const q of [
      'start=2026-04-10&end=2026-04-01',
      'start=2026-04-01',
      'start=01/04/2026&end=2026-04-30',
      'start=2026-04-01&end=2026-04-30&type=evento',
    ]) {
      const res = await gerente.call('GET', `/api/eproto/calendar?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
      expect(res.json().error).not.toMatch(/expected|invalid/i);
    }
  });
});

describe('GET /api/eproto/murals/{id}/calendar', () => {
  it('returns the demand and its dated tasks, optionally within a range', async () => {
    const all = await gerente.call('GET', `/api/eproto/murals/${muralId}/calendar`);
    expect(all.statusCode).toBe(200);
    expect(keys(all.json())).toEqual([
      `mural:${muralId}`,
      `task:${task.early}`,
      `task:${task.oneDay}`,
      `task:${task.may}`,
    ]);
    const may = await gerente.call(
      'GET',
      `/api/eproto/murals/${muralId}/calendar?start=2026-05-01&end=2026-05-31`,
    );
    expect(keys(may.json())).toEqual([`task:${task.may}`]);
  });

  it('answers 404 out of scope', async () => {
    expect((await outsider.call('GET', `/api/eproto/murals/${muralId}/calendar`)).statusCode).toBe(
      404,
    );
    expect((await gerente.call('GET', `/api/eproto/murals/${hidden}/calendar`)).statusCode).toBe(
      404,
    );
  });
});

describe('OpenAPI', () => {
  it('lists the planning calls', async () => {
    const res = await gerente.call('GET', '/api/docs/json');
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    for (const p of [
      '/api/eproto/gantt/murals/{id}',
      '/api/eproto/gantt/team',
      '/api/eproto/team/members',
      '/api/eproto/calendar',
      '/api/eproto/murals/{id}/calendar',
      '/api/eproto/feed',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
