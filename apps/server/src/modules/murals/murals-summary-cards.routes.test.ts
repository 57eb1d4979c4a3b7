import { muralSummaryQuery, roleOf, TOTAL_COUNT_HEADER, type MuralSummary } from '@eproto/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceDeps } from '../../deps.ts';
import { boards, contracts, muralCardNames, murals, users } from '../../db/schema/index.ts';
import { cloneTestDatabase, createTestApp, spa, type TestApp } from '../../../test/helpers.ts';
import { createMuralsListService, summaryJson } from './murals-list.service.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  makeMural,
  makeTask,
  person,
  type Person,
} from './murals.fixtures.ts';

// GET /murals/summary builds its body from per-card JSON kept by card version
// (summary-cards.ts). These tests hold it to the list the old builder gave (every row read,
// mapped and serialised per request) and check that no kept card outlives a change, even one
// made on another node that published nothing.

let a: TestApp;
let b: TestApp;
/** A third node with no views kept (CACHE_USER_VIEWS_MB=0): each page reads its own. */
let c: TestApp;
let gerente: Person;
let equipe: Person;
let diretor: Person;
let contractId: number;
let boardId: number;
let otherBoardId: number;
const ids: number[] = [];

const today = new Date().toISOString().slice(0, 10);
const shift = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  // Two nodes on one database, each with its own caches (as two app servers would be).
  const url = await cloneTestDatabase();
  a = await createTestApp({}, { database: { url, directUrl: url } });
  b = await createTestApp({}, { database: { url, directUrl: url } });
  c = await createTestApp({ CACHE_USER_VIEWS_MB: '0' }, { database: { url, directUrl: url } });
  gerente = await person(a, 'Gerente', 'Gerente Glória');
  equipe = await person(a, 'Equipe de Campo', 'Equipe Élcio');
  diretor = await person(a, 'Diretoria', 'Diretora Dalva');
  const contract = await makeContract(a, { nome: 'Contrato "Aspas" & Ç' });
  contractId = contract.id;
  await linkContract(a, contract.id, gerente.user.id);
  boardId = (
    await makeBoard(a, { contractId, nome: 'Quadro Único', participants: [gerente.user.id] })
  ).id;
  otherBoardId = (await makeBoard(a, { nome: 'Quadro sem contrato' })).id;
  const stages = ['a_fazer', 'em_andamento', 'em_revisao', 'concluido'] as const;
  for (let i = 0; i < 12; i++) {
    const m = await makeMural(a, {
      boardId,
      contractId: i % 5 === 0 ? null : contractId,
      titulo: `Demanda ${i} — "citação" \\ barra ☂`,
      stage: stages[i % 4],
      prioridade: i % 3 === 0 ? 'urgente' : 'media',
      responsavelId: i % 2 === 0 ? equipe.user.id : null,
      createdBy: i === 3 ? equipe.user.id : null,
      fimPrevisto: i % 3 === 0 ? shift(-2) : i % 3 === 1 ? shift(3) : null,
    });
    ids.push(m.id);
  }
  // One demand on a board nobody of the test is linked to: the equipe reaches it by a task.
  const far = await makeMural(a, { boardId: otherBoardId, titulo: 'Longe' });
  await makeTask(a, { muralId: far.id, responsavelId: equipe.user.id });
  ids.push(far.id);
  // Activity by others and visits, at microsecond precision within one millisecond: the
  // unread flag compares them as JavaScript Dates did (cut to the millisecond).
  await a.database.db.execute(sql`
    update "murals" set "last_activity_by" = ${diretor.user.id},
      "last_activity_at" = '2026-03-01 10:00:00.123900+00' where "id" = ${ids[1]!}`);
  await a.database.db.execute(sql`
    insert into "mural_views" ("mural_id", "user_id", "viewed_at") values
      (${ids[1]!}, ${gerente.user.id}, '2026-03-01 10:00:00.123100+00'),
      (${ids[2]!}, ${gerente.user.id}, '2026-01-01 00:00:00+00')`);
  await a.database.db.execute(sql`
    update "murals" set "last_activity_by" = ${diretor.user.id},
      "last_activity_at" = '2026-02-01 00:00:00+00' where "id" = ${ids[2]!}`);
  await a.database.db.execute(sql`
    update "murals" set "last_activity_by" = ${gerente.user.id} where "id" = ${ids[4]!}`);
  await a.database.db
    .update(users)
    .set({ avatarPath: 'x/avatar.png' })
    .where(eq(users.id, equipe.user.id));
});
afterAll(async () => {
  await c?.close();
  await b?.close();
  await a?.close();
});

