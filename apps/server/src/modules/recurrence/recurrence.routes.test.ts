import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  muralHistory,
  muralParticipants,
  murals,
  notifications,
  protocols,
  recurrenceInstances,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeMural,
  person,
  type Person,
} from '../murals/murals.fixtures.ts';

let t: TestApp;
let contractId: number;
let boardId: number;
let gerente: Person;
let equipe: Person;

const base = '/api/eproto/recurrence';
const advanceUrl = (id: number) => `${base}/v2/murals/${id}/conclude-and-advance`;

beforeAll(async () => {
  t = await createTestApp();
  contractId = (await makeContract(t)).id;
  boardId = (await makeBoard(t, { contractId })).id;
  gerente = await person(t, 'Gerente', 'Fernanda Gerente');
  equipe = await person(t, 'Equipe de Campo', 'João Equipe');
  await linkContract(t, contractId, gerente.user.id);
});
afterAll(async () => t.close());

/** A demand with planned dates, the equipe person as responsável and participant. */
async function demand(inicio: string, fim: string, titulo = 'Relatório mensal') {
  return makeMural(t, {
    boardId,
    contractId,
    titulo,
    inicioPrevisto: inicio,
    fimPrevisto: fim,
    responsavelId: equipe.user.id,
    participants: [equipe.user.id],
  });
}

async function series(muralId: number, rule: Record<string, unknown>) {
  const res = await gerente.call('POST', base, { mural_id: muralId, ...rule });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; proximas_datas: string[]; proxima_data: string | null }>();
}

async function task(muralId: number, titulo: string, inicio: string, fim: string) {
  const [row] = await t.database.db
    .insert(protocols)
    .values({
      muralId,
      titulo,
      inicioPrevisto: inicio,
      fimPrevisto: fim,
      responsavelId: equipe.user.id,
      stage: 'concluido',
      horasEstimadas: 3,
    })
    .returning();
  return row!;
}

const muralRow = async (id: number) =>
  (await t.database.db.select().from(murals).where(eq(murals.id, id)))[0]!;

