import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneTestDatabase } from '../../test/helpers.ts';
import { executeHot, openDatabase, runHot, type Database, type DbOrTx } from './client.ts';
import { users } from './schema/index.ts';

/** Names of the statements prepared on the pool's one connection. */
async function preparedOn(database: Database): Promise<string[]> {
  const { rows } = await database.pool.query<{ name: string }>(
    'select name from pg_prepared_statements order by name',
  );
  return rows.map((r) => r.name);
}

describe('executeHot', () => {
  let url: string;
  let direct: Database;
  let pooled: Database;
  beforeAll(async () => {
    url = await cloneTestDatabase();
    // One connection each, so pg_prepared_statements shows that connection's statements.
    direct = openDatabase(url, 1);
    // Another address for the direct URL: `url` is taken for a transaction pooler.
    pooled = openDatabase(url, 1, url.replace('127.0.0.1', 'localhost'));
  });
  afterAll(async () => {
    await direct.close();
    await pooled.close();
  });

  it('prepares a statement once by name on PostgreSQL itself and answers as execute does', async () => {
    const q = (n: number) => sql`select ${n}::int + 1 as "n", 'a,b' as "s"`;
    expect(await executeHot(direct.db, q(1))).toEqual([{ n: 2, s: 'a,b' }]);
    expect(await executeHot(direct.db, q(41))).toEqual([{ n: 42, s: 'a,b' }]);
    expect((await direct.db.execute(q(41))).rows).toEqual([{ n: 42, s: 'a,b' }]);
    const names = await preparedOn(direct);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^hot_/);
  });

  it('prepares nothing behind a pooler or inside a transaction', async () => {
    expect(await executeHot(pooled.db, sql`select ${7}::int as "n"`)).toEqual([{ n: 7 }]);
    expect(await preparedOn(pooled)).toEqual([]);
    await direct.db.transaction(async (tx) => {
      expect(await executeHot(tx, sql`select ${8}::int as "m"`)).toEqual([{ m: 8 }]);
      const { rows } = await tx.execute<{ n: number }>(
        sql`select count(*)::int as "n" from pg_prepared_statements`,
      );
      expect(rows[0]!.n).toBe(1); // only the first test's statement
    });
  });

  it('runHot prepares a drizzle select by name and maps its rows as the builder does', async () => {
    const q = (db: DbOrTx, email: string) =>
      db
        .select({ u: { id: users.id, email: users.email }, n: sql<number>`1 + 1` })
        .from(users)
        .where(eq(users.email, email));
    const [first] = await direct.db
      .insert(users)
      .values({ email: 'hot@x.test', nome: 'Hot Test', role: 'Gerente' })
      .returning({ email: users.email });
    const before = await preparedOn(direct);
    const hot = await runHot(direct.db, q(direct.db, first!.email));
    expect(hot).toEqual(await q(direct.db, first!.email));
    expect(hot[0]).toMatchObject({ u: { email: first!.email }, n: 2 });
    expect(await runHot(direct.db, q(direct.db, 'nobody@x.test'))).toEqual([]);
    const added = (await preparedOn(direct)).filter((n) => !before.includes(n));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^hot_/);
    // Behind a pooler or in a transaction it runs unnamed, with the same answer.
    expect(await runHot(pooled.db, q(pooled.db, first!.email))).toEqual(hot);
    expect(await preparedOn(pooled)).toEqual([]);
    await direct.db.transaction(async (tx) => {
      expect(await runHot(tx, q(tx, first!.email))).toEqual(hot);
    });
  });

  it('stops naming new texts past its bound, and still answers them', async () => {
    for (let i = 0; i < 105; i++) {
      const [row] = await executeHot<{ n: number }>(direct.db, sql.raw(`select ${i} as "n"`));
      expect(row!.n).toBe(i);
    }
    expect(await preparedOn(direct)).toHaveLength(100);
  });
});
