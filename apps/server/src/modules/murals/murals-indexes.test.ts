import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { countsSql } from './murals.repo.ts';
import { makeBoard, makeContract, makeMural } from './murals.fixtures.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

/** The plan of a statement with sequential and bitmap scans off: which index can answer it. */
async function planOf(query: SQL): Promise<string> {
  return t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    const r = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${query}`);
    return r.rows.map((x) => x['QUERY PLAN']).join('\n');
  });
}

describe('indexes of the demand tables (issue 37: reads and writes at 10×)', () => {
  it("a board's counters read each demand's messages from the index alone", async () => {
    const contract = await makeContract(t);
    const board = await makeBoard(t, { contractId: contract.id });
    await makeMural(t, { boardId: board.id, contractId: contract.id });
    const plan = await planOf(countsSql({ boardId: board.id }, undefined, 1));
    expect(plan).toMatch(/Index Only Scan using mural_messages_mural_idx on mural_messages/);
  });

  it('the finance and recurrence indexes hold only the demands those reads look for', async () => {
    const { rows } = await t.database.db.execute<{ name: string; def: string }>(sql`
      select indexname as "name", indexdef as "def" from pg_indexes
      where tablename = 'murals'
        and indexname in ('murals_finance_status_idx', 'murals_recurrence_idx')
      order by 1`);
    // Partial: a move (a new row version) of a demand outside both adds no entry to them.
    expect(rows.map((r) => r.def)).toEqual([
      expect.stringMatching(/WHERE \(finance_status IS NOT NULL\)$/),
      expect.stringMatching(/WHERE \(recurrence_id IS NOT NULL\)$/),
    ]);
    // And they still answer the reads that use them.
    expect(
      await planOf(sql`select "id" from "murals" where "finance_status" is not null
        and "finance_status" in ('enviado', 'visualizado')`),
    ).toMatch(/Index Scan using murals_finance_status_idx/);
    expect(await planOf(sql`select "id" from "murals" where "recurrence_id" = ${7}`)).toMatch(
      /Index Scan using murals_recurrence_idx/,
    );
  });
});
