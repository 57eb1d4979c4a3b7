import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { murals } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeMural,
  person,
  type Person,
} from './murals.fixtures.ts';

// Issue 37: the Demandas list patches the page a tab shows from GET /summary/page/changes
// (the page's ids now, its demands changed since) instead of reading every page again.

let t: TestApp;
let gerente: Person;
let colega: Person;
let board: number;
let contract: number;
let foreign: number;
/** Five demands of the gerente's contract, oldest first. */
const mine: number[] = [];
const OLD = new Date('2026-01-05T12:00:00Z');
const SINCE = '2026-02-01T00:00:00-03:00';

interface PageChanges {
  items: Array<{ id: number; stage: string; titulo: string; unread: boolean; updated_at: string }>;
  ids: number[];
  total: number;
  cursor: string;
}

beforeAll(async () => {
  t = await createTestApp();
  gerente = await person(t, 'Gerente');
  colega = await person(t, 'Gerente');
  const c = await makeContract(t);
  contract = c.id;
  await linkContract(t, c.id, gerente.user.id, colega.user.id);
  board = (await makeBoard(t, { contractId: c.id })).id;
  for (let i = 1; i <= 5; i += 1) {
    mine.push((await makeMural(t, { boardId: board, contractId: c.id, titulo: `Poda ${i}` })).id);
  }
  // Another contract nobody here is linked to: its demand must never show.
  const other = await makeContract(t);
  const otherBoard = (await makeBoard(t, { contractId: other.id })).id;
  foreign = (await makeMural(t, { boardId: otherBoard, contractId: other.id, titulo: 'Poda X' }))
    .id;
  // Every demand last changed long before SINCE, one minute apart (oldest first).
  for (const [i, id] of [...mine, foreign].entries()) {
    const at = new Date(OLD.getTime() + i * 60_000);
    await t.database.db
      .update(murals)
      .set({ updatedAt: at, lastActivityAt: at })
      .where(inArray(murals.id, [id]));
  }
});
afterAll(async () => t.close());

const ask = (who: Person, query: string) =>
  who.call('GET', `/api/eproto/murals/summary/page/changes?${query}`);
const pageOf = async (who: Person, query: string, since = SINCE) => {
  const res = await ask(who, `${query}&updated_since=${encodeURIComponent(since)}`);
  expect(res.statusCode).toBe(200);
  return res.json<PageChanges>();
};

