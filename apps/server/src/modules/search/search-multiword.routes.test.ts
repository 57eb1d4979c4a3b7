import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleOf, searchWords, type SearchArea, type SearchResponse } from '@eproto/domain';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { muralScopeSql, protocolScopeByRowSql } from '../access/scope.service.ts';
import {
  linkContract,
  makeBoard,
  makeContract,
  person,
  type Person,
} from '../murals/murals.fixtures.ts';
import { explainSearch, type AreaPlan, type SearchInput } from './search.repo.ts';

// Several words: found in any order, only in scope, ranked like one word, and planned on the
// estimate of the words together (a phrase typed is usually a phrase of the text), not on the
// product of each word's share as if they were independent.

let t: TestApp;
let diretor: Person;
let gerente: Person;
let equipe: Person;
/** Demands "Inspeção do quadro elétrico N" on the gerente's contract, newest first. */
let mineNewest: number[];
let theirs: number[];

const ROWS = 20_000;

async function search(p: Person, q: string) {
  const res = await p.call('GET', `/api/search?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchResponse>();
}

const ids = (r: SearchResponse, area: SearchArea) =>
  r.groups.find((g) => g.area === area)?.items.map((i) => i.id) ?? [];
const titles = (r: SearchResponse, area: SearchArea) =>
  r.groups.find((g) => g.area === area)?.items.map((i) => i.title) ?? [];

const terms = (text: string): SearchInput => ({
  text,
  words: searchWords(text),
  number: null,
  plate: null,
});

beforeAll(async () => {
  t = await createTestApp();
  diretor = await person(t, 'Diretor de Operações');
  gerente = await person(t, 'Gerente');
  equipe = await person(t, 'Equipe de Campo');
  const mine = await makeContract(t, { nome: 'Contrato Mirante' });
  const other = await makeContract(t, { nome: 'Contrato Horizonte' });
  await linkContract(t, mine.id, gerente.user.id);
  const boardMine = await makeBoard(t, { contractId: mine.id });
  const boardOther = await makeBoard(t, { contractId: other.id });
  // One demand in ten is an inspection of the electrical panel: the three words, only ever
  // together. One in twenty is on the gerente's contract; one minute apart.
  await t.database.db.execute(sql`
    insert into murals (titulo, descricao, board_id, contract_id, updated_at)
    select case
             when g % 10 = 0 then 'Inspeção do quadro elétrico ' || g
             else 'Pintura da sala ' || g
           end,
           'Bloco ' || (g % 7),
           case when g % 20 = 0 then ${boardMine.id}::int else ${boardOther.id}::int end,
           case when g % 20 = 0 then ${mine.id}::int else ${other.id}::int end,
           now() - g * interval '1 minute'
    from generate_series(1, ${ROWS}) g`);
  // Two tasks per demand; one task in fifty is a "Troca do disjuntor".
  await t.database.db.execute(sql`
    insert into protocols (mural_id, titulo, updated_at)
    select m.id, case when (m.id + k) % 50 = 0 then 'Troca do disjuntor ' || m.id
                      else 'Conferir etapa ' || k || ' da demanda ' || m.id end, m.updated_at
    from murals m cross join generate_series(1, 2) k`);
  // Statistics from every row, so the plans do not depend on ANALYZE's random sample.
  await t.database.pool.query(
    'set default_statistics_target = 1000; analyze murals, protocols; reset default_statistics_target',
  );
  const rows = await t.database.db.execute<{ id: number; contract_id: number }>(sql`
    select id, contract_id from murals where titulo like 'Inspeção do quadro elétrico %'
    order by updated_at desc, id desc`);
  mineNewest = rows.rows.filter((r) => r.contract_id === mine.id).map((r) => r.id);
  theirs = rows.rows.filter((r) => r.contract_id === other.id).map((r) => r.id);
  for (const nome of ['Marina Costa', 'Costa Marina', 'Marina Costa Silva', 'Marina Souza']) {
    await person(t, 'Gerente', nome);
  }
});

afterAll(async () => {
  await t.close();
});

describe('search with several words', () => {
  it('finds the words in any order, newest first, only in scope', async () => {
    expect(mineNewest.length).toBe(ROWS / 20);
    for (const q of [
      'inspecao quadro eletrico',
      'Quadro elétrico inspeção',
      'eletrico INSPECAO quadro',
    ]) {
      expect(ids(await search(gerente, q), 'demandas'), q).toEqual(mineNewest.slice(0, 5));
    }
    // Diretor sees every contract: the newest of all, theirs included.
    const all = ids(await search(diretor, 'inspecao quadro eletrico'), 'demandas');
    expect(all).toHaveLength(5);
    expect(all.some((id) => theirs.includes(id))).toBe(true);
    // Equipe is on no contract or board here: nothing.
    expect(ids(await search(equipe, 'inspecao quadro eletrico'), 'demandas')).toEqual([]);
    // Every word must be there: a near phrase is not a match.
    expect(ids(await search(gerente, 'inspecao quadro hidraulico'), 'demandas')).toEqual([]);
  });

  it('ranks names by closeness to the whole text, typo included', async () => {
    // Every word in each: equally close, then by name. "Marina Souza" is not close enough.
    expect(titles(await search(diretor, 'marina costa'), 'pessoas')).toEqual([
      'Costa Marina',
      'Marina Costa',
      'Marina Costa Silva',
    ]);
    // The one holding every word first, then those close enough to the whole text.
    expect(titles(await search(diretor, 'marina costa silva'), 'pessoas')).toEqual([
      'Marina Costa Silva',
      'Costa Marina',
      'Marina Costa',
    ]);
    expect(titles(await search(diretor, 'Marina Cotsa'), 'pessoas')).toContain('Marina Costa');
  });

  it('plans a common phrase on the order index, a rare word on the search index', async () => {
    const plans: AreaPlan[] = [
      {
        area: 'demandas',
        scope: muralScopeSql({ id: gerente.user.id, type: roleOf('Gerente') }),
        limit: 5,
      },
    ];
    // 2,000 of 20,000 demands: walk the newest and stop at five. As independent words (each in
    // one demand of ten) the estimate was 3 rows, and every match was gathered and sorted.
    const common = await explainSearch(t.database.db, plans, terms('inspecao quadro eletrico'));
    expect(common).toMatch(/Index Scan Backward using murals_updated_idx on murals/);
    expect(common).not.toMatch(/Seq Scan on murals/);
    // One demand: straight from the trigram index.
    const rare = await explainSearch(t.database.db, plans, terms('1230'));
    expect(rare).toMatch(/Bitmap Index Scan on murals_search_idx/);
    expect(rare).not.toMatch(/Seq Scan on murals/);
  });

  it("reads a task's demand by its key, never every visible demand", async () => {
    const plans: AreaPlan[] = [
      {
        area: 'tarefas',
        scope: protocolScopeByRowSql({ id: gerente.user.id, type: roleOf('Gerente') }),
        limit: 5,
      },
    ];
    // As an EXISTS, a few hundred tasks expected made the planner hash all 20,000 demands
    // (disabled sequential scan included) before looking at one task.
    for (const q of ['troca disjuntor', 'disjuntor 1234', 'conferir etapa']) {
      const plan = await explainSearch(t.database.db, plans, terms(q));
      expect(plan, q).not.toMatch(/Seq Scan on murals/);
      expect(plan, q).toMatch(
        /Index Scan using murals_pkey on murals pm\s+Index Cond: \(id = protocols\.mural_id\)/,
      );
    }
    const found = await search(diretor, 'troca disjuntor');
    expect(found.groups.find((g) => g.area === 'tarefas')?.items).toHaveLength(5);
  });

  it('checks the words and the typo tolerance each on its own candidates', async () => {
    const plans: AreaPlan[] = [{ area: 'pessoas', scope: undefined, limit: 5 }];
    const plan = await explainSearch(t.database.db, plans, terms('carga 42'));
    // Two index searches of users_search_idx, one per way of matching…
    expect(plan.match(/Bitmap Index Scan on users_search_idx/g)?.length).toBeGreaterThanOrEqual(2);
    // …and no row is checked for both (the similarity costs ~10 µs a row: ORed, every
    // candidate of the words was checked for it too).
    const conditions = plan.split('\n').filter((l) => /Recheck Cond|Filter/.test(l));
    expect(conditions.length).toBeGreaterThan(0);
    for (const line of conditions) expect(line, line).not.toMatch(/~~.*<%|<%.*~~/);
  });
});
