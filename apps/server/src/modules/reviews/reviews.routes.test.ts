import { ROLE_LABELS, ROLES, rolesFor, todayIn, type Role } from '@eproto/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, protocolHistory } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeMural,
  person,
  type Person,
} from '../murals/murals.fixtures.ts';
import { insertTask } from '../protocols/protocols.fixtures.ts';

let t: TestApp;
let gerente: Person;
let equipe: Person;
let outsider: Person;
let contractA: number;
let contractB: number;
let muralA: number;
let muralB: number;

beforeAll(async () => {
  t = await createTestApp();
  gerente = await person(t, 'Gerente', 'Fernanda Lima');
  equipe = await person(t, 'Equipe de Campo', 'João Pereira');
  outsider = await person(t, 'Coordenador');
  contractA = (await makeContract(t, { nome: 'Contrato A' })).id;
  contractB = (await makeContract(t, { nome: 'Contrato B' })).id;
  await linkContract(t, contractA, gerente.user.id);
  await linkContract(t, contractB, gerente.user.id);
  const boardA = (await makeBoard(t, { contractId: contractA })).id;
  const boardB = (await makeBoard(t, { contractId: contractB })).id;
  muralA = (await makeMural(t, { boardId: boardA, contractId: contractA, titulo: 'Demanda A' })).id;
  muralB = (await makeMural(t, { boardId: boardB, contractId: contractB, titulo: 'Demanda B' })).id;
});
afterAll(async () => t.close());

const count = async (p: Person, q = '') =>
  (await p.call('GET', `/api/eproto/reviews/count${q}`)).json().count as number;