describe('GET /api/eproto/murals/summary/page/changes', () => {
  it("answers the page's ids in order and no demand when nothing changed since", async () => {
    const before = Date.now();
    const answer = await pageOf(gerente, 'page=1&perPage=3');
    expect(answer.items).toEqual([]);
    // Newest first (sort -updated_at): the last three created.
    expect(answer.ids).toEqual([mine[4], mine[3], mine[2]]);
    expect(answer.total).toBe(5);
    expect(new Date(answer.cursor).getTime()).toBeLessThanOrEqual(before);
    const second = await pageOf(gerente, 'page=2&perPage=3');
    expect(second.ids).toEqual([mine[1], mine[0]]);
    expect(second.total).toBe(5);
  });

  it('brings a changed demand to the top as the summary lists it, pushes the others down', async () => {
    const edited = await gerente.call('PATCH', `/api/eproto/murals/${mine[0]}`, {
      titulo: 'Poda 1 revista',
    });
    expect(edited.statusCode).toBe(200);
    const answer = await pageOf(gerente, 'page=1&perPage=3');
    expect(answer.ids).toEqual([mine[0], mine[4], mine[3]]);
    expect(answer.items.map((m) => [m.id, m.titulo])).toEqual([[mine[0], 'Poda 1 revista']]);
    // The same row, byte for byte, as the full page lists it.
    const full = await gerente.call('GET', '/api/eproto/murals/summary?page=1&perPage=3');
    expect(full.json<PageChanges['items']>()[0]).toEqual(answer.items[0]);
    // The page after it: a demand pushed down from page 1, unchanged, is in ids only.
    const second = await pageOf(gerente, 'page=2&perPage=3');
    expect(second.ids).toEqual([mine[2], mine[1]]);
    expect(second.items).toEqual([]);
    // From a cursor after the change, nothing comes again.
    const later = await pageOf(
      gerente,
      'page=1&perPage=3',
      new Date(Date.now() + 60_000).toISOString(),
    );
    expect(later.items).toEqual([]);
  });

  it('drops a demand that left the filters and lowers the total', async () => {
    const before = await pageOf(gerente, 'page=1&perPage=10&stage=a_fazer');
    expect(before.ids).toHaveLength(5);
    const moved = await gerente.call('PATCH', `/api/eproto/murals/${mine[3]}/kanban`, {
      stage: 'concluido',
    });
    expect(moved.statusCode).toBe(200);
    const answer = await pageOf(gerente, 'page=1&perPage=10&stage=a_fazer');
    expect(answer.ids).not.toContain(mine[3]);
    expect(answer.items.map((m) => m.id)).not.toContain(mine[3]);
    expect(answer.total).toBe(4);
  });

  it("shows someone else's message as unread without touching updated_at", async () => {
    const { updated_at: at } = (await pageOf(gerente, 'page=1&perPage=10')).items.find(
      (m) => m.id === mine[0],
    )!;
    const since = new Date().toISOString();
    const sent = await colega.call('POST', `/api/eproto/murals/${mine[1]}/messages`, {
      texto: 'Equipe chega às 14h.',
    });
    expect(sent.statusCode).toBe(201);
    const answer = await pageOf(gerente, 'page=1&perPage=10', since);
    expect(answer.items.map((m) => [m.id, m.unread])).toEqual([[mine[1], true]]);
    // The message moved no demand in the list's order.
    expect(
      (await pageOf(gerente, 'page=1&perPage=10')).items.find((m) => m.id === mine[0])!.updated_at,
    ).toBe(at);
  });

  it("never answers a demand outside the caller's scope, even changed and searched by number", async () => {
    await t.database.db
      .update(murals)
      .set({ updatedAt: new Date(), titulo: 'Poda X alterada' })
      .where(inArray(murals.id, [foreign]));
    const all = await pageOf(gerente, 'page=1&perPage=100');
    expect(all.ids).not.toContain(foreign);
    expect(all.items.map((m) => m.id)).not.toContain(foreign);
    expect(all.total).toBe(5);
    const searched = await pageOf(gerente, `page=1&perPage=10&q=${foreign}`);
    expect(searched).toMatchObject({ ids: [], items: [], total: 0 });
    const byTitle = await pageOf(gerente, 'page=1&perPage=10&q=alterada');
    expect(byTitle).toMatchObject({ ids: [], items: [], total: 0 });
  });

  it('a kanban move costs an open first page one demand and its ids (figures for issue 37)', async () => {
    // The Demandas list as the web opens it: a board, 25 a page, newest first.
    for (let i = 1; i <= 25; i += 1) {
      await makeMural(t, { boardId: board, contractId: contract, titulo: `Vistoria ${i}` });
    }
    const query = `board_id=${board}&page=1&perPage=25&sort=-updated_at`;
    const whole = await gerente.call('GET', `/api/eproto/murals/summary?${query}`);
    expect(whole.statusCode).toBe(200);
    expect(whole.json<unknown[]>()).toHaveLength(25);
    const moved = await gerente.call('PATCH', `/api/eproto/murals/${mine[2]}/kanban`, {
      stage: 'em_revisao',
    });
    expect(moved.statusCode).toBe(200);
    const version = moved.json<{ updated_at: string }>().updated_at;
    const res = await ask(gerente, `${query}&updated_since=${encodeURIComponent(version)}`);
    expect(res.statusCode).toBe(200);
    const answer = res.json<PageChanges>();
    expect(answer.items.map((m) => [m.id, m.stage])).toEqual([[mine[2], 'em_revisao']]);
    expect(answer.ids[0]).toBe(mine[2]);
    // The web applies the move from the event (data.move) and asks none of this.
    expect(res.rawPayload.length).toBeLessThan(whole.rawPayload.length / 5);
    console.info(
      `Página de 25 por movimentação: …/page/changes ${res.rawPayload.length} bytes, ` +
        `a página inteira ${whole.rawPayload.length} bytes (sem gzip)`,
    );
  });

  it('with `have`, a demand pushed in unchanged comes whole: the tab reads nothing else', async () => {
    // A page filtered by stage holds two demands; one leaves the filter on the kanban, and
    // the next one in the list comes up onto the page, unchanged since the move.
    const query = `board_id=${board}&page=1&perPage=2&stage=a_fazer&sort=titulo`;
    const held = await pageOf(gerente, query);
    expect(held.ids).toHaveLength(2);
    const [leaving, staying] = held.ids as [number, number];
    const moved = await gerente.call('PATCH', `/api/eproto/murals/${leaving}/kanban`, {
      stage: 'em_andamento',
    });
    expect(moved.statusCode).toBe(200);
    const version = moved.json<{ updated_at: string }>().updated_at;
    const since = `&updated_since=${encodeURIComponent(version)}`;
    const without = await pageOf(gerente, `${query}`, version);
    const incoming = without.ids.find((id) => id !== staying)!;
    expect(without.ids).toEqual([staying, incoming]);
    // Without `have`: ids only (the tab would read the page again).
    expect(without.items).toEqual([]);
    const res = await ask(gerente, `${query}${since}&have=${leaving},${staying}`);
    expect(res.statusCode).toBe(200);
    const answer = res.json<PageChanges>();
    expect(answer.ids).toEqual([staying, incoming]);
    expect(answer.items.map((m) => [m.id, m.stage])).toEqual([[incoming, 'a_fazer']]);
    expect(answer.total).toBe(without.total);
    const whole = await gerente.call('GET', `/api/eproto/murals/summary?${query}`);
    expect(whole.json<PageChanges['items']>()[1]).toEqual(answer.items[0]);
    console.info(
      `Página filtrada por etapa, uma demanda sai e outra entra: …/page/changes com have ` +
        `${res.rawPayload.length} bytes, a página inteira ${whole.rawPayload.length} bytes`,
    );
  });

  it('refuses hostile `have` ids (400, never 500)', async () => {
    const since = `updated_since=${encodeURIComponent(SINCE)}`;
    for (const have of ['2147483648', '0x10', '0', '-1', '1.5', '\u0000', '1,\u0000', 'abc']) {
      const res = await ask(gerente, `page=1&${since}&have=${encodeURIComponent(have)}`);
      expect(res.statusCode, have).toBe(400);
    }
    const many = Array.from({ length: 1001 }, (_, i) => i + 1).join(',');
    expect((await ask(gerente, `page=1&${since}&have=${many}`)).statusCode).toBe(400);
    expect((await ask(gerente, `page=1&${since}&have=1,2`)).statusCode).toBe(200);
  });

  it('refuses hostile cursors and pages in Portuguese (400, never 500)', async () => {
    for (const since of [
      '2026-03-10T08:30:00',
      '0000-01-01T00:00:00Z',
      '2026-02-30T00:00:00Z',
      '0x10',
      '2147483648',
      'x'.repeat(200),
    ]) {
      const res = await ask(gerente, `page=1&updated_since=${encodeURIComponent(since)}`);
      expect(res.statusCode, since).toBe(400);
      expect(res.json<{ error: string }>().error, since).toContain('updated_since');
    }
    const nul = await ask(gerente, `page=1&updated_since=${encodeURIComponent('\u0000')}`);
    expect(nul.statusCode).toBe(400);
    expect(nul.json<{ error: string }>().error).toBe('Texto com caractere inválido.');
    const none = await ask(gerente, 'page=1');
    expect(none.statusCode).toBe(400);
    const huge = await ask(gerente, `page=2147483648&updated_since=${encodeURIComponent(SINCE)}`);
    expect(huge.statusCode).toBe(400);
    const perPage = await ask(gerente, `perPage=1001&updated_since=${encodeURIComponent(SINCE)}`);
    expect(perPage.statusCode).toBe(400);
  });
});
