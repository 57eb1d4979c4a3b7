import { rolesWith, isFinanceRole, roleOf, ROLE_TITLES } from '@eproto/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { muralHistory, murals, notifications } from '../../db/schema/index.ts';
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
let financeiro: Person;
let cfo: Person;

const base = '/api/eproto/financeiro';

beforeAll(async () => {
  t = await createTestApp();
  contractId = (await makeContract(t)).id;
  boardId = (await makeBoard(t, { contractId })).id;
  gerente = await person(t, 'Gerente', 'Fernanda Gerente');
  financeiro = await person(t, 'Financeiro', 'Juliana Financeiro');
  cfo = await person(t, 'CFO', 'Eduardo CFO');
  await linkContract(t, contractId, gerente.user.id);
});
afterAll(async () => t.close());

async function sentMural(titulo = 'Medição de março') {
  const m = await makeMural(t, { boardId, contractId, titulo });
  const res = await gerente.call('POST', `${base}/murals/${m.id}/send`, {});
  expect(res.statusCode).toBe(200);
  return m;
}

async function notificationsOf(userId: number, muralId: number) {
  return t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.muralId, muralId)));
}

async function historyOf(muralId: number) {
  const rows = await t.database.db
    .select()
    .from(muralHistory)
    .where(eq(muralHistory.muralId, muralId));
  return rows.map((r) => r.action);
}

