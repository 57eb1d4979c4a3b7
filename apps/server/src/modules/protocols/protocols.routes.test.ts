import { todayIn } from '@eproto/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, protocolHistory, protocols } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeMural,
  multipart,
  person,
  TINY_PNG,
  type Person,
} from '../murals/murals.fixtures.ts';
import { insertLink, insertTask } from './protocols.fixtures.ts';

let t: TestApp;
let gerente: Person;
let equipe: Person;
let outsider: Person;
let contractId: number;
let boardId: number;
let muralId: number;

beforeAll(async () => {
  t = await createTestApp();
  gerente = await person(t, 'Gerente', 'Fernanda Lima');
  equipe = await person(t, 'Equipe de Campo', 'João Pereira');
  outsider = await person(t, 'Coordenador', 'Tatiane Rocha');
  contractId = (await makeContract(t, { nome: 'Contrato Alfa' })).id;
  await linkContract(t, contractId, gerente.user.id);
  boardId = (await makeBoard(t, { contractId })).id;
  muralId = (await makeMural(t, { boardId, contractId, titulo: 'Reforma elétrica' })).id;
});
afterAll(async () => t.close());

const today = () => todayIn('America/Sao_Paulo');
const historyOf = (id: number) =>
  t.database.db.select().from(protocolHistory).where(eq(protocolHistory.protocolId, id));
const notesOf = (userId: number, type: string) =>
  t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, type)));

