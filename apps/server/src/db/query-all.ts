import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

type Jobs = readonly (() => PromiseLike<unknown>)[];
type Results<T extends Jobs> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };

/** True when `db` is a transaction (one connection), not the pool. */
export function isTransaction(db: DbOrTx): boolean {
  return db instanceof PgTransaction;
}

/**
 * Runs independent queries: at once on the pool (each takes its own connection), one after the
 * other in a transaction. A transaction is one pg client, and pg deprecates sending a query
 * while another runs on it (pg@9 drops the queue): never `Promise.all` on a DbOrTx.
 */
export async function queryAll<const T extends Jobs>(db: DbOrTx, jobs: T): Promise<Results<T>> {
  if (!isTransaction(db)) return (await Promise.all(jobs.map((job) => job()))) as Results<T>;
  const out: unknown[] = [];
  for (const job of jobs) out.push(await job());
  return out as Results<T>;
}