describe('create and read a series', () => {
  it('weekly on chosen weekdays: next dates, the demand marked, GET by demand', async () => {
    const m = await demand('2026-03-02', '2026-03-02', 'Inspeção semanal');
    const s = await series(m.id, { frequencia: 'semanal', dias_semana: [1, 4] });
    expect(s).toMatchObject({
      frequencia: 'semanal',
      dias_semana: [1, 4],
      data_inicio: '2026-03-02',
      status: 'ativa',
      instances_count: 1,
      current_mural_id: m.id,
      current_seq: 1,
      proxima_data: '2026-03-05',
      mural_seq: 1,
      can_manage: true,
      can_advance: true,
    });
    expect(s.proximas_datas).toEqual([
      '2026-03-05',
      '2026-03-09',
      '2026-03-12',
      '2026-03-16',
      '2026-03-19',
    ]);
    expect((await muralRow(m.id)).recurrenceId).toBe(s.id);
    const summary = await gerente.call('GET', `/api/eproto/murals/summary?board_id=${boardId}`);
    const card = summary.json<{ id: number; recurrence_id: number | null }[]>();
    expect(card.find((x) => x.id === m.id)!.recurrence_id).toBe(s.id);

    const got = await equipe.call('GET', `${base}/mural/${m.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ id: s.id, can_manage: false, can_advance: true });
    const history = await t.database.db
      .select()
      .from(muralHistory)
      .where(and(eq(muralHistory.muralId, m.id), eq(muralHistory.action, 'recorrencia_criada')));
    expect(history[0]!.texto).toBe('Toda semana: seg e qui');
  });

  it('404 when the demand has no series (and when it is out of scope)', async () => {
    const m = await demand('2026-03-02', '2026-03-03');
    expect((await gerente.call('GET', `${base}/mural/${m.id}`)).statusCode).toBe(404);
    const outsider = await person(t, 'Coordenador');
    const s = await series(m.id, { frequencia: 'diaria' });
    expect((await outsider.call('GET', `${base}/mural/${m.id}`)).statusCode).toBe(404);
    expect((await outsider.call('GET', `${base}/${s.id}/instances`)).statusCode).toBe(404);
  });

  it('refuses a second series, editors only, a start date is needed, one end only', async () => {
    const m = await demand('2026-03-02', '2026-03-03');
    await series(m.id, { frequencia: 'diaria' });
    const twice = await gerente.call('POST', base, { mural_id: m.id, frequencia: 'diaria' });
    expect(twice.statusCode).toBe(409);

    const other = await demand('2026-03-02', '2026-03-03');
    const byEquipe = await equipe.call('POST', base, { mural_id: other.id, frequencia: 'diaria' });
    expect(byEquipe.statusCode).toBe(403);

    const undated = await makeMural(t, { boardId, contractId });
    const noDate = await gerente.call('POST', base, { mural_id: undated.id, frequencia: 'mensal' });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().error).toMatch(/data de início/);
    const explicit = await gerente.call('POST', base, {
      mural_id: undated.id,
      frequencia: 'mensal',
      data_inicio: '2026-01-31',
    });
    expect(explicit.json()).toMatchObject({ dia_mes: 31, proxima_data: '2026-02-28' });

    const both = await gerente.call('POST', base, {
      mural_id: other.id,
      frequencia: 'diaria',
      ate: '2026-05-01',
      ocorrencias: 3,
    });
    expect(both.statusCode).toBe(400);
    const tooEarly = await gerente.call('POST', base, {
      mural_id: other.id,
      frequencia: 'diaria',
      ate: '2026-01-01',
    });
    expect(tooEarly.statusCode).toBe(400);
    const missing = await gerente.call('POST', base, {
      mural_id: 99_999_999,
      frequencia: 'diaria',
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('conclude and advance', () => {
  it('monthly on the 31st: concludes, copies tasks, links, participants and board one period later', async () => {
    const m = await demand('2026-01-31', '2026-02-02');
    const a = await task(m.id, 'Coletar medições', '2026-01-31', '2026-02-01');
    const b = await task(m.id, 'Enviar relatório', '2026-02-02', '2026-02-02');
    await t.database.db.execute(
      sql`insert into "task_dependencies" ("protocol_id", "predecessor_id", "lag_days") values (${b.id}, ${a.id}, 1)`,
    );
    const s = await series(m.id, { frequencia: 'mensal' });

    const res = await equipe.call('POST', advanceUrl(m.id));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.concluded_mural_id).toBe(m.id);
    expect(body.next).toMatchObject({
      seq: 2,
      data_ocorrencia: '2026-02-28',
      inicio_previsto: '2026-02-28',
      fim_previsto: '2026-03-02',
      stage: 'a_fazer',
      responsavel_nome: 'João Equipe',
    });
    expect(body.series).toMatchObject({
      id: s.id,
      instances_count: 2,
      current_seq: 2,
      proxima_data: '2026-03-31',
    });

    const old = await muralRow(m.id);
    expect(old.stage).toBe('concluido');
    expect(old.fimReal).not.toBeNull();
    const next = await muralRow(body.next.mural_id);
    expect(next).toMatchObject({ boardId, contractId, recurrenceId: s.id, titulo: m.titulo });

    const tasks = await t.database.db
      .select()
      .from(protocols)
      .where(eq(protocols.muralId, next.id))
      .orderBy(protocols.id);
    expect(tasks.map((x) => [x.titulo, x.inicioPrevisto, x.fimPrevisto, x.stage])).toEqual([
      ['Coletar medições', '2026-02-28', '2026-03-01', 'a_fazer'],
      ['Enviar relatório', '2026-03-02', '2026-03-02', 'a_fazer'],
    ]);
    expect(tasks[0]!.horasEstimadas).toBe(3);
    const links = await t.database.db.execute<{ protocol_id: number; predecessor_id: number }>(
      sql`select "protocol_id", "predecessor_id", "lag_days" from "task_dependencies" where "protocol_id" = ${tasks[1]!.id}`,
    );
    expect(links.rows).toEqual([
      { protocol_id: tasks[1]!.id, predecessor_id: tasks[0]!.id, lag_days: 1 },
    ]);
    const people = await t.database.db
      .select()
      .from(muralParticipants)
      .where(eq(muralParticipants.muralId, next.id));
    expect(people.map((p) => p.userId)).toEqual([equipe.user.id]);
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.muralId, next.id), eq(notifications.userId, equipe.user.id)));
    // the actor (equipe) is not notified of their own step
    expect(told).toHaveLength(0);

    // The old instance cannot advance again; the new one goes to 31/03 (back to the 31st).
    expect((await equipe.call('POST', advanceUrl(m.id))).statusCode).toBe(409);
    const third = await gerente.call('POST', advanceUrl(next.id));
    expect(third.json().next).toMatchObject({
      seq: 3,
      data_ocorrencia: '2026-03-31',
      inicio_previsto: '2026-03-31',
      fim_previsto: '2026-04-02',
    });
    const toldNow = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.muralId, third.json().next.mural_id));
    expect(toldNow.map((n) => n.type)).toEqual(['task_assigned']);

    const list = await gerente.call('GET', `${base}/${s.id}/instances`);
    expect(list.json<{ seq: number; stage: string }[]>().map((x) => [x.seq, x.stage])).toEqual([
      [1, 'concluido'],
      [2, 'concluido'],
      [3, 'a_fazer'],
    ]);
  });

  it('two simultaneous calls create exactly one next instance', async () => {
    const m = await demand('2026-03-02', '2026-03-02', 'Inspeção de extintores');
    await task(m.id, 'Checklist', '2026-03-02', '2026-03-02');
    const s = await series(m.id, { frequencia: 'semanal', dias_semana: [1, 3, 5] });
    const results = await Promise.all([
      gerente.call('POST', advanceUrl(m.id)),
      equipe.call('POST', advanceUrl(m.id)),
      gerente.call('POST', advanceUrl(m.id)),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const rows = await t.database.db
      .select()
      .from(recurrenceInstances)
      .where(eq(recurrenceInstances.recurrenceId, s.id));
    expect(rows.map((r) => [r.seq, r.dataOcorrencia]).sort()).toEqual([
      [1, '2026-03-02'],
      [2, '2026-03-04'],
    ]);
    const copies = await t.database.db.select().from(murals).where(eq(murals.recurrenceId, s.id));
    expect(copies).toHaveLength(2);
    const tasks = await t.database.db
      .select()
      .from(protocols)
      .where(
        sql`${protocols.muralId} in (${sql.join(
          copies.map((c) => c.id),
          sql`, `,
        )})`,
      );
    expect(tasks).toHaveLength(2);
  });

  it('stops at the count: the last instance concludes the series', async () => {
    const m = await demand('2026-01-01', '2026-01-01');
    const s = await series(m.id, { frequencia: 'diaria', ocorrencias: 2 });
    const first = await gerente.call('POST', advanceUrl(m.id));
    expect(first.json().series).toMatchObject({ proxima_data: null, proximas_datas: [] });
    const last = await gerente.call('POST', advanceUrl(first.json().next.mural_id));
    expect(last.statusCode).toBe(200);
    expect(last.json()).toMatchObject({ next: null, series: { id: s.id, status: 'concluida' } });
    expect((await muralRow(first.json().next.mural_id)).stage).toBe('concluido');
    const again = await gerente.call('POST', advanceUrl(first.json().next.mural_id));
    expect(again.statusCode).toBe(409);
  });

  it('stops at the until date', async () => {
    const m = await demand('2024-02-29', '2024-03-01');
    await series(m.id, { frequencia: 'anual', ate: '2025-12-31' });
    const one = await gerente.call('POST', advanceUrl(m.id));
    expect(one.json().next).toMatchObject({
      data_ocorrencia: '2025-02-28',
      fim_previsto: '2025-03-01',
    });
    const two = await gerente.call('POST', advanceUrl(one.json().next.mural_id));
    expect(two.json()).toMatchObject({ next: null, series: { status: 'concluida' } });
  });

  it('refuses a demand without a series, people who may not move it, and outsiders', async () => {
    const plain = await demand('2026-03-02', '2026-03-03');
    expect((await gerente.call('POST', advanceUrl(plain.id))).statusCode).toBe(404);
    const m = await demand('2026-03-02', '2026-03-03');
    await series(m.id, { frequencia: 'diaria' });
    const viewer = await person(t, 'Equipe');
    await linkContract(t, contractId, viewer.user.id);
    expect((await viewer.call('POST', advanceUrl(m.id))).statusCode).toBe(403);
    const outsider = await person(t, 'Gerente');
    expect((await outsider.call('POST', advanceUrl(m.id))).statusCode).toBe(404);
  });
});

describe('bases, conclude and delete', () => {
  it('lists the series of a board', async () => {
    const board = await makeBoard(t, { contractId });
    const m = await makeMural(t, {
      boardId: board.id,
      contractId,
      titulo: 'Relatório do quadro',
      inicioPrevisto: '2026-05-10',
    });
    const s = await series(m.id, { frequencia: 'mensal', dia_mes: 10 });
    const res = await gerente.call('GET', `${base}/bases?board_id=${board.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({ id: s.id, titulo: 'Relatório do quadro', board_id: board.id }),
    ]);
    const all = await gerente.call('GET', `${base}/bases`);
    expect(all.json<{ id: number }[]>().map((x) => x.id)).toContain(s.id);
    const hidden = await makeBoard(t, { contractId: (await makeContract(t)).id });
    expect((await gerente.call('GET', `${base}/bases?board_id=${hidden.id}`)).statusCode).toBe(404);
    expect((await gerente.call('GET', `${base}/bases?board_id=abc`)).statusCode).toBe(400);
  });

  it('concludes a series by id and by demand: no more instances', async () => {
    const m = await demand('2026-03-02', '2026-03-03');
    const s = await series(m.id, { frequencia: 'diaria' });
    expect((await equipe.call('PATCH', `${base}/${s.id}/conclude`)).statusCode).toBe(403);
    const done = await gerente.call('PATCH', `${base}/${s.id}/conclude`);
    expect(done.json()).toMatchObject({ status: 'concluida', proxima_data: null });
    expect((await gerente.call('POST', advanceUrl(m.id))).statusCode).toBe(409);

    const m2 = await demand('2026-03-02', '2026-03-03');
    const s2 = await series(m2.id, { frequencia: 'diaria' });
    const byMural = await gerente.call('PATCH', `${base}/mural/${m2.id}/conclude`);
    expect(byMural.json()).toMatchObject({ id: s2.id, status: 'concluida' });
    const plain = await demand('2026-03-02', '2026-03-03');
    expect((await gerente.call('PATCH', `${base}/mural/${plain.id}/conclude`)).statusCode).toBe(
      404,
    );
  });

  it('deletes a series: instances remain, no longer recurring', async () => {
    const m = await demand('2026-03-02', '2026-03-03');
    const s = await series(m.id, { frequencia: 'diaria' });
    const adv = await gerente.call('POST', advanceUrl(m.id));
    const nextId = adv.json().next.mural_id as number;
    expect((await equipe.call('DELETE', `${base}/${s.id}`)).statusCode).toBe(403);
    expect((await gerente.call('DELETE', `${base}/${s.id}`)).statusCode).toBe(204);
    expect((await muralRow(m.id)).recurrenceId).toBeNull();
    expect((await muralRow(nextId)).recurrenceId).toBeNull();
    expect((await gerente.call('GET', `${base}/mural/${nextId}`)).statusCode).toBe(404);
    expect((await gerente.call('DELETE', `${base}/${s.id}`)).statusCode).toBe(404);
    // and the demand can start a new series
    await series(nextId, { frequencia: 'diaria' });
  });
});