describe('POST/GET /api/eproto/protocols', () => {
  it('creates a task in a demand, writes history and tells the responsável', async () => {
    const res = await gerente.call('POST', '/api/eproto/protocols', {
      mural_id: muralId,
      titulo: 'Instalar quadro de distribuição',
      responsavel_id: equipe.user.id,
      prioridade: 'alta',
      inicio_previsto: '2026-03-02',
      fim_previsto: '2026-03-06T00:00:00.000Z',
      horas_estimadas: 12.5,
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      mural_id: muralId,
      mural_titulo: 'Reforma elétrica',
      contract_id: contractId,
      contract_nome: 'Contrato Alfa',
      stage: 'a_fazer',
      responsavel_nome: 'João Pereira',
      fim_previsto: '2026-03-06',
      horas_estimadas: 12.5,
      review_status: null,
    });
    expect(body.permissions).toMatchObject({ edit: true, delete: true, review: false });
    expect((await historyOf(body.id)).map((h) => h.action)).toEqual(['criada']);
    const notes = await notesOf(equipe.user.id, 'task_assigned');
    expect(notes.some((n) => n.protocolId === body.id)).toBe(true);
    // the responsável sees the task (and its demand) now
    const mine = await equipe.call('GET', `/api/eproto/protocols/${body.id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().permissions).toMatchObject({ edit: true, move: true, delete: false });
  });

  it('refuses bad input in Portuguese and a demand out of scope with 404', async () => {
    const bad = await gerente.call('POST', '/api/eproto/protocols', {
      mural_id: muralId,
      titulo: 'x',
      inicio_previsto: '2026-03-10',
      fim_previsto: '2026-03-01',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/título|fim previsto/i);
    const hidden = await outsider.call('POST', '/api/eproto/protocols', {
      mural_id: muralId,
      titulo: 'Tarefa escondida',
    });
    expect(hidden.statusCode).toBe(404);
    const notEditor = await equipe.call('POST', '/api/eproto/protocols', {
      mural_id: muralId,
      titulo: 'Tarefa da equipe',
    });
    expect(notEditor.statusCode).toBe(403);
  });

  it('lists visible tasks with filters, pagination and x-total-count', async () => {
    const m2 = await makeMural(t, { boardId, contractId, titulo: 'Pintura' });
    await insertTask(t, { muralId: m2.id, titulo: 'Lixar paredes', fim: '2020-01-10' });
    await insertTask(t, { muralId: m2.id, titulo: 'Pintar fachada', stage: 'em_andamento' });
    await insertTask(t, {
      muralId: m2.id,
      titulo: 'Comprar tinta',
      stage: 'concluido',
      fim: '2020-01-01',
    });
    const all = await gerente.call('GET', `/api/eproto/protocols?mural_id=${m2.id}&perPage=2`);
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('3');
    expect(all.json()).toHaveLength(2);
    const late = await gerente.call('GET', `/api/eproto/protocols?mural_id=${m2.id}&late=true`);
    expect(late.json().map((x: { titulo: string }) => x.titulo)).toEqual(['Lixar paredes']);
    expect(late.json()[0].atrasada).toBe(true);
    const stage = await gerente.call(
      'GET',
      `/api/eproto/protocols?mural_id=${m2.id}&stage=em_andamento,concluido&sort=titulo`,
    );
    expect(stage.json().map((x: { titulo: string }) => x.titulo)).toEqual([
      'Comprar tinta',
      'Pintar fachada',
    ]);
    const q = await gerente.call('GET', '/api/eproto/protocols?q=fachada');
    expect(q.json().map((x: { titulo: string }) => x.titulo)).toEqual(['Pintar fachada']);
    const byContract = await gerente.call(
      'GET',
      `/api/eproto/protocols?contract_id=${contractId}&perPage=100`,
    );
    expect(Number(byContract.headers['x-total-count'])).toBeGreaterThanOrEqual(3);
    const none = await outsider.call('GET', `/api/eproto/protocols?mural_id=${m2.id}`);
    expect(none.json()).toEqual([]);
    expect(none.headers['x-total-count']).toBe('0');
    const mine = await equipe.call('GET', '/api/eproto/protocols');
    expect(
      mine.json().every((x: { responsavel_id: number }) => x.responsavel_id === equipe.user.id),
    ).toBe(true);
    const badStage = await gerente.call('GET', '/api/eproto/protocols?stage=feito');
    expect(badStage.statusCode).toBe(400);
  });
});

describe('PATCH /api/eproto/protocols/{id}', () => {
  it('edits fields with history, notifies a new responsável and the date change', async () => {
    const task = await insertTask(t, { muralId, inicio: '2026-04-01', fim: '2026-04-03' });
    const res = await gerente.call('PATCH', `/api/eproto/protocols/${task.id}`, {
      responsavel_id: equipe.user.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ responsavel_id: equipe.user.id, cascaded: [] });
    const dates = await gerente.call('PATCH', `/api/eproto/protocols/${task.id}`, {
      fim_previsto: '2026-04-05',
    });
    expect(dates.statusCode).toBe(200);
    const history = await historyOf(task.id);
    expect(history.map((h) => h.action).sort()).toEqual([
      'datas_alteradas',
      'responsavel_alterado',
    ]);
    const dated = history.find((h) => h.action === 'datas_alteradas')!;
    expect(dated.before).toEqual({ fim_previsto: '2026-04-03' });
    expect(dated.after).toEqual({ fim_previsto: '2026-04-05' });
    expect(
      (await notesOf(equipe.user.id, 'task_assigned')).some((n) => n.protocolId === task.id),
    ).toBe(true);
    expect(
      (await notesOf(equipe.user.id, 'date_changed')).some((n) => n.protocolId === task.id),
    ).toBe(true);
  });

  it('refuses end before start and people who cannot edit; 404 out of scope', async () => {
    const task = await insertTask(t, { muralId, inicio: '2026-04-01', fim: '2026-04-03' });
    const bad = await gerente.call('PATCH', `/api/eproto/protocols/${task.id}`, {
      fim_previsto: '2026-03-01',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('O fim previsto deve ser igual ou posterior ao início previsto.');
    const other = await person(t, 'Equipe');
    await linkContract(t, contractId, other.user.id);
    expect(
      (await other.call('PATCH', `/api/eproto/protocols/${task.id}`, { titulo: 'Outro nome' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await outsider.call('PATCH', `/api/eproto/protocols/${task.id}`, { titulo: 'Outro nome' }))
        .statusCode,
    ).toBe(404);
  });

  it('cascades new dates to successors in one go, with history and notifications', async () => {
    const a = await insertTask(t, {
      muralId,
      titulo: 'Fundação',
      inicio: '2026-05-04',
      fim: '2026-05-08',
    });
    const b = await insertTask(t, {
      muralId,
      titulo: 'Estrutura',
      inicio: '2026-05-11',
      fim: '2026-05-15',
      responsavelId: equipe.user.id,
    });
    const c = await insertTask(t, {
      muralId,
      titulo: 'Cobertura',
      inicio: '2026-05-20',
      fim: '2026-05-22',
    });
    await insertLink(t, b.id, a.id, 2); // b may start on 11/05 (08 + 1 + 2)
    await insertLink(t, c.id, b.id, -1); // lead: c may start on the day b ends
    const res = await gerente.call('PATCH', `/api/eproto/protocols/${a.id}`, {
      fim_previsto: '2026-05-12',
    });
    expect(res.statusCode).toBe(200);
    // b: earliest 15/05 -> moves 4 days to 15..19; c: earliest 19/05 -> stays (starts 20/05)
    expect(res.json().cascaded).toEqual([
      {
        id: b.id,
        titulo: 'Estrutura',
        shift_days: 4,
        inicio_previsto: '2026-05-15',
        fim_previsto: '2026-05-19',
      },
    ]);
    const again = await gerente.call('PATCH', `/api/eproto/protocols/${a.id}`, {
      fim_previsto: '2026-05-14',
    });
    // b: 17..21; c earliest = 21 + 1 - 1 = 21/05 -> moves 1 day to 21..23
    expect(
      again
        .json()
        .cascaded.map((x: { id: number; inicio_previsto: string }) => [x.id, x.inicio_previsto]),
    ).toEqual([
      [b.id, '2026-05-17'],
      [c.id, '2026-05-21'],
    ]);
    const [rowC] = await t.database.db.select().from(protocols).where(eq(protocols.id, c.id));
    expect([rowC!.inicioPrevisto, rowC!.fimPrevisto]).toEqual(['2026-05-21', '2026-05-23']);
    const histB = (await historyOf(b.id)).filter((h) => h.action === 'datas_cascata');
    expect(histB).toHaveLength(2);
    expect(histB[0]!.texto).toMatch(/Fundação/);
    const notes = await notesOf(equipe.user.id, 'date_changed');
    expect(notes.filter((n) => n.protocolId === b.id)).toHaveLength(2);
    // moving the predecessor earlier never pulls successors back
    const back = await gerente.call('PATCH', `/api/eproto/protocols/${a.id}`, {
      inicio_previsto: '2026-05-01',
      fim_previsto: '2026-05-02',
    });
    expect(back.json().cascaded).toEqual([]);
  });

  it('refuses a start before what a predecessor allows (400 in Portuguese)', async () => {
    const a = await insertTask(t, {
      muralId,
      titulo: 'Escavação',
      inicio: '2026-06-01',
      fim: '2026-06-05',
    });
    const b = await insertTask(t, { muralId, inicio: '2026-06-10', fim: '2026-06-12' });
    await insertLink(t, b.id, a.id, 3);
    const res = await gerente.call('PATCH', `/api/eproto/protocols/${b.id}`, {
      inicio_previsto: '2026-06-08',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(
      'A tarefa só pode começar a partir de 09/06/2026, pois depende de "Escavação" com intervalo de 3 dias.',
    );
    const ok = await gerente.call('PATCH', `/api/eproto/protocols/${b.id}`, {
      inicio_previsto: '2026-06-09',
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('PATCH /api/eproto/protocols/{id}/kanban', () => {
  it('sets inicio_real and fim_real like demands and notifies the responsável', async () => {
    const task = await insertTask(t, { muralId, responsavelId: equipe.user.id });
    const start = await gerente.call('PATCH', `/api/eproto/protocols/${task.id}/kanban`, {
      stage: 'em_andamento',
    });
    expect(start.statusCode).toBe(200);
    expect(start.json()).toMatchObject({
      stage: 'em_andamento',
      inicio_real: today(),
      fim_real: null,
    });
    const done = await gerente.call('PATCH', `/api/eproto/protocols/${task.id}/kanban`, {
      stage: 'concluido',
    });
    expect(done.json()).toMatchObject({ stage: 'concluido', fim_real: today() });
    const reopen = await gerente.call('PATCH', `/api/eproto/protocols/${task.id}/kanban`, {
      stage: 'a_fazer',
    });
    expect(reopen.json()).toMatchObject({ stage: 'a_fazer', fim_real: null });
    const notes = await notesOf(equipe.user.id, 'status_changed');
    expect(notes.filter((n) => n.protocolId === task.id)).toHaveLength(3);
    expect((await historyOf(task.id)).filter((h) => h.action === 'etapa_alterada')).toHaveLength(3);
  });

  it('em_revisao queues a review; the responsável cannot conclude directly', async () => {
    const task = await insertTask(t, { muralId, responsavelId: equipe.user.id });
    const review = await equipe.call('PATCH', `/api/eproto/protocols/${task.id}/kanban`, {
      stage: 'em_revisao',
    });
    expect(review.statusCode).toBe(200);
    expect(review.json()).toMatchObject({ stage: 'em_revisao', review_status: 'pendente' });
    expect(review.json().review_requested_at).toBeTruthy();
    const done = await equipe.call('PATCH', `/api/eproto/protocols/${task.id}/kanban`, {
      stage: 'concluido',
    });
    expect(done.statusCode).toBe(403);
    expect(done.json().error).toMatch(/revisão/);
    const bad = await gerente.call('PATCH', `/api/eproto/protocols/${task.id}/kanban`, {
      stage: 'feito',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('messages, history notes and attachments', () => {
  it('posts a message with a mention that notifies, and lists it', async () => {
    const task = await insertTask(t, { muralId, responsavelId: equipe.user.id });
    const res = await gerente.call('POST', `/api/eproto/protocols/${task.id}/messages`, {
      texto: 'Bom dia @joão pereira, pode confirmar o material?',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ protocol_id: task.id, mentions: [equipe.user.id] });
    const list = await equipe.call('GET', `/api/eproto/protocols/${task.id}/messages`);
    expect(list.json()).toHaveLength(1);
    const notes = await notesOf(equipe.user.id, 'mention');
    expect(notes.some((n) => n.protocolId === task.id)).toBe(true);
    const empty = await gerente.call('POST', `/api/eproto/protocols/${task.id}/messages`, {
      texto: '  ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(/Escreva a mensagem/);
  });

  it('adds a note to the history and lists history newest first', async () => {
    const task = await insertTask(t, { muralId });
    const res = await gerente.call('POST', `/api/eproto/protocols/${task.id}/history`, {
      texto: 'Cliente pediu para aguardar.',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()[0]).toMatchObject({ action: 'nota', texto: 'Cliente pediu para aguardar.' });
    const list = await gerente.call('GET', `/api/eproto/protocols/${task.id}/history`);
    expect(list.json()[0].author_nome).toBe('Fernanda Lima');
  });

  it('uploads by content type, lists and downloads as attachment with nosniff', async () => {
    const task = await insertTask(t, { muralId, responsavelId: equipe.user.id });
    const form = multipart(
      { name: 'foto.png', data: TINY_PNG, type: 'image/png' },
      {
        display_name: 'Foto do quadro',
      },
    );
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/eproto/protocols/${task.id}/attachments`,
      headers: { ...form.headers, cookie: gerente.cookie, 'x-requested-with': 'eproto' },
      payload: form.payload,
    });
    expect(up.statusCode).toBe(201);
    expect(up.json()).toMatchObject({ display_name: 'Foto do quadro', mime_type: 'image/png' });
    const list = await equipe.call('GET', `/api/eproto/protocols/${task.id}/attachments`);
    expect(list.json()).toHaveLength(1);
    const dl = await equipe.call('GET', list.json()[0].download_url);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-disposition']).toMatch(/^attachment/);
    expect(dl.headers['x-content-type-options']).toBe('nosniff');
    expect(dl.rawPayload.equals(TINY_PNG)).toBe(true);
    expect((await outsider.call('GET', list.json()[0].download_url)).statusCode).toBe(404);
    const fake = multipart({ name: 'virus.png', data: Buffer.from('MZ\x90\x00 not a png') });
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/eproto/protocols/${task.id}/attachments`,
      headers: { ...fake.headers, cookie: gerente.cookie, 'x-requested-with': 'eproto' },
      payload: fake.payload,
    });
    expect(refused.statusCode).toBe(415);
    expect(
      (await notesOf(equipe.user.id, 'attachment')).some((n) => n.protocolId === task.id),
    ).toBe(true);
  });
});

describe('DELETE /api/eproto/protocols/{id}', () => {
  it('deletes for editors of the demand, 403 for the assignee, 404 outside', async () => {
    const task = await insertTask(t, { muralId, responsavelId: equipe.user.id });
    expect((await equipe.call('DELETE', `/api/eproto/protocols/${task.id}`)).statusCode).toBe(403);
    expect((await outsider.call('DELETE', `/api/eproto/protocols/${task.id}`)).statusCode).toBe(
      404,
    );
    expect((await gerente.call('DELETE', `/api/eproto/protocols/${task.id}`)).statusCode).toBe(200);
    expect((await gerente.call('GET', `/api/eproto/protocols/${task.id}`)).statusCode).toBe(404);
  });
});

describe('scope: every call answers 404 outside the caller scope', () => {
  it.each([
    ['GET', ''],
    ['PATCH', '', { titulo: 'Novo título' }],
    ['DELETE', ''],
    ['GET', '/history'],
    ['POST', '/history', { texto: 'nota' }],
    ['GET', '/messages'],
    ['POST', '/messages', { texto: 'oi' }],
    ['GET', '/attachments'],
    ['GET', '/attachments/1/download'],
    ['PATCH', '/kanban', { stage: 'em_andamento' }],
    ['GET', '/dependencies'],
    ['POST', '/dependencies', { predecessor_id: 1 }],
    ['DELETE', '/dependencies/1'],
  ] as const)('%s /protocols/{id}%s', async (method, suffix, body?: object) => {
    const task = await insertTask(t, { muralId });
    const res = await outsider.call(method, `/api/eproto/protocols/${task.id}${suffix}`, body);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Tarefa não encontrada.');
    const missing = await gerente.call(method, `/api/eproto/protocols/99999999${suffix}`, body);
    expect(missing.statusCode).toBe(404);
  });

  it('POST /tasks/{id}/dependencies and the upload answer 404 too', async () => {
    const task = await insertTask(t, { muralId });
    const res = await outsider.call('POST', `/api/eproto/tasks/${task.id}/dependencies`, {
      predecessor_id: task.id,
    });
    expect(res.statusCode).toBe(404);
    const form = multipart({ name: 'a.png', data: TINY_PNG });
    const up = await t.app.inject({
      method: 'POST',
      url: `/api/eproto/protocols/${task.id}/attachments`,
      headers: { ...form.headers, cookie: outsider.cookie, 'x-requested-with': 'eproto' },
      payload: form.payload,
    });
    expect(up.statusCode).toBe(404);
  });
});
