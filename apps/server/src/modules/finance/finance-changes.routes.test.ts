import { RT_EVENTS } from '@eproto/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEvent } from '../../lib/events.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { cursorParam, HOSTILE_CURSORS } from '../../../test/hostile-cursors.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeMural,
  person,
  type Person,
} from '../murals/murals.fixtures.ts';

// GET /financeiro/murals/changes (issue 37): a finance step patches the finance list's page
// on screen and its counters with one small answer instead of a new read of both.

let t: TestApp;
let contractId: number;
let boardId: number;
let gerente: Person;
let financeiro: Person;
let equipe: Person;

const base = '/api/eproto/financeiro';

beforeAll(async () => {
  t = await createTestApp();
  contractId = (await makeContract(t)).id;
  boardId = (await makeBoard(t, { contractId })).id;
  gerente = await person(t, 'Gerente', 'Fernanda Gerente');
  financeiro = await person(t, 'Financeiro', 'Juliana Financeiro');
  equipe = await person(t, 'Equipe de Campo', 'Caio Equipe');
  await linkContract(t, contractId, gerente.user.id);
  await linkContract(t, contractId, equipe.user.id);
});
afterAll(async () => t.close());

interface Changes {
  items: { id: number; finance_status: string; updated_at: string }[];
  ids: number[];
  total: number;
  cursor: string;
  counters: { status: string; total: number }[];
}

async function sent(titulo: string) {
  const m = await makeMural(t, { boardId, contractId, titulo });
  expect((await gerente.call('POST', `${base}/murals/${m.id}/send`, {})).statusCode).toBe(200);
  return m;
}

/** The events a write publishes. */
async function eventsOf(write: () => Promise<unknown>) {
  const seen: AppEvent[] = [];
  const stop = t.events.subscribe((e) => seen.push(e));
  await write();
  stop();
  return seen;
}

describe('GET /financeiro/murals/changes', () => {
  it("answers the page's ids, only the rows changed since, the total and the counters", async () => {
    const a = await sent('Medição lote A');
    const b = await sent('Medição lote B');
    const query = 'page=1&perPage=50&q=Medi%C3%A7%C3%A3o%20lote';
    const events = await eventsOf(() => financeiro.call('POST', `${base}/murals/${a.id}/done`, {}));
    const finance = events.find((e) => e.type === RT_EVENTS.financeChanged);
    const mural = events.find((e) => e.type === RT_EVENTS.muralChanged && e.id === a.id);
    // Both events carry the demand's new updated_at: the version the lists ask since.
    expect(finance).toMatchObject({ id: a.id, version: expect.any(String), data: { id: a.id } });
    expect(finance?.userIds).toContain(financeiro.user.id);
    expect(finance?.userIds).not.toContain(equipe.user.id);
    expect(mural?.version).toBe(finance?.version);
    expect(mural?.data).toMatchObject({ id: a.id, finance: true });

    const res = await financeiro.call(
      'GET',
      `${base}/murals/changes?${query}&${cursorParam(finance!.version!)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const changes = res.json<Changes>();
    // Pending first: b (enviado) before a (concluido); only a changed since the version.
    expect(changes.ids).toEqual([b.id, a.id]);
    expect(changes.items.map((i) => [i.id, i.finance_status])).toEqual([[a.id, 'concluido']]);
    expect(changes.items[0]!.updated_at).toBe(finance!.version);
    expect(changes.total).toBe(2);
    expect(Date.parse(changes.cursor)).toBeLessThanOrEqual(Date.now());
    const counters = (await financeiro.call('GET', `${base}/contador`)).json();
    expect(changes.counters).toEqual(counters);

    // The same page read whole: the same ids in the same order.
    const whole = await financeiro.call('GET', `${base}/murals?${query}`);
    expect(whole.json<{ id: number }[]>().map((i) => i.id)).toEqual(changes.ids);
    expect(whole.headers['x-total-count']).toBe('2');
  });

  it('a later version answers no rows, only the ids', async () => {
    await sent('Medição Zanzibar');
    const later = new Date(Date.now() + 60_000).toISOString();
    const res = await financeiro.call(
      'GET',
      `${base}/murals/changes?q=Zanzibar&${cursorParam(later)}`,
    );
    expect(res.json<Changes>()).toMatchObject({ items: [], total: 1 });
  });

  it('is finance and CFO only, like the list (an outsider sees nothing new)', async () => {
    const since = cursorParam(new Date(Date.now() - 60_000).toISOString());
    for (const who of [gerente, equipe]) {
      expect((await who.call('GET', `${base}/murals`)).statusCode).toBe(403);
      expect((await who.call('GET', `${base}/murals/changes?${since}`)).statusCode).toBe(403);
    }
    const res = await t.app.inject({ method: 'GET', url: `${base}/murals/changes?${since}` });
    expect(res.statusCode).toBe(401);
  });

  it('requires updated_since', async () => {
    expect((await financeiro.call('GET', `${base}/murals/changes`)).statusCode).toBe(400);
  });

  it.each(HOSTILE_CURSORS)('refuses updated_since=%j with 400 in Portuguese', async (value) => {
    const res = await financeiro.call('GET', `${base}/murals/changes?${cursorParam(value)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/updated_since|caractere inválido/);
  });

  it.each(['page=2147483648', 'perPage=0x10', 'page=%00', 'status=pago', 'perPage=1001'])(
    'refuses %s with 400',
    async (param) => {
      const since = cursorParam(new Date().toISOString());
      const res = await financeiro.call('GET', `${base}/murals/changes?${param}&${since}`);
      expect(res.statusCode).toBe(400);
    },
  );
});