/** The list as the old builder made it: every row mapped and serialised for the request. */
async function oldBody(t: TestApp, p: Person, query: Record<string, string>) {
  const lists = createMuralsListService({
    config: t.config,
    database: t.database,
    events: t.events,
  } as ServiceDeps);
  const { items, total } = await lists.summary(
    { id: p.user.id, type: roleOf(p.user.role) },
    muralSummaryQuery.parse(query),
  );
  return { body: summaryJson(items), total };
}

function get(t: TestApp, p: Person, query: Record<string, string>, headers = {}) {
  return t.app.inject({
    method: 'GET',
    url: `/api/eproto/murals/summary?${new URLSearchParams(query).toString()}`,
    headers: { ...spa, cookie: p.cookie, ...headers },
  });
}

let n = 0;
/** A query no earlier request asked (the whole-answer cache cannot answer it). */
const fresh = (q: Record<string, string> = {}) => ({ perPage: String(1000 - n++), ...q });

describe('summary built from kept card texts', () => {
  it('answers byte for byte what the old builder gave, for each role and filter', async () => {
    const queries: Record<string, string>[] = [
      {},
      { board_id: String(boardId) },
      { board_id: String(boardId), sort: 'titulo' },
      { sort: '-prioridade', stage: 'a_fazer,em_revisao' },
      { prazo: 'atrasadas' },
      { contract_id: String(contractId), sort: 'fim_previsto' },
      { q: 'citação' },
      { perPage: '5', page: '2', sort: 'created_at' },
      { perPage: '5', page: '9' },
    ];
    for (const p of [gerente, equipe, diretor]) {
      for (const q of queries) {
        for (const node of [a, b, a, c]) {
          const res = await get(node, p, { perPage: '50', ...q });
          expect(res.statusCode).toBe(200);
          const old = await oldBody(node, p, { perPage: '50', ...q });
          expect(res.body).toBe(old.body);
          expect(res.headers[TOTAL_COUNT_HEADER]).toBe(String(old.total));
        }
      }
    }
  });

  it('keeps each role to what it saw: equipe only its own and its task demand', async () => {
    const seen = (await get(a, equipe, fresh())).json<MuralSummary[]>().map((m) => m.id);
    const expected = [ids[0]!, ids[2]!, ids[3]!, ids[4]!, ids[6]!, ids[8]!, ids[10]!, ids[12]!];
    expect(seen.sort()).toEqual(expected.sort());
    const gerenteSees = (await get(a, gerente, fresh())).json<MuralSummary[]>().map((m) => m.id);
    expect(gerenteSees).not.toContain(ids[12]);
    expect(gerenteSees).toHaveLength(12);
    expect((await get(a, diretor, fresh())).json<MuralSummary[]>()).toHaveLength(13);
  });

  it('sets unread per person and atrasada per day on the same kept card', async () => {
    const forGerente = (await get(a, gerente, fresh())).json<MuralSummary[]>();
    const forDiretor = (await get(a, diretor, fresh())).json<MuralSummary[]>();
    const g = new Map(forGerente.map((m) => [m.id, m]));
    const d = new Map(forDiretor.map((m) => [m.id, m]));
    // Same millisecond as the activity: read (JavaScript Dates compare milliseconds).
    expect(g.get(ids[1]!)!.unread).toBe(false);
    expect(g.get(ids[2]!)!.unread).toBe(true);
    expect(g.get(ids[4]!)!.unread).toBe(false);
    // The diretor did those: nothing unread for them.
    expect(d.get(ids[2]!)!.unread).toBe(false);
    expect(d.get(ids[4]!)!.unread).toBe(true);
    expect(g.get(ids[0]!)!.atrasada).toBe(true);
    expect(g.get(ids[3]!)!.atrasada).toBe(false); // concluded
    expect(g.get(ids[0]!)!.fim_previsto! < today).toBe(true);
  });

  it('shows a change made elsewhere, which published nothing, in the next answer of another node', async () => {
    const id = ids[5]!;
    const titleOn = async (t: TestApp) =>
      (await get(t, gerente, fresh())).json<MuralSummary[]>().find((m) => m.id === id)!;
    // Both nodes keep the card now.
    expect((await titleOn(a)).titulo).toContain('Demanda 5');
    expect((await titleOn(b)).titulo).toContain('Demanda 5');
    // Written straight to the database: no event reaches any node.
    await a.database.db.update(murals).set({ titulo: 'Novo título' }).where(eq(murals.id, id));
    expect((await titleOn(b)).titulo).toBe('Novo título');
    expect((await titleOn(a)).titulo).toBe('Novo título');
    // Names the card shows from other rows: board, contract and responsável.
    await a.database.db
      .update(boards)
      .set({ nome: 'Quadro renomeado' })
      .where(eq(boards.id, boardId));
    await a.database.db
      .update(contracts)
      .set({ nome: 'Contrato renomeado' })
      .where(eq(contracts.id, contractId));
    await a.database.db
      .update(users)
      .set({ nome: 'Élcio Novo' })
      .where(eq(users.id, equipe.user.id));
    const card = (await get(b, gerente, fresh()))
      .json<MuralSummary[]>()
      .find((m) => m.id === ids[6])!;
    expect(card.board_nome).toBe('Quadro renomeado');
    expect(card.contract_nome).toBe('Contrato renomeado');
    expect(card.responsavel_nome).toBe('Élcio Novo');
    await a.database.db.update(users).set({ avatarPath: null }).where(eq(users.id, equipe.user.id));
    const noAvatar = (await get(b, gerente, fresh()))
      .json<MuralSummary[]>()
      .find((m) => m.id === ids[6])!;
    expect(noAvatar.responsavel_avatar).toBeNull();
    // Writes to those rows that change no name a card shows keep every kept card valid.
    const namesVersion = async () =>
      (await a.database.db.select().from(muralCardNames).where(eq(muralCardNames.id, 1)))[0]!.v;
    const v = await namesVersion();
    await a.database.db
      .update(users)
      .set({ lastLoginAt: new Date(), nome: 'Élcio Novo' })
      .where(eq(users.id, equipe.user.id));
    await a.database.db
      .update(boards)
      .set({ nome: 'Quadro renomeado' })
      .where(eq(boards.id, boardId));
    expect(await namesVersion()).toBe(v);
    // And the whole list still equals the old builder's on both nodes.
    for (const node of [a, b]) {
      const q = fresh();
      expect((await get(node, gerente, q)).body).toBe((await oldBody(node, gerente, q)).body);
    }
  });

  it('answers 304 to its ETag, and a new ETag once a card or an unread flag changes', async () => {
    const q = { board_id: String(boardId), perPage: '7' };
    const first = await get(b, gerente, q);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"/);
    // Same data on the other node: the same ETag (it is computed from the data).
    expect((await get(a, gerente, q)).headers.etag).toBe(etag);
    expect((await get(a, gerente, q, { 'if-none-match': etag })).statusCode).toBe(304);
    const top = first.json<MuralSummary[]>()[0]!;
    await b.database.db.execute(sql`
      update "murals" set "last_activity_by" = ${diretor.user.id}, "last_activity_at" = now()
      where "id" = ${top.id}`);
    const q2 = { ...q, perPage: '8' };
    const before = (await get(a, gerente, q2)).headers.etag;
    await a.database.db.execute(sql`
      insert into "mural_views" ("mural_id", "user_id", "viewed_at")
      values (${top.id}, ${gerente.user.id}, now() + interval '1 minute')
      on conflict ("user_id", "mural_id") do update set "viewed_at" = excluded."viewed_at"`);
    const after = await get(b, gerente, q2, { 'if-none-match': before as string });
    expect(after.statusCode).toBe(200);
    expect(after.json<MuralSummary[]>().find((m) => m.id === top.id)!.unread).toBe(false);
  });

  it('follows the views of a person written on any node, by the API or by plain SQL', async () => {
    const id = ids[7]!;
    await a.database.db.execute(sql`
      update "murals" set "last_activity_by" = ${diretor.user.id},
        "last_activity_at" = now() - interval '1 hour' where "id" = ${id}`);
    const unreadOn = async (t: TestApp) =>
      (await get(t, gerente, fresh())).json<MuralSummary[]>().find((m) => m.id === id)!.unread;
    // Both nodes keep the gerente's views now.
    expect(await unreadOn(a)).toBe(true);
    expect(await unreadOn(b)).toBe(true);
    expect(await unreadOn(c)).toBe(true);
    // Opened on node A: node B, which heard nothing, shows it read.
    const seen = await a.app.inject({
      method: 'PATCH',
      url: `/api/eproto/murals/${id}/visualizado`,
      headers: { ...spa, cookie: gerente.cookie },
    });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(await unreadOn(b)).toBe(false);
    expect(await unreadOn(a)).toBe(false);
    expect(await unreadOn(c)).toBe(false);
    // A view moved back before the activity by plain SQL (no event): unread again on both.
    await b.database.db.execute(sql`
      update "mural_views" set "viewed_at" = now() - interval '2 hours'
      where "mural_id" = ${id} and "user_id" = ${gerente.user.id}`);
    expect(await unreadOn(a)).toBe(true);
    expect(await unreadOn(b)).toBe(true);
    expect(await unreadOn(c)).toBe(true);
    // Another person's views change nothing for the gerente.
    await a.database.db.execute(sql`
      insert into "mural_views" ("mural_id", "user_id") values (${id}, ${diretor.user.id})
      on conflict ("user_id", "mural_id") do update set "viewed_at" = now()`);
    expect(await unreadOn(b)).toBe(true);
    for (const node of [a, b, c]) {
      const q = fresh();
      expect((await get(node, gerente, q)).body).toBe((await oldBody(node, gerente, q)).body);
    }
  });

  it('shares one total among the pages of a list until a demand event drops it', async () => {
    const q = (page: string) => ({ board_id: String(boardId), perPage: '5', page });
    const totalOf = async (t: TestApp, page: string) =>
      Number((await get(t, gerente, q(page))).headers[TOTAL_COUNT_HEADER]);
    const counted = await totalOf(b, '1');
    // Another demand written straight to the database: no event, the kept total stands...
    const extra = await makeMural(b, { boardId, contractId, titulo: 'Mais uma' });
    expect(await totalOf(b, '2')).toBe(counted);
    // ...but never below what the page itself shows, and a page past the end shows the total.
    expect(await totalOf(b, '99')).toBe(counted);
    // Any demand event (from any node, here this node's bus) drops it: counted again.
    await b.events.publish({ type: 'mural.changed', userIds: [], data: { id: extra.id } });
    expect(await totalOf(b, '3')).toBe(counted + 1);
    const old = await oldBody(b, gerente, q('4'));
    const res = await get(b, gerente, q('4'));
    expect(res.headers[TOTAL_COUNT_HEADER]).toBe(String(old.total));
    expect(res.body).toBe(old.body);
    await b.database.db.delete(murals).where(eq(murals.id, extra.id));
    await b.events.publish({ type: 'mural.changed', userIds: [], data: { id: extra.id } });
  });

  it('answers gzip when asked, the same JSON inside, also for a board above 8 KB', async () => {
    const { gunzipSync } = await import('node:zlib');
    const q = fresh({ perPage: '100' });
    const plain = await get(a, gerente, q);
    const zipped = await get(a, gerente, q, { 'accept-encoding': 'gzip' });
    if (zipped.headers['content-encoding'] === 'gzip') {
      expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    } else {
      expect(zipped.body).toBe(plain.body);
    }
    // A board big enough (> 8 KB) to be sent gzip-compressed: on both nodes, again after a card
    // moves to the top, it holds the old builder's JSON.
    const big = (await makeBoard(a, { contractId, participants: [gerente.user.id] })).id;
    const made: number[] = [];
    for (let i = 0; i < 40; i++) {
      made.push(
        (await makeMural(a, { boardId: big, contractId, titulo: `Lote ${i} — Ação nº ${i}` })).id,
      );
    }
    const check = async () => {
      for (const node of [a, b]) {
        const bq = fresh({ board_id: String(big), perPage: String(30 + (n % 10)) });
        const res = await get(node, gerente, bq, { 'accept-encoding': 'gzip' });
        expect(res.headers['content-encoding']).toBe('gzip');
        expect(gunzipSync(res.rawPayload).toString()).toBe((await oldBody(node, gerente, bq)).body);
      }
    };
    await check();
    await check();
    await a.database.db
      .update(murals)
      .set({ titulo: 'Movida para o topo', updatedAt: new Date(Date.now() + 60_000) })
      .where(eq(murals.id, made[20]!));
    await check();
  });

  it('still refuses hostile query values with 400', async () => {
    const hostile: Record<string, string>[] = [
      { perPage: '-1' },
      { perPage: '1e9' },
      { page: '0' },
      { sort: 'titulo;drop table murals' },
      { board_id: "1' or '1'='1" },
      { stage: 'a_fazer,pronto' },
      { q: 'x'.repeat(101) },
    ];
    for (const bad of hostile) {
      const res = await get(a, gerente, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
  });
});
