import { todayIn } from '@eproto/domain';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { muralHistory, murals, notifications } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeMural,
  makeTask,
  person,
  type Person,
} from './murals.fixtures.ts';

let t: TestApp;
let gerente: Person;
let equipe: Person;
let outsider: Person;
let diretor: Person;
let contractId: number;
let boardId: number;

beforeAll(async () => {
  t = await createTestApp();
  gerente = await person(t, 'Gerente', 'Fernanda Lima');
  equipe = await person(t, 'Equipe de Campo', 'João Pereira');
  outsider = await person(t, 'Coordenador', 'Tatiane Rocha');
  diretor = await person(t, 'Diretor de Operações');
  const c = await makeContract(t);
  contractId = c.id;
  await linkContract(t, c.id, gerente.user.id);
  boardId = (await makeBoard(t, { contractId: c.id })).id;
});
afterAll(async () => t.close());

const today = () => todayIn('America/Sao_Paulo');
const historyOf = (id: number) =>
  t.database.db.select().from(muralHistory).where(eq(muralHistory.muralId, id));
const notesOf = (userId: number) =>
  t.database.db.select().from(notifications).where(eq(notifications.userId, userId));

describe('POST /api/eproto/murals', () => {
  it('creates a demand with the board contract, participants and a history entry', async () => {
    const res = await gerente.call('POST', '/api/eproto/murals', {
      titulo: 'Trocar disjuntores do bloco B',
      descricao: 'Quadro geral',
      board_id: boardId,
      prioridade: 'alta',
      responsavel_id: equipe.user.id,
      inicio_previsto: '2026-03-02',
      fim_previsto: '2026-03-10T00:00:00.000Z',
      participants: [equipe.user.id],
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      titulo: 'Trocar disjuntores do bloco B',
      board_id: boardId,
      contract_id: contractId,
      prioridade: 'alta',
      stage: 'a_fazer',
      responsavel_id: equipe.user.id,
      responsavel_nome: 'João Pereira',
      inicio_previsto: '2026-03-02',
      fim_previsto: '2026-03-10',
      inicio_real: null,
      created_by: gerente.user.id,
    });
    expect(body.permissions.edit).toBe(true);
    const history = await historyOf(body.id);
    expect(history.map((h) => h.action)).toEqual(['criada']);
    expect(history[0]!.authorId).toBe(gerente.user.id);
    const notes = await notesOf(equipe.user.id);
    expect(notes.some((n) => n.type === 'task_assigned' && n.muralId === body.id)).toBe(true);
    // the responsável now sees it
    expect((await equipe.call('GET', `/api/eproto/murals/${body.id}`)).statusCode).toBe(200);
  });

  it('refuses bad input with a Portuguese 400 and writes nothing', async () => {
    const before = await t.database.db.select().from(murals);
    const cases = [
      { board_id: boardId },
      { titulo: 'ab', board_id: boardId },
      { titulo: 'Demanda válida', board_id: boardId, prioridade: 'altíssima' },
      { titulo: 'Demanda válida', board_id: boardId, fim_previsto: '2026-02-30' },
      {
        titulo: 'Demanda válida',
        board_id: boardId,
        inicio_previsto: '2026-03-10',
        fim_previsto: '2026-03-01',
      },
      { titulo: 'Demanda válida', board_id: 'x' },
      { titulo: 'Demanda válida', board_id: boardId, responsavel_id: 999999 },
    ];
    for (const payload of cases) {
      const res = await gerente.call('POST', '/api/eproto/murals', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
      expect(res.json().error).toMatch(/[a-zà-ú]/i);
      expect(res.json().error).not.toMatch(/expected|invalid input|required/i);
    }
    expect(await t.database.db.select().from(murals)).toHaveLength(before.length);
  });

  it('is for gestores only (403) and answers 404 for a board out of scope', async () => {
    expect(
      (await equipe.call('POST', '/api/eproto/murals', { titulo: 'Nova', board_id: boardId }))
        .statusCode,
    ).toBe(403);
    expect(
      (await outsider.call('POST', '/api/eproto/murals', { titulo: 'Nova', board_id: boardId }))
        .statusCode,
    ).toBe(404);
  });
});

describe('GET /api/eproto/murals/{id} and scope', () => {
  it('answers 404 to a user outside the contract and 200 to diretoria', async () => {
    const m = await makeMural(t, { boardId, contractId });
    const out = await outsider.call('GET', `/api/eproto/murals/${m.id}`);
    expect(out.statusCode).toBe(404);
    expect(out.json().error).toBe('Demanda não encontrada.');
    expect((await diretor.call('GET', `/api/eproto/murals/${m.id}`)).statusCode).toBe(200);
    expect((await gerente.call('GET', `/api/eproto/murals/${m.id}`)).statusCode).toBe(200);
    expect((await gerente.call('GET', '/api/eproto/murals/99999999')).statusCode).toBe(404);
  });

  it('lets participants, board participants and task responsáveis see the demand', async () => {
    const viaParticipant = await person(t, 'Equipe');
    const viaBoard = await person(t, 'Equipe');
    const viaTask = await person(t, 'Equipe');
    const board = await makeBoard(t, { participants: [viaBoard.user.id] });
    const m = await makeMural(t, { boardId: board.id, participants: [viaParticipant.user.id] });
    await makeTask(t, { muralId: m.id, responsavelId: viaTask.user.id });
    for (const p of [viaParticipant, viaBoard, viaTask]) {
      expect((await p.call('GET', `/api/eproto/murals/${m.id}`)).statusCode).toBe(200);
    }
    expect((await outsider.call('GET', `/api/eproto/murals/${m.id}`)).statusCode).toBe(404);
  });

  it('reads the demand and checks access in one statement, with the rights of the caller', async () => {
    const m = await makeMural(t, { boardId, contractId, responsavelId: equipe.user.id });
    await equipe.call('GET', '/api/users/me'); // session cached
    // A spy calls through: every statement the request sends is counted.
    const spy = vi.spyOn(pg.Client.prototype, 'query');
    try {
      const res = await equipe.call('GET', `/api/eproto/murals/${m.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: m.id,
        permissions: { move: true, edit: false, delete_any_attachment: false },
      });
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('PATCH /api/eproto/murals/{id}', () => {
  it('edits fields, keeps before/after in history and notifies date and assignment changes', async () => {
    const m = await makeMural(t, {
      boardId,
      contractId,
      titulo: 'Pintura da fachada',
      fimPrevisto: '2026-04-01',
      createdBy: gerente.user.id,
    });
    const res = await gerente.call('PATCH', `/api/eproto/murals/${m.id}`, {
      fim_previsto: '2026-04-15',
      responsavel_id: equipe.user.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      fim_previsto: '2026-04-15',
      responsavel_id: equipe.user.id,
    });
    const [h] = await historyOf(m.id);
    expect(h).toMatchObject({
      action: 'editada',
      authorId: gerente.user.id,
      before: { fim_previsto: '2026-04-01', responsavel_id: null },
      after: { fim_previsto: '2026-04-15', responsavel_id: equipe.user.id },
    });
    const types = (await notesOf(equipe.user.id))
      .filter((n) => n.muralId === m.id)
      .map((n) => n.type);
    expect(types.sort()).toEqual(['date_changed', 'task_assigned']);
  });

  it('writes nothing when nothing changes and refuses end before start', async () => {
    const m = await makeMural(t, { boardId, contractId, fimPrevisto: '2026-04-01' });
    expect(
      (await gerente.call('PATCH', `/api/eproto/murals/${m.id}`, { fim_previsto: '2026-04-01' }))
        .statusCode,
    ).toBe(200);
    expect(await historyOf(m.id)).toHaveLength(0);
    const bad = await gerente.call('PATCH', `/api/eproto/murals/${m.id}`, {
      inicio_previsto: '2026-05-01',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/fim previsto/);
    expect((await gerente.call('PATCH', `/api/eproto/murals/${m.id}`, {})).statusCode).toBe(400);
  });

  it('is refused to non-gestores who did not create it (403) and 404 out of scope', async () => {
    const m = await makeMural(t, { boardId, contractId, responsavelId: equipe.user.id });
    expect(
      (await equipe.call('PATCH', `/api/eproto/murals/${m.id}`, { titulo: 'Outro título' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await outsider.call('PATCH', `/api/eproto/murals/${m.id}`, { titulo: 'Outro título' }))
        .statusCode,
    ).toBe(404);
  });
});

describe('PATCH /api/eproto/murals/{id}/kanban', () => {
  it('sets inicio_real on em_andamento, fim_real on concluido, clears fim_real when reopened', async () => {
    const m = await makeMural(t, { boardId, contractId, responsavelId: equipe.user.id });
    const go = (stage: string) =>
      equipe.call('PATCH', `/api/eproto/murals/${m.id}/kanban`, { stage });
    const started = await go('em_andamento');
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({
      stage: 'em_andamento',
      inicio_real: today(),
      fim_real: null,
    });
    await t.database.db.update(murals).set({ inicioReal: '2026-01-05' }).where(eq(murals.id, m.id));
    const done = await go('concluido');
    expect(done.json()).toMatchObject({
      stage: 'concluido',
      inicio_real: '2026-01-05',
      fim_real: today(),
    });
    const reopened = await go('em_revisao');
    expect(reopened.json()).toMatchObject({
      stage: 'em_revisao',
      inicio_real: '2026-01-05',
      fim_real: null,
    });
    const actions = (await historyOf(m.id)).map((h) => h.action);
    expect(actions.filter((a) => a === 'etapa_alterada')).toHaveLength(3);
  });

  it('notifies status_changed to the watchers but not to the author', async () => {
    const m = await makeMural(t, {
      boardId,
      contractId,
      responsavelId: equipe.user.id,
      createdBy: gerente.user.id,
    });
    await gerente.call('PATCH', `/api/eproto/murals/${m.id}/kanban`, { stage: 'em_andamento' });
    expect(
      (await notesOf(equipe.user.id)).some(
        (n) => n.muralId === m.id && n.type === 'status_changed',
      ),
    ).toBe(true);
    expect((await notesOf(gerente.user.id)).some((n) => n.muralId === m.id)).toBe(false);
  });

  it('refuses an unknown stage (400) and read-only viewers (403)', async () => {
    const m = await makeMural(t, { boardId, contractId });
    const viewer = await person(t, 'Equipe');
    await linkContract(t, contractId, viewer.user.id);
    expect(
      (await gerente.call('PATCH', `/api/eproto/murals/${m.id}/kanban`, { stage: 'feito' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await viewer.call('PATCH', `/api/eproto/murals/${m.id}/kanban`, { stage: 'concluido' }))
        .statusCode,
    ).toBe(403);
    const [row] = await t.database.db.select().from(murals).where(eq(murals.id, m.id));
    expect(row!.stage).toBe('a_fazer');
  });
});

describe('tasks of a demand', () => {
  it('lists tasks and lets the task responsável move it through the task rules', async () => {
    const m = await makeMural(t, { boardId, contractId });
    const worker = await person(t, 'Equipe');
    const task = await makeTask(t, {
      muralId: m.id,
      responsavelId: worker.user.id,
      titulo: 'Medir cabos',
    });
    const list = await worker.call('GET', `/api/eproto/murals/${m.id}/tasks`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject([{ id: task.id, titulo: 'Medir cabos', stage: 'a_fazer' }]);
    const moved = await worker.call('PATCH', `/api/eproto/murals/${m.id}/tasks/${task.id}`, {
      stage: 'em_andamento',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ stage: 'em_andamento', inicio_real: today() });
    // The quick edit cannot skip the review: only reviewers conclude a task.
    const skip = await worker.call('PATCH', `/api/eproto/murals/${m.id}/tasks/${task.id}`, {
      stage: 'concluido',
    });
    expect(skip.statusCode).toBe(403);
    const history = await worker.call('GET', `/api/eproto/protocols/${task.id}/history`);
    expect(JSON.stringify(history.json())).toContain('em_andamento');
  });

  it('moving task dates from the demand page cascades to the successors', async () => {
    const m = await makeMural(t, { boardId, contractId });
    const first = await makeTask(t, { muralId: m.id, titulo: 'Escavar' });
    const second = await makeTask(t, { muralId: m.id, titulo: 'Concretar' });
    const set = (id: number, inicio: string, fim: string) =>
      gerente.call('PATCH', `/api/eproto/murals/${m.id}/tasks/${id}`, {
        inicio_previsto: inicio,
        fim_previsto: fim,
      });
    expect((await set(first.id, '2026-03-02', '2026-03-04')).statusCode).toBe(200);
    expect((await set(second.id, '2026-03-05', '2026-03-06')).statusCode).toBe(200);
    const dep = await gerente.call('POST', `/api/eproto/protocols/${second.id}/dependencies`, {
      predecessor_id: first.id,
    });
    expect(dep.statusCode).toBeLessThan(300);
    expect((await set(first.id, '2026-03-09', '2026-03-11')).statusCode).toBe(200);
    const tasks = (await gerente.call('GET', `/api/eproto/murals/${m.id}/tasks`)).json();
    expect(tasks.find((x: { id: number }) => x.id === second.id)).toMatchObject({
      inicio_previsto: '2026-03-12',
      fim_previsto: '2026-03-13',
    });
  });

  it('answers 404 for a task of another demand and 403 to a viewer', async () => {
    const a = await makeMural(t, { boardId, contractId });
    const b = await makeMural(t, { boardId, contractId });
    const task = await makeTask(t, { muralId: b.id });
    expect(
      (
        await gerente.call('PATCH', `/api/eproto/murals/${a.id}/tasks/${task.id}`, {
          stage: 'concluido',
        })
      ).statusCode,
    ).toBe(404);
    const viewer = await person(t, 'Equipe');
    await linkContract(t, contractId, viewer.user.id);
    expect(
      (
        await viewer.call('PATCH', `/api/eproto/murals/${b.id}/tasks/${task.id}`, {
          stage: 'concluido',
        })
      ).statusCode,
    ).toBe(403);
    expect((await outsider.call('GET', `/api/eproto/murals/${b.id}/tasks`)).statusCode).toBe(404);
  });
});

describe('OpenAPI document', () => {
  it('describes the demands, boards and contracts calls', async () => {
    const res = await gerente.call('GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json<{ paths: Record<string, unknown> }>().paths);
    for (const p of [
      '/api/eproto/murals/summary',
      '/api/eproto/murals/{id}/attachments/upload',
      '/api/eproto/boards/{id}/participants/{key}',
      '/api/eproto/user-contracts/{id}',
    ]) {
      expect(paths).toContain(p);
    }
  });
});
