import { todayIn, WEBHOOK_EVENTS, type Webhook, type WebhookEvent } from '@eproto/domain';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeBoard } from '../murals/murals.fixtures.ts';
import { osWorld, type OsWorld } from '../service-orders/os-test-kit.ts';
import { client } from '../tatico/test-kit.ts';

// Issue 35.3: the task, review, solicitação and EPI events. Each change made through its own
// route writes exactly one delivery (and one job) per webhook that chose the event, inside the
// change's transaction: a change that rolls back after the event was written leaves nothing.

let t: TestApp;
let w: OsWorld;
let ti: ReturnType<typeof client>;
let equipe: ReturnType<typeof client>;
let gerente: ReturnType<typeof client>;
let all: Webhook;
let epiOnly: Webhook;
const today = todayIn('America/Sao_Paulo');

beforeAll(async () => {
  // The receivers are never called here (the queue is not started): the URL only has to pass.
  t = await createTestApp({ OUTBOUND_URL_ALLOWLIST: 'http://127.0.0.1' });
  w = await osWorld(t);
  ti = client(t, w.s.ti.cookie);
  equipe = client(t, w.s.equipe.cookie);
  gerente = client(t, w.s.gerente.cookie);
  const a = await ti.post('/api/integrations/webhooks', {
    url: 'http://127.0.0.1:9/todos',
    eventos: [...WEBHOOK_EVENTS],
  });
  expect(a.statusCode, a.body).toBe(201);
  all = a.json<{ webhook: Webhook }>().webhook;
  const b = await ti.post('/api/integrations/webhooks', {
    url: 'http://127.0.0.1:9/epi',
    eventos: ['epi.entregue'],
  });
  expect(b.statusCode, b.body).toBe(201);
  epiOnly = b.json<{ webhook: Webhook }>().webhook;
});
afterEach(async () => {
  await t.database.db.execute(sql`drop trigger if exists falha_depois on notifications`);
  await t.database.db.execute(sql`delete from webhook_deliveries`);
  await t.database.db.execute(sql`delete from pgboss.job where name = 'webhook-deliver'`);
});
afterAll(async () => {
  await t.close();
});

/** Every delivery written so far, oldest first, with the jobs that will send them. */
async function written() {
  const rows = await t.database.db
    .select()
    .from(webhookDeliveries)
    .orderBy(webhookDeliveries.ocorridoEm, webhookDeliveries.id);
  const jobs = await t.database.db.execute<{ id: string }>(
    sql`select data->>'deliveryId' as id from pgboss.job where name = 'webhook-deliver'`,
  );
  // One job per delivery row, no more, no less.
  expect(jobs.rows.map((j) => j.id).sort()).toEqual(rows.map((r) => r.id).sort());
  return rows;
}

/** The events the all-events webhook got, in order, with their `dados`. */
async function events() {
  return (await written())
    .filter((r) => r.webhookId === all.id)
    .map((r) => [r.evento as WebhookEvent, r.dados] as const);
}

/** Breaks the change after its event: the notification written after it fails. */
async function failAfterTheEvent() {
  await t.database.db.execute(sql`
    create or replace function falha_depois_fn() returns trigger language plpgsql as $$
    begin raise exception 'falha depois do evento'; end $$`);
  await t.database.db.execute(sql`
    create trigger falha_depois before insert on notifications
    for each row execute function falha_depois_fn()`);
}

async function demand() {
  const board = await makeBoard(t, { contractId: w.contractA });
  const res = await w.coord.post('/api/eproto/murals', {
    titulo: 'Preventiva do chiller 2',
    board_id: board.id,
  });
  expect(res.statusCode, res.body).toBe(201);
  await t.database.db.execute(sql`delete from webhook_deliveries`);
  await t.database.db.execute(sql`delete from pgboss.job where name = 'webhook-deliver'`);
  return res.json<{ id: number }>().id;
}

