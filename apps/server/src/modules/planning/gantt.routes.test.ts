import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
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

let t: TestApp;
let gerente: Person;
let coord: Person;
let equipe: Person;
let outsider: Person;
let diretor: Person;
let muralId: number;
let otherMuralId: number;
const task: Record<string, number> = {};
const dep: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  gerente = await person(t, 'Gerente', 'Fernanda Lima');
  coord = await person(t, 'Coordenador', 'Carlos Souza');
  equipe = await person(t, 'Equipe de Campo', 'João Pereira');
  outsider = await person(t, 'Coordenador', 'Tatiane Rocha');
  diretor = await person(t, 'Diretor de Operações');
  const c = await makeContract(t);
  await linkContract(t, c.id, gerente.user.id, coord.user.id);
  const boardId = (await makeBoard(t, { contractId: c.id })).id;
  muralId = (await makeMural(t, { boardId, contractId: c.id, titulo: 'Subestação norte' })).id;
  // A(3 d) -> B(2 d, lag 1) -> C(1 d) is the longest chain; D(4 d) stands alone.
  task.a = (
    await makeDatedTask(t, {
      muralId,
      titulo: 'A',
      ini: '2026-03-02',
      fim: '2026-03-04',
      iniReal: '2026-03-03',
      fimReal: '2026-03-05',
      stage: 'concluido',
      responsavelId: equipe.user.id,
    })
  ).id;
  task.b = (
    await makeDatedTask(t, {
      muralId,
      titulo: 'B',
      ini: '2026-03-06',
      fim: '2026-03-07',
      responsavelId: coord.user.id,
    })
  ).id;
  task.c = (await makeDatedTask(t, { muralId, titulo: 'C', fim: '2026-03-08' })).id;
  task.d = (
    await makeDatedTask(t, { muralId, titulo: 'D', ini: '2026-03-02', fim: '2026-03-05' })
  ).id;
  task.undated = (await makeDatedTask(t, { muralId, titulo: 'Sem datas' })).id;
  dep.ab = (await link(t, task.a, task.b, 1)).id;
  dep.bc = (await link(t, task.b, task.c)).id;
  // A second demand the equipe person only reaches through their task there.
  const b2 = (await makeBoard(t, {})).id;
  otherMuralId = (await makeMural(t, { boardId: b2, titulo: 'Outra' })).id;
  task.other = (
    await makeDatedTask(t, {
      muralId: otherMuralId,
      titulo: 'Fora do contrato',
      ini: '2026-03-03',
      fim: '2026-03-03',
    })
  ).id;
});
afterAll(async () => t.close());