describe('finance flow', () => {
  it('send -> counted and listed -> open marks viewed -> done, with who/when, history and notifications', async () => {
    const before = (await financeiro.call('GET', `${base}/contador`)).json<
      { status: string; total: number }[]
    >();
    const m = await makeMural(t, { boardId, contractId, titulo: 'Nota fiscal do mês' });
    const sent = await gerente.call('POST', `${base}/murals/${m.id}/send`, {
      observacao: 'Conferir a nota antes do pagamento.',
    });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      finance_status: 'enviado',
      finance_sent_by: gerente.user.id,
      finance_sent_by_nome: 'Fernanda Gerente',
      finance_observacao: 'Conferir a nota antes do pagamento.',
    });
    // finance people are told at once
    expect((await notificationsOf(financeiro.user.id, m.id)).length).toBe(1);
    expect((await notificationsOf(cfo.user.id, m.id)).length).toBe(1);

    const counters = (await financeiro.call('GET', `${base}/contador`)).json<
      { status: string; total: number; label: string }[]
    >();
    expect(counters.map((c) => c.status)).toEqual(['enviado', 'visualizado', 'concluido']);
    const enviado = (list: { status: string; total: number }[]) =>
      list.find((c) => c.status === 'enviado')!.total;
    expect(enviado(counters)).toBe(enviado(before) + 1);
    expect(counters[0]!.label).toBe('Enviado');

    const list = await financeiro.call('GET', `${base}/murals?status=enviado`);
    expect(list.statusCode).toBe(200);
    expect(list.json<{ id: number }[]>().some((x) => x.id === m.id)).toBe(true);
    expect(Number(list.headers['x-total-count'])).toBeGreaterThanOrEqual(1);

    const viewed = await financeiro.call('POST', `${base}/murals/${m.id}/view`);
    expect(viewed.statusCode).toBe(200);
    expect(viewed.json()).toMatchObject({
      finance_status: 'visualizado',
      finance_viewed_by: financeiro.user.id,
      finance_viewed_by_nome: 'Juliana Financeiro',
    });
    expect(viewed.json().finance_viewed_at).toBeTruthy();
    const senderNotes = await notificationsOf(gerente.user.id, m.id);
    expect(senderNotes.map((n) => n.texto)).toEqual([
      'Juliana Financeiro (financeiro) visualizou a demanda "Nota fiscal do mês".',
    ]);

    // Opening again changes nothing (same viewer, same time, no new notification).
    const again = await cfo.call('POST', `${base}/murals/${m.id}/view`);
    expect(again.json().finance_viewed_by).toBe(financeiro.user.id);
    expect((await notificationsOf(gerente.user.id, m.id)).length).toBe(1);

    const done = await cfo.call('POST', `${base}/murals/${m.id}/done`);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({
      finance_status: 'concluido',
      finance_done_by: cfo.user.id,
      finance_done_by_nome: 'Eduardo CFO',
    });
    expect((await notificationsOf(gerente.user.id, m.id)).length).toBe(2);
    expect(await historyOf(m.id)).toEqual(
      expect.arrayContaining([
        'financeiro_enviado',
        'financeiro_visualizado',
        'financeiro_concluido',
      ]),
    );
    const [row] = await t.database.db.select().from(murals).where(eq(murals.id, m.id));
    expect(row!.financeSentAt).toBeInstanceOf(Date);
    expect(row!.financeDoneAt).toBeInstanceOf(Date);

    expect((await cfo.call('POST', `${base}/murals/${m.id}/done`)).statusCode).toBe(409);
    // After conclusion it may be sent again; the trail restarts.
    const resent = await gerente.call('POST', `${base}/murals/${m.id}/send`);
    expect(resent.json()).toMatchObject({ finance_status: 'enviado', finance_done_at: null });
  });

  it('refuses sending twice while finance has it', async () => {
    const m = await sentMural();
    const res = await gerente.call('POST', `${base}/murals/${m.id}/send`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Esta demanda já está com o financeiro.');
  });

  it('concluding an unopened item records it as viewed too', async () => {
    const m = await sentMural();
    const done = await financeiro.call('POST', `${base}/murals/${m.id}/done`);
    expect(done.json()).toMatchObject({
      finance_status: 'concluido',
      finance_viewed_by: financeiro.user.id,
    });
    expect(await historyOf(m.id)).toEqual(
      expect.arrayContaining(['financeiro_visualizado', 'financeiro_concluido']),
    );
  });

  it('filters the list by state and by text, newest pending first', async () => {
    const a = await sentMural('Reembolso de viagem XYZ');
    const b = await sentMural('Reembolso de combustível XYZ');
    await financeiro.call('POST', `${base}/murals/${a.id}/view`);
    const viewed = await financeiro.call('GET', `${base}/murals?status=visualizado&q=XYZ`);
    expect(viewed.json<{ id: number }[]>().map((x) => x.id)).toEqual([a.id]);
    const both = await financeiro.call('GET', `${base}/murals?status=enviado,visualizado&q=XYZ`);
    expect(both.json<{ id: number }[]>().map((x) => x.id)).toEqual([b.id, a.id]);
    expect(both.headers['x-total-count']).toBe('2');
    const bad = await financeiro.call('GET', `${base}/murals?status=pago`);
    expect(bad.statusCode).toBe(400);
  });

  it('a demand never sent: 404 for financeiro (out of their scope), 409 for the CFO', async () => {
    const m = await makeMural(t, { boardId, contractId });
    expect((await financeiro.call('POST', `${base}/murals/${m.id}/view`)).statusCode).toBe(404);
    const res = await cfo.call('POST', `${base}/murals/${m.id}/done`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Esta demanda não foi enviada ao financeiro.');
  });

  it('out-of-scope and unknown demands answer 404', async () => {
    const other = await makeContract(t);
    const board = await makeBoard(t, { contractId: other.id });
    const m = await makeMural(t, { boardId: board.id, contractId: other.id });
    expect((await gerente.call('POST', `${base}/murals/${m.id}/send`)).statusCode).toBe(404);
    expect((await gerente.call('GET', `${base}/murals/${m.id}`)).statusCode).toBe(404);
    expect((await cfo.call('POST', `${base}/murals/999999/view`)).statusCode).toBe(404);
  });

  it('the demand page reads its finance trail and what the caller may do', async () => {
    const resp = await person(t, 'Equipe');
    const m = await makeMural(t, { boardId, contractId, responsavelId: resp.user.id });
    const res = await resp.call('GET', `${base}/murals/${m.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      finance_status: null,
      finance_permissions: { send: true, act: false },
    });
  });
});

/**
 * Role x action table built from the shared role titles: finance/CFO act (list, counters, view,
 * done); gestores send any demand they see; everyone sends the demands they are responsável for.
 */
describe.each(ROLE_TITLES.map((r) => [r]))('role %s', (title) => {
  const finance = isFinanceRole(title);
  const manager = rolesWith('demands.manage').includes(roleOf(title));

  it(`${finance ? 'may' : 'may not'} use the finance list and actions`, async () => {
    const p = await person(t, title);
    await linkContract(t, contractId, p.user.id);
    const list = await p.call('GET', `${base}/murals`);
    expect(list.statusCode).toBe(finance ? 200 : 403);
    expect((await p.call('GET', `${base}/contador`)).statusCode).toBe(finance ? 200 : 403);
    const m = await sentMural();
    expect((await p.call('POST', `${base}/murals/${m.id}/view`)).statusCode).toBe(
      finance ? 200 : 403,
    );
    expect((await p.call('POST', `${base}/murals/${m.id}/done`)).statusCode).toBe(
      finance ? 200 : 403,
    );
    const [row] = await t.database.db.select().from(murals).where(eq(murals.id, m.id));
    expect(row!.financeStatus).toBe(finance ? 'concluido' : 'enviado');
  });

  it(`${manager ? 'may' : 'may not'} send a demand it sees; may send its own`, async () => {
    const p = await person(t, title);
    await linkContract(t, contractId, p.user.id);
    const foreign = await makeMural(t, { boardId, contractId });
    expect((await p.call('POST', `${base}/murals/${foreign.id}/send`)).statusCode).toBe(
      manager ? 200 : 403,
    );
    const own = await makeMural(t, { boardId, contractId, responsavelId: p.user.id });
    expect((await p.call('POST', `${base}/murals/${own.id}/send`)).statusCode).toBe(200);
  });
});
