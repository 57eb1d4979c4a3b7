import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takePgConcurrencyOffences } from '../../test/pg-concurrency-guard.ts';
import { cloneTestDatabase } from '../../test/helpers.ts';
import { openDatabase, type Database } from './client.ts';

// The server tests' setup file fails any test that sends a query on a busy pg client; this
// checks it catches Promise.all inside a transaction and lets the pool run queries in parallel.
describe('pg concurrency guard', () => {
  let database: Database;
  beforeAll(async () => {
    database = openDatabase(await cloneTestDatabase(), 3);
  });
  afterAll(async () => {
    await database.close();
  });

  it('reports two queries sent at once on one transaction', async () => {
    await database.db.transaction(async (tx) => {
      await Promise.all([tx.execute(sql`select pg_sleep(0.05)`), tx.execute(sql`select 2`)]);
    });
    const found = takePgConcurrencyOffences();
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('select 2');
  });

  it('accepts queries awaited one after the other in a transaction', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_sleep(0.01)`);
      await tx.execute(sql`select 2`);
    });
    expect(takePgConcurrencyOffences()).toEqual([]);
  });

  it('accepts parallel queries on the pool', async () => {
    await Promise.all([
      database.db.execute(sql`select pg_sleep(0.05)`),
      database.db.execute(sql`select 2`),
      database.db.execute(sql`select 3`),
    ]);
    expect(takePgConcurrencyOffences()).toEqual([]);
  });
});