describe('GET /api/eproto/gantt/murals/{id}', () => {
  it('returns dated tasks with planned and real dates, links with lag and the critical path', async () => {
    const res = await gerente.call('GET', `/api/eproto/gantt/murals/${muralId}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.mural).toMatchObject({ id: muralId, titulo: 'Subestação norte' });
    expect(body.mural.links.web).toBe(`/eproto/murals/${muralId}`);
    expect(body.sem_datas).toBe(1);
    expect(body.tasks.map((x: { titulo: string }) => x.titulo)).toEqual(['A', 'D', 'B', 'C']);
    const byId = new Map(body.tasks.map((x: { id: number }) => [x.id, x]));
    expect(byId.get(task.a)).toMatchObject({
      start: '2026-03-02',
      end: '2026-03-04',
      inicio_real: '2026-03-03',
      fim_real: '2026-03-05',
      stage: 'concluido',
      responsavel_nome: 'João Pereira',
      critical: true,
      editable: true,
      links: { web: `/eproto/protocols/${task.a}`, api: `/api/eproto/protocols/${task.a}` },
    });
    // one-dated task: a one-day bar
    expect(byId.get(task.c)).toMatchObject({ start: '2026-03-08', end: '2026-03-08' });
    expect(byId.get(task.b)).toMatchObject({ critical: true });
    expect(byId.get(task.d)).toMatchObject({ critical: false });
    expect(body.critical_days).toBe(3 + 1 + 2 + 1);
    expect(body.links).toEqual([
      { id: dep.ab, predecessor_id: task.a, protocol_id: task.b, lag_days: 1, critical: true },
      { id: dep.bc, predecessor_id: task.b, protocol_id: task.c, lag_days: 0, critical: true },
    ]);
  });

  it('marks as editable only what the caller may move', async () => {
    // equipe sees the demand through their task; they may move only their own task
    const res = await equipe.call('GET', `/api/eproto/gantt/murals/${muralId}`);
    expect(res.statusCode).toBe(200);
    const editable = res
      .json()
      .tasks.filter((x: { editable: boolean }) => x.editable)
      .map((x: { id: number }) => x.id);
    expect(editable).toEqual([task.a]);
  });

  it('answers 404 outside the scope, 200 to diretoria and 400 to a bad id', async () => {
    expect((await outsider.call('GET', `/api/eproto/gantt/murals/${muralId}`)).statusCode).toBe(
      404,
    );
    expect((await equipe.call('GET', `/api/eproto/gantt/murals/${otherMuralId}`)).statusCode).toBe(
      404,
    );
    expect((await gerente.call('GET', '/api/eproto/gantt/murals/999999')).statusCode).toBe(404);
    expect((await diretor.call('GET', `/api/eproto/gantt/murals/${muralId}`)).statusCode).toBe(200);
    const bad = await gerente.call('GET', '/api/eproto/gantt/murals/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/inválido/);
  });
});

describe('GET /api/eproto/gantt/team', () => {
  const url = (q: string) => `/api/eproto/gantt/team?${q}`;

  it('returns the visible tasks touching the range, their links and flags', async () => {
    const res = await gerente.call('GET', url('start=2026-03-05&end=2026-03-07'));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.start).toBe('2026-03-05');
    const ids = body.tasks.map((x: { id: number }) => x.id).sort();
    // A ends 03-04 and C is on 03-08: outside; "Fora do contrato" is not in the gerente's scope.
    expect(ids).toEqual([task.b, task.d].sort());
    // links only between returned tasks
    expect(body.links).toEqual([]);
    expect(body.sem_datas).toBe(1);
    const b = body.tasks.find((x: { id: number }) => x.id === task.b);
    expect(b).toMatchObject({ critical: true, mural_titulo: 'Subestação norte' });
  });

  it('diretoria sees every demand, and links appear when both ends are in range', async () => {
    const res = await diretor.call('GET', url('start=2026-03-01&end=2026-03-31'));
    const body = res.json();
    expect(body.tasks.map((x: { id: number }) => x.id)).toContain(task.other);
    expect(body.links.map((l: { id: number }) => l.id)).toEqual([dep.ab, dep.bc]);
  });

  it('filters by the team of a coordenador', async () => {
    const res = await gerente.call(
      'GET',
      url(`start=2026-03-01&end=2026-03-31&coordenador_id=${coord.user.id}`),
    );
    expect(res.statusCode).toBe(200);
    // Carlos's team is him alone here (João shares no contract or board with him), so A is out.
    expect(res.json().tasks.map((x: { id: number }) => x.id)).toEqual([task.b]);
    expect(res.json().sem_datas).toBe(0);
  });

  it('refuses bad ranges in Portuguese and a coordenador out of scope with 404', async () => {
    for (const q of [
      'start=2026-03-10&end=2026-03-01',
      'start=2026-01-01&end=2027-12-31',
      'start=2026-02-30&end=2026-03-01',
      'end=2026-03-01',
    ]) {
      const res = await gerente.call('GET', url(q));
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error).toMatch(/[à-ú]|data|Período/i);
    }
    const res = await gerente.call(
      'GET',
      url(`start=2026-03-01&end=2026-03-31&coordenador_id=${outsider.user.id}`),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Coordenador não encontrado.');
    const notCoord = await gerente.call(
      'GET',
      url(`start=2026-03-01&end=2026-03-31&coordenador_id=${gerente.user.id}`),
    );
    expect(notCoord.statusCode).toBe(404);
  });
});

describe('moving a bar through PATCH /api/eproto/protocols/{id}', () => {
  it('shows the successors pushed by the cascade on the next read', async () => {
    const c = await makeContract(t);
    await linkContract(t, c.id, gerente.user.id);
    const boardId = (await makeBoard(t, { contractId: c.id })).id;
    const m = (await makeMural(t, { boardId, contractId: c.id })).id;
    const a = await makeDatedTask(t, { muralId: m, ini: '2026-07-01', fim: '2026-07-03' });
    const b = await makeDatedTask(t, { muralId: m, ini: '2026-07-06', fim: '2026-07-07' });
    const c2 = await makeDatedTask(t, { muralId: m, fim: '2026-07-08' });
    await link(t, a.id, b.id, 2);
    await link(t, b.id, c2.id, -1);
    const res = await gerente.call('PATCH', `/api/eproto/protocols/${a.id}`, {
      inicio_previsto: '2026-07-06',
      fim_previsto: '2026-07-08',
    });
    expect(res.statusCode).toBe(200);
    const gantt = (await gerente.call('GET', `/api/eproto/gantt/murals/${m}`)).json();
    const dates = Object.fromEntries(
      gantt.tasks.map((x: { id: number; start: string; end: string }) => [x.id, [x.start, x.end]]),
    );
    // B: 07-08 + 1 + 2 = 07-11, two days; C: 07-12 + 1 - 1 = 07-12, one day
    expect(dates[a.id]).toEqual(['2026-07-06', '2026-07-08']);
    expect(dates[b.id]).toEqual(['2026-07-11', '2026-07-12']);
    expect(dates[c2.id]).toEqual(['2026-07-12', '2026-07-12']);
  });
});
