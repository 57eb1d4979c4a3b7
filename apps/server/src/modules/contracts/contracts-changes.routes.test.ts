import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts, murals } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeMural,
  person,
  type Person,
} from '../murals/murals.fixtures.ts';

// Issue 37: the contracts overview (demands per stage, late) patches the rows a demand's change
// touched from GET /contracts/changes instead of reading every contract again on each move.

let t: TestApp;
let gerente: Person;
let ti: Person;
/** The gerente's twelve contracts (names sort them in this order) and their demands. */
const mine: number[] = [];
const demands = new Map<number, number[]>();
let board: number;
let foreign: number;
let foreignDemand: number;
const OLD = new Date('2026-01-05T12:00:00Z');
const WORDS = 'Amora Bambu Cedro Dende Embauba Figueira Goiaba Horta Ipe Jaca Limoeiro Manga';

interface Row {
  id: number;
  nome: string;
  demandas: number;
  atrasadas: number;
  etapas: Record<string, number>;
}
interface Changes {
  items: Row[];
  ids: number[];
  total: number;
  cursor: string;
}

beforeAll(async () => {
  t = await createTestApp();
  gerente = await person(t, 'Gerente');
  ti = await person(t, 'TI');
  for (const word of WORDS.split(' ')) {
    const c = await makeContract(t, { nome: `Manutenção predial ${word}` });
    await linkContract(t, c.id, gerente.user.id);
    mine.push(c.id);
  }
  board = (await makeBoard(t, { contractId: mine[0] })).id;
  for (const c of mine) {
    const ids: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      ids.push(
        (await makeMural(t, { boardId: board, contractId: c, fimPrevisto: '2020-01-01' })).id,
      );
    }
    demands.set(c, ids);
  }
  const other = await makeContract(t, { nome: 'Contrato 99 — de ninguém aqui' });
  foreign = other.id;
  const otherBoard = (await makeBoard(t, { contractId: foreign })).id;
  foreignDemand = (await makeMural(t, { boardId: otherBoard, contractId: foreign })).id;
  // Everything last changed long before the changes asked below.
  await t.database.db.update(murals).set({ updatedAt: OLD });
  await t.database.db.update(contracts).set({ updatedAt: OLD });
});
afterAll(async () => t.close());

const ask = (who: Person, query: string) =>
  who.call('GET', `/api/eproto/contracts/changes?${query}`);
const changesOf = async (who: Person, since: string, query = '') => {
  const res = await ask(who, `${query}&updated_since=${encodeURIComponent(since)}`);
  expect(res.statusCode).toBe(200);
  return { body: res.json<Changes>(), bytes: res.rawPayload.length };
};
const moveCard = async (id: number, stage: string) => {
  const res = await gerente.call('PATCH', `/api/eproto/murals/${id}/kanban`, { stage });
  expect(res.statusCode).toBe(200);
  return res.json<{ updated_at: string }>().updated_at;
};

describe('GET /api/eproto/contracts/changes', () => {
  it("answers the list's ids in order and no contract when nothing changed since", async () => {
    const before = Date.now();
    const { body } = await changesOf(gerente, '2026-02-01T00:00:00-03:00');
    expect(body.items).toEqual([]);
    expect(body.ids).toEqual(mine);
    expect(body.total).toBe(12);
    expect(new Date(body.cursor).getTime()).toBeLessThanOrEqual(before);
  });

  it('a card move answers its contract only, as GET /contracts lists it, in far fewer bytes', async () => {
    const c = mine[3]!;
    const version = await moveCard(demands.get(c)![0]!, 'concluido');
    const { body, bytes } = await changesOf(gerente, version);
    expect(body.items.map((r) => r.id)).toEqual([c]);
    expect(body.items[0]).toMatchObject({
      demandas: 6,
      atrasadas: 5,
      etapas: { a_fazer: 5, em_andamento: 0, em_revisao: 0, concluido: 1 },
    });
    const full = await gerente.call('GET', '/api/eproto/contracts');
    expect(full.json<Row[]>().find((r) => r.id === c)).toEqual(body.items[0]);
    // What every open overview read on each card move before, against what it asks now.
    const whole = full.rawPayload.length;
    expect(bytes * 5).toBeLessThan(whole);
    console.log(`contracts overview per card move: ${whole} B whole (12), ${bytes} B changes`);
  });

  it('a demand moved to another contract answers both contracts', async () => {
    const [from, to] = [mine[5]!, mine[6]!];
    const res = await gerente.call('PATCH', `/api/eproto/murals/${demands.get(from)![1]}`, {
      contract_id: to,
    });
    expect(res.statusCode).toBe(200);
    const { body } = await changesOf(gerente, res.json<{ updated_at: string }>().updated_at);
    expect(body.items.map((r) => [r.id, r.demandas])).toEqual([
      [from, 5],
      [to, 7],
    ]);
  });

  it('a contract edited is answered; q and status narrow ids and items like the list', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const c = mine[8]!;
    const edited = await ti.call('PATCH', `/api/eproto/contracts/${c}`, { status: 'suspenso' });
    expect(edited.statusCode).toBe(200);
    expect((await changesOf(gerente, since)).body.items.map((r) => r.id)).toContain(c);
    const suspended = await changesOf(gerente, since, 'status=suspenso');
    expect(suspended.body).toMatchObject({ ids: [c], total: 1 });
    expect(suspended.body.items.map((r) => r.id)).toEqual([c]);
    const searched = await changesOf(gerente, since, 'q=Amora');
    expect(searched.body.ids).toEqual([mine[0]]);
    expect(searched.body.items).toEqual([]);
  });

  it("never answers a contract outside the caller's scope, even when its demand changed", async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    await t.database.db
      .update(murals)
      .set({ updatedAt: new Date(), stage: 'concluido' })
      .where(inArray(murals.id, [foreignDemand]));
    const { body } = await changesOf(gerente, since);
    expect(body.ids).not.toContain(foreign);
    expect(body.items.map((r) => r.id)).not.toContain(foreign);
    const searched = await changesOf(gerente, since, 'q=ninguém');
    expect(searched.body).toMatchObject({ ids: [], items: [], total: 0 });
    // Someone who sees every contract gets it.
    const all = await changesOf(ti, since);
    expect(all.body.items.map((r) => r.id)).toContain(foreign);
  });

  it('refuses hostile cursors and filters in Portuguese (400, never 500)', async () => {
    for (const since of [
      '2026-03-10T08:30:00',
      '0000-01-01T00:00:00Z',
      '2026-02-30T00:00:00Z',
      '0x10',
      '2147483648',
      "2026-03-10T08:30:00Z' or 1=1 --",
      'x'.repeat(200),
    ]) {
      const res = await ask(gerente, `updated_since=${encodeURIComponent(since)}`);
      expect(res.statusCode, since).toBe(400);
      expect(res.json<{ error: string }>().error, since).toContain('updated_since');
    }
    const nul = await ask(gerente, `updated_since=${encodeURIComponent('\u0000')}`);
    expect(nul.statusCode).toBe(400);
    expect((await ask(gerente, '')).statusCode).toBe(400);
    const since = encodeURIComponent('2026-02-01T00:00:00Z');
    expect((await ask(gerente, `status=cancelado&updated_since=${since}`)).statusCode).toBe(400);
    expect((await ask(gerente, `q=${'a'.repeat(101)}&updated_since=${since}`)).statusCode).toBe(
      400,
    );
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/eproto/contracts/changes?updated_since=${since}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
