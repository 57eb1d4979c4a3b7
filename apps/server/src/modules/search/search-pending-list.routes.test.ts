import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchWords, type SearchResponse } from '@eproto/domain';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeBoard, makeContract, person, type Person } from '../murals/murals.fixtures.ts';
import { explainSearch, type SearchInput } from './search.repo.ts';

// Rows written since the last vacuum wait in each search index's pending list, and every index
// search reads that list whole. PostgreSQL lets it grow to 4 MB (~512 pages); the search indexes
// flush it at 1 MB, so a search never reads more than ~129 pending pages (the 1× bench company
// had 376 on the tasks index, and its search ran slower than the 10× one).

let t: TestApp;
let diretor: Person;
let equipe: Person;
let breaker: number;

const TASKS = 8_000;
/** 1 MB of 8 kB pages: past this, the next insert flushes the list. */
const MAX_PENDING_PAGES = 129;

const terms = (text: string): SearchInput => ({
  text,
  words: searchWords(text),
  number: null,
  plate: null,
});

async function pendingPages(index: string) {
  const res = await t.database.pool.query<{ pending_pages: number }>(
    'select pending_pages from pgstatginindex($1::regclass)',
    [index],
  );
  return Number(res.rows[0]!.pending_pages);
}

/** Pages read by the index search of `index` in the plan of an analyzed search. */
function indexPages(plan: string, index: string): number {
  const lines = plan.split('\n');
  const at = lines.findIndex((l) => l.includes(`Bitmap Index Scan on ${index}`));
  expect(at, plan).toBeGreaterThanOrEqual(0);
  const buffers = lines.slice(at + 1).find((l) => /Buffers:/.test(l));
  return Number(/shared hit=(\d+)/.exec(buffers ?? '')?.[1] ?? NaN);
}

beforeAll(async () => {
  t = await createTestApp();
  diretor = await person(t, 'Diretor de Operações');
  equipe = await person(t, 'Equipe de Campo');
  const contract = await makeContract(t, { nome: 'Contrato Lista Pendente' });
  const board = await makeBoard(t, { contractId: contract.id });
  await t.database.db.execute(sql`
    insert into murals (titulo, descricao, board_id, contract_id)
    select 'Vistoria do pavimento ' || g, 'Conferir fissuras e infiltrações no bloco ' || (g % 9),
           ${board.id}::int, ${contract.id}::int
    from generate_series(1, 400) g`);
  // Every row written lands in the pending list until a flush.
  await t.database.db.execute(sql`
    insert into protocols (mural_id, titulo, descricao)
    select m.id, 'Conferir etapa ' || k || ' da demanda ' || m.id, 'Registrar fotos da etapa ' || k
    from murals m cross join generate_series(1, ${TASKS / 400}::int) k`);
  const [row] = (
    await t.database.db.execute<{ id: number }>(sql`
      insert into protocols (mural_id, titulo) select min(id), 'Troca do disjuntor geral' from murals
      returning id`)
  ).rows;
  breaker = row!.id;
  // A kanban move rewrites the demand's index entries (a non-HOT update), text unchanged.
  for (let i = 0; i < 4; i++) {
    await t.database.db.execute(sql`update murals set stage = 'em_andamento', updated_at = now()`);
  }
  await t.database.pool.query('create extension if not exists pgstattuple');
  await t.database.pool.query(
    'set default_statistics_target = 1000; analyze murals, protocols; reset default_statistics_target',
  );
});

afterAll(async () => {
  await t.close();
});

describe('search index pending lists', () => {
  it('stay under 1 MB however many rows were written since the last vacuum', async () => {
    expect(await pendingPages('protocols_search_idx')).toBeLessThanOrEqual(MAX_PENDING_PAGES);
    expect(await pendingPages('murals_search_idx')).toBeLessThanOrEqual(MAX_PENDING_PAGES);
  });

  it('bound what one search reads, and it still finds rows flushed or pending', async () => {
    const plan = await explainSearch(
      t.database.db,
      [{ area: 'tarefas', scope: undefined, limit: 5 }],
      terms('disjuntor'),
      { analyze: true },
    );
    // The pending list plus a few pages of the index's trees.
    expect(indexPages(plan, 'protocols_search_idx')).toBeLessThan(MAX_PENDING_PAGES + 20);
    const res = await diretor.call('GET', `/api/search?q=${encodeURIComponent('disjuntor geral')}`);
    expect(res.statusCode, res.body).toBe(200);
    const tasks = res.json<SearchResponse>().groups.find((g) => g.area === 'tarefas');
    expect(tasks?.items.map((i) => i.id)).toEqual([breaker]);
    // Equipe is on no contract, board or task here: nothing, pending or not.
    const none = await equipe.call('GET', `/api/search?q=${encodeURIComponent('disjuntor geral')}`);
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json<SearchResponse>().groups).toEqual([]);
    const first = await diretor.call(
      'GET',
      `/api/search?q=${encodeURIComponent('etapa 3 da demanda')}`,
    );
    expect(
      first.json<SearchResponse>().groups.find((g) => g.area === 'tarefas')?.items,
    ).toHaveLength(5);
  });
});