async function task(muralId: number, extra: Record<string, unknown> = {}) {
  const res = await w.coord.post('/api/eproto/protocols', {
    mural_id: muralId,
    titulo: 'Trocar correia do ventilador',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

describe('tarefa.atribuida', () => {
  it('a task created with a responsible, then given to another: one event each', async () => {
    const muralId = await demand();
    const id = await task(muralId, {
      responsavel_id: w.s.equipe.id,
      prioridade: 'alta',
      fim_previsto: today,
    });
    expect(await events()).toEqual([
      [
        'tarefa.atribuida',
        {
          tarefa: {
            id,
            titulo: 'Trocar correia do ventilador',
            etapa: 'a_fazer',
            prioridade: 'alta',
            demanda_id: muralId,
            responsavel_id: w.s.equipe.id,
            inicio_previsto: null,
            fim_previsto: today,
            fim_real: null,
            demanda_url: `http://localhost:3000/eproto/murals/${muralId}`,
          },
        },
      ],
    ]);
    // Another field changes nothing; the same responsible again neither; unassigning neither.
    await t.database.db.execute(sql`delete from webhook_deliveries`);
    await t.database.db.execute(sql`delete from pgboss.job where name = 'webhook-deliver'`);
    const url = `/api/eproto/protocols/${id}`;
    expect((await w.coord.patch(url, { titulo: 'Trocar a correia' })).statusCode).toBe(200);
    expect((await w.coord.patch(url, { responsavel_id: w.s.equipe.id })).statusCode).toBe(200);
    expect(await events()).toEqual([]);
    const moved = await w.coord.patch(url, { responsavel_id: w.s.coordenador.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await w.coord.patch(url, { responsavel_id: null })).statusCode).toBe(200);
    const got = await events();
    expect(got.map(([e]) => e)).toEqual(['tarefa.atribuida']);
    expect(got[0]![1]).toMatchObject({
      tarefa: { id, titulo: 'Trocar a correia', responsavel_id: w.s.coordenador.id },
    });
  });

  it('a task without a responsible sends nothing', async () => {
    await task(await demand());
    expect(await written()).toEqual([]);
  });

  it('rolled back after the event: no delivery, no job', async () => {
    const muralId = await demand();
    await failAfterTheEvent();
    const res = await w.coord.post('/api/eproto/protocols', {
      mural_id: muralId,
      titulo: 'Nunca criada',
      responsavel_id: w.s.equipe.id,
    });
    expect(res.statusCode).toBe(500);
    expect(await written()).toEqual([]);
  });
});

describe('revisões and tarefa.concluida', () => {
  async function inReview() {
    const id = await task(await demand(), { responsavel_id: w.s.equipe.id });
    const sent = await equipe.patch(`/api/eproto/protocols/${id}/kanban`, { stage: 'em_revisao' });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.database.db.execute(sql`delete from webhook_deliveries`);
    await t.database.db.execute(sql`delete from pgboss.job where name = 'webhook-deliver'`);
    return id;
  }

  it('approved: revisao.aprovada then tarefa.concluida, once each', async () => {
    const id = await inReview();
    const res = await gerente.patch(`/api/eproto/reviews/${id}/approve`, { comment: 'Ok.' });
    expect(res.statusCode, res.body).toBe(200);
    // Both in one transaction (same ocorrido_em): their order among themselves is not kept.
    const got = new Map(await events());
    expect([...got.keys()].sort()).toEqual(['revisao.aprovada', 'tarefa.concluida']);
    expect(got.get('revisao.aprovada')).toEqual({
      tarefa: expect.objectContaining({ id, etapa: 'concluido', fim_real: today }),
      revisao: { decisao: 'aprovado', comentario: 'Ok.', revisor_id: w.s.gerente.id },
    });
    expect(got.get('tarefa.concluida')).toEqual({
      tarefa: expect.objectContaining({ id, etapa: 'concluido', responsavel_id: w.s.equipe.id }),
    });
    // Approving again is refused and sends nothing more.
    expect((await gerente.patch(`/api/eproto/reviews/${id}/approve`, {})).statusCode).toBe(409);
    expect(await events()).toHaveLength(2);
  });

  it('rejected: revisao.reprovada with the reason, no conclusion', async () => {
    const id = await inReview();
    const res = await gerente.patch(`/api/eproto/reviews/${id}/reject`, {
      comment: 'Falta a foto da correia nova.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await events()).toEqual([
      [
        'revisao.reprovada',
        {
          tarefa: expect.objectContaining({ id, etapa: 'em_andamento' }),
          revisao: {
            decisao: 'rejeitado',
            comentario: 'Falta a foto da correia nova.',
            revisor_id: w.s.gerente.id,
          },
        },
      ],
    ]);
  });

  it('a reviewer dragging a pending task to concluído approves it', async () => {
    const id = await inReview();
    const res = await gerente.patch(`/api/eproto/protocols/${id}/kanban`, { stage: 'concluido' });
    expect(res.statusCode, res.body).toBe(200);
    const got = new Map(await events());
    expect([...got.keys()].sort()).toEqual(['revisao.aprovada', 'tarefa.concluida']);
    expect(got.get('revisao.aprovada')).toMatchObject({
      revisao: { decisao: 'aprovado', comentario: null, revisor_id: w.s.gerente.id },
    });
  });

  it('concluded without review (moved, or created concluded) is tarefa.concluida alone', async () => {
    const muralId = await demand();
    const id = await task(muralId);
    const res = await w.coord.patch(`/api/eproto/protocols/${id}/kanban`, { stage: 'concluido' });
    expect(res.statusCode, res.body).toBe(200);
    // The same stage again is no change.
    await w.coord.patch(`/api/eproto/protocols/${id}/kanban`, { stage: 'concluido' });
    const created = await task(muralId, { stage: 'concluido' });
    const got = await events();
    expect(got.map(([e, d]) => [e, (d as { tarefa: { id: number } }).tarefa.id])).toEqual([
      ['tarefa.concluida', id],
      ['tarefa.concluida', created],
    ]);
  });

  it('an approval rolled back after the event: no delivery, the task still in review', async () => {
    const id = await inReview();
    await failAfterTheEvent();
    const res = await gerente.patch(`/api/eproto/reviews/${id}/approve`, {});
    expect(res.statusCode).toBe(500);
    expect(await written()).toEqual([]);
    const back = await gerente.get(`/api/eproto/protocols/${id}`);
    expect(back.json<{ stage: string }>().stage).toBe('em_revisao');
  });
});

describe('solicitacao.etapa', () => {
  it('opened, then each step: one event each, with the step', async () => {
    const created = await w.coord.post('/api/solicitacoes', {
      tipo: 'material',
      descricao: 'Cabos e conectores para a obra',
      urgencia: 'alta',
      contract_id: w.contractA,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ solicitacao: { id: number } }>().solicitacao.id;
    const step = (status: string, comentario?: string) =>
      gerente.post(`/api/solicitacoes/${id}/status`, { status, ...(comentario && { comentario }) });
    const analysed = await step('em_analise');
    expect(analysed.statusCode, analysed.body).toBe(200);
    const approved = await step('aprovada', 'Pode comprar.');
    expect(approved.statusCode, approved.body).toBe(200);
    // A step the workflow refuses sends nothing.
    expect((await step('aberta')).statusCode).toBe(409);
    const solicitacao = {
      id,
      tipo: 'material',
      urgencia: 'alta',
      contrato_id: w.contractA,
      url: `http://localhost:3000/solicitacoes?id=${id}`,
    };
    expect(await events()).toEqual([
      [
        'solicitacao.etapa',
        {
          solicitacao: { ...solicitacao, status: 'aberta' },
          etapa_anterior: null,
          etapa: 'aberta',
          comentario: null,
        },
      ],
      [
        'solicitacao.etapa',
        {
          solicitacao: { ...solicitacao, status: 'em_analise' },
          etapa_anterior: 'aberta',
          etapa: 'em_analise',
          comentario: null,
        },
      ],
      [
        'solicitacao.etapa',
        {
          solicitacao: { ...solicitacao, status: 'aprovada' },
          etapa_anterior: 'em_analise',
          etapa: 'aprovada',
          comentario: 'Pode comprar.',
        },
      ],
    ]);
  });

  it('a step rolled back after the event: no delivery, the request where it was', async () => {
    const created = await w.coord.post('/api/solicitacoes', {
      tipo: 'outro',
      descricao: 'Escada extensível',
      urgencia: 'baixa',
      contract_id: w.contractA,
    });
    const id = created.json<{ solicitacao: { id: number } }>().solicitacao.id;
    await t.database.db.execute(sql`delete from webhook_deliveries`);
    await t.database.db.execute(sql`delete from pgboss.job where name = 'webhook-deliver'`);
    await failAfterTheEvent();
    const res = await gerente.post(`/api/solicitacoes/${id}/status`, { status: 'em_analise' });
    expect(res.statusCode, res.body).toBe(500);
    expect(await written()).toEqual([]);
    const after = await gerente.get(`/api/solicitacoes/${id}`);
    expect(after.json<{ solicitacao: { status: string } }>().solicitacao.status).toBe('aberta');
  });
});

describe('epi.entregue', () => {
  async function item() {
    const res = await w.coord.post('/api/tatico/epi/itens', {
      nome: 'Luva de vaqueta',
      ca_numero: '41234',
      ca_validade: `${Number(today.slice(0, 4)) + 2}${today.slice(4, 8)}01`,
      tamanho: 'G',
      vida_util_dias: 90,
      estoque_inicial: 5,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  }

  it('a delivery: one event for each webhook that chose it', async () => {
    const itemId = await item();
    const res = await w.coord.post('/api/tatico/epi/entregas', {
      colaborador_id: w.s.equipe.id,
      item_id: itemId,
      data: today,
      quantidade: 2,
      motivo: 'admissao',
    });
    expect(res.statusCode, res.body).toBe(201);
    const entrega = {
      id: res.json<{ id: number }>().id,
      data: today,
      quantidade: 2,
      motivo: 'admissao',
      item: { id: itemId, nome: 'Luva de vaqueta', ca_numero: '41234' },
      colaborador: { id: w.s.equipe.id, nome: 'Pessoa Equipe' },
      entregue_por_id: w.s.coordenador.id,
      assinada: false,
      ficha_url: `http://localhost:3000/tatico/epi?ficha=${w.s.equipe.id}`,
    };
    const rows = (await written()).sort((a, b) => a.webhookId - b.webhookId);
    expect(rows.map((r) => [r.webhookId, r.evento, r.dados])).toEqual([
      [all.id, 'epi.entregue', { entrega }],
      [epiOnly.id, 'epi.entregue', { entrega }],
    ]);
  });

  it('refused (no stock) or rolled back after the event: no delivery', async () => {
    const itemId = await item();
    const body = {
      colaborador_id: w.s.equipe.id,
      item_id: itemId,
      data: today,
      quantidade: 9,
      motivo: 'admissao',
    };
    expect((await w.coord.post('/api/tatico/epi/entregas', body)).statusCode).toBe(400);
    await failAfterTheEvent();
    const res = await w.coord.post('/api/tatico/epi/entregas', { ...body, quantidade: 1 });
    expect(res.statusCode).toBe(500);
    expect(await written()).toEqual([]);
  });
});

it('only the webhooks that chose an event get it', async () => {
  // epiOnly chose epi.entregue alone: a task assignment reaches only the all-events webhook.
  await task(await demand(), { responsavel_id: w.s.equipe.id });
  const rows = await written();
  expect(rows.map((r) => [r.webhookId, r.evento])).toEqual([[all.id, 'tarefa.atribuida']]);
});

it('concluir e avançar: the next occurrence’s tasks with a responsible are assigned', async () => {
  const board = await makeBoard(t, { contractId: w.contractA });
  const m = await w.coord.post('/api/eproto/murals', {
    titulo: 'Inspeção diária',
    board_id: board.id,
    inicio_previsto: today,
    fim_previsto: today,
  });
  expect(m.statusCode, m.body).toBe(201);
  const muralId = m.json<{ id: number }>().id;
  await task(muralId, { responsavel_id: w.s.equipe.id, titulo: 'Ler os medidores' });
  await task(muralId, { titulo: 'Sem responsável' });
  const s = await gerente.post('/api/eproto/recurrence', {
    mural_id: muralId,
    frequencia: 'diaria',
  });
  expect(s.statusCode, s.body).toBe(201);
  await t.database.db.execute(sql`delete from webhook_deliveries`);
  await t.database.db.execute(sql`delete from pgboss.job where name = 'webhook-deliver'`);
  const res = await gerente.post(
    `/api/eproto/recurrence/v2/murals/${muralId}/conclude-and-advance`,
  );
  expect(res.statusCode, res.body).toBe(200);
  const nextId = res.json<{ next: { mural_id: number } }>().next.mural_id;
  const got = await events();
  expect(got.map(([e]) => e).sort()).toEqual([
    'demanda.criada',
    'demanda.etapa_alterada',
    'tarefa.atribuida',
  ]);
  expect(new Map(got).get('tarefa.atribuida')).toEqual({
    tarefa: expect.objectContaining({
      titulo: 'Ler os medidores',
      etapa: 'a_fazer',
      demanda_id: nextId,
      responsavel_id: w.s.equipe.id,
    }),
  });
});