describe('review queue', () => {
  it('moving to em_revisao queues the task; list, count and murals follow', async () => {
    const before = await count(gerente);
    const task = await insertTask(t, {
      muralId: muralA,
      responsavelId: equipe.user.id,
      titulo: 'Laudo',
    });
    await insertTask(t, { muralId: muralB, review: true, stage: 'em_revisao', titulo: 'Vistoria' });
    const moved = await equipe.call('PATCH', `/api/eproto/protocols/${task.id}/kanban`, {
      stage: 'em_revisao',
    });
    expect(moved.statusCode).toBe(200);
    expect(await count(gerente)).toBe(before + 2);
    expect(await count(gerente, `?contract_id=${contractA}`)).toBe(1);
    const list = await gerente.call('GET', `/api/eproto/reviews?contract_id=${contractA}`);
    expect(list.statusCode).toBe(200);
    expect(list.headers['x-total-count']).toBe('1');
    expect(list.json()[0]).toMatchObject({
      id: task.id,
      protocol_id: task.id,
      titulo: 'Laudo',
      mural_id: muralA,
      mural_titulo: 'Demanda A',
      contract_id: contractA,
      contract_nome: 'Contrato A',
      responsavel: { id: equipe.user.id, nome: 'João Pereira' },
    });
    expect(list.json()[0].since).toBeTruthy();
    const page = await gerente.call('GET', '/api/eproto/reviews?perPage=1&page=2');
    expect(page.json()).toHaveLength(1);
    const murals = await gerente.call('GET', '/api/eproto/reviews/murals');
    expect(
      murals
        .json()
        .map((m: { mural_id: number }) => m.mural_id)
        .sort(),
    ).toEqual([muralA, muralB].sort());
    // a reviewer outside both contracts sees nothing
    expect(await count(outsider)).toBe(0);
    expect((await outsider.call('GET', '/api/eproto/reviews')).json()).toEqual([]);
  });

  it('approve concludes the task, sets fim_real, notifies and drops the count by one', async () => {
    const task = await insertTask(t, {
      muralId: muralA,
      responsavelId: equipe.user.id,
      stage: 'em_revisao',
      review: true,
    });
    const before = await count(gerente);
    const res = await gerente.call('PATCH', `/api/eproto/reviews/${task.id}/approve`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      stage: 'concluido',
      fim_real: todayIn('America/Sao_Paulo'),
      review_status: 'aprovado',
      reviewed_by: gerente.user.id,
      reviewed_by_nome: 'Fernanda Lima',
    });
    expect(await count(gerente)).toBe(before - 1);
    expect(await count(gerente, '?status=aprovado')).toBeGreaterThanOrEqual(1);
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, equipe.user.id), eq(notifications.protocolId, task.id)));
    expect(notes.map((n) => n.type)).toEqual(['status_changed']);
    expect(notes[0]!.texto).toMatch(/aprovada/);
    const history = await t.database.db
      .select()
      .from(protocolHistory)
      .where(eq(protocolHistory.protocolId, task.id));
    expect(history.map((h) => h.action)).toEqual(['revisao_aprovada']);
    // a second decision on the same task is a conflict
    const again = await gerente.call('PATCH', `/api/eproto/reviews/${task.id}/approve`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('Esta tarefa não está aguardando revisão.');
  });

  it('approve works without a body', async () => {
    const task = await insertTask(t, { muralId: muralA, stage: 'em_revisao', review: true });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/eproto/reviews/${task.id}/approve`,
      headers: { cookie: gerente.cookie, 'x-requested-with': 'eproto' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('reject needs a comment and returns the task to em_andamento', async () => {
    const task = await insertTask(t, {
      muralId: muralA,
      responsavelId: equipe.user.id,
      stage: 'em_revisao',
      review: true,
    });
    const missing = await gerente.call('PATCH', `/api/eproto/reviews/${task.id}/reject`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatch(/motivo da rejeição/);
    const res = await gerente.call('PATCH', `/api/eproto/reviews/${task.id}/reject`, {
      comment: 'Faltou a foto do painel.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      stage: 'em_andamento',
      fim_real: null,
      review_status: 'rejeitado',
      review_comment: 'Faltou a foto do painel.',
    });
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, equipe.user.id), eq(notifications.protocolId, task.id)));
    expect(notes[0]!.texto).toMatch(/Faltou a foto do painel/);
    expect(await count(gerente, '?status=rejeitado')).toBeGreaterThanOrEqual(1);
  });

  it('out of scope answers 404; a task not in review answers 409', async () => {
    const task = await insertTask(t, { muralId: muralA, stage: 'em_revisao', review: true });
    const res = await outsider.call('PATCH', `/api/eproto/reviews/${task.id}/approve`, {});
    expect(res.statusCode).toBe(404);
    const reject = await outsider.call('PATCH', `/api/eproto/reviews/${task.id}/reject`, {
      comment: 'Não está bom.',
    });
    expect(reject.statusCode).toBe(404);
    const open = await insertTask(t, { muralId: muralA });
    expect(
      (await gerente.call('PATCH', `/api/eproto/reviews/${open.id}/approve`, {})).statusCode,
    ).toBe(409);
  });

  it('publishes reviews.changed to reviewers when a decision is made', async () => {
    const task = await insertTask(t, { muralId: muralA, stage: 'em_revisao', review: true });
    const seen: string[] = [];
    const stop = t.events.subscribe((e) => {
      if (e.userIds?.includes(gerente.user.id)) seen.push(e.type);
    });
    await gerente.call('PATCH', `/api/eproto/reviews/${task.id}/approve`, {});
    stop();
    expect(seen).toContain('reviews.changed');
    expect(seen).toContain('protocol.changed');
  });
});

describe('permission table: role x review call', () => {
  const reviewers = rolesFor('/eproto/reviews');
  const isReviewer = (r: Role) => reviewers.includes(r);

  it.each(ROLES.map((r) => [r]))('%s', async (role) => {
    const p = await person(t, ROLE_LABELS[role]);
    await linkContract(t, contractA, p.user.id);
    const task = await insertTask(t, { muralId: muralA, stage: 'em_revisao', review: true });
    const expectStatus = async (res: Promise<{ statusCode: number }>, ok: number, label: string) =>
      expect((await res).statusCode, `${role} ${label}`).toBe(ok);
    const yes = isReviewer(role);
    await expectStatus(p.call('GET', '/api/eproto/reviews'), yes ? 200 : 403, 'list');
    await expectStatus(p.call('GET', '/api/eproto/reviews/murals'), yes ? 200 : 403, 'murals');
    await expectStatus(p.call('GET', '/api/eproto/reviews/count'), 200, 'count');
    if (!yes) expect(await count(p), `${role} count`).toBe(0);
    await expectStatus(
      p.call('PATCH', `/api/eproto/reviews/${task.id}/reject`, { comment: 'Refazer medição.' }),
      yes ? 200 : 403,
      'reject',
    );
    // kanban straight to concluido is a reviewer's move too
    const other = await insertTask(t, { muralId: muralA, responsavelId: p.user.id });
    await expectStatus(
      p.call('PATCH', `/api/eproto/protocols/${other.id}/kanban`, { stage: 'concluido' }),
      yes ? 200 : 403,
      'conclude',
    );
  });
});
