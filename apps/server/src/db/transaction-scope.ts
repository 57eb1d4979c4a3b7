import { AsyncLocalStorage } from 'node:async_hooks';
import type pg from 'pg';
import type { Db, Tx } from './client.ts';

/**
 * Work that the code running in a scope (a write request, plugins/audit.ts) adds to each
 * outermost transaction it opens on the pool: `beforeCommit` runs inside the transaction after
 * the service's own statements, so what it writes commits or rolls back with them; the callback
 * it may return hears whether that transaction committed. `poolWrite` hears of each statement
 * that changed data on the pool outside any transaction (its own commit, with nothing added).
 */
export interface TransactionScope {
  beforeCommit(tx: Tx): Promise<((committed: boolean) => void) | undefined>;
  poolWrite?(statement: string): void;
}

const current = new AsyncLocalStorage<TransactionScope>();

/** Runs `fn` (and everything it starts) in `scope`. */
export function withTransactionScope<T>(scope: TransactionScope, fn: () => T): T {
  return current.run(scope, fn);
}

/** Command tags of statements that change data. */
const WRITE_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);
/** A data-modifying WITH whose outer statement is a SELECT (its tag says SELECT). */
const MODIFYING_CTE = /\b(insert\s+into|update\s+\S+\s+set|delete\s+from)\b/i;

function statementText(arg: unknown): string {
  const text = typeof arg === 'string' ? arg : (arg as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text.replace(/\s+/g, ' ').trim() : '';
}

/**
 * Makes `db.transaction` run the current scope's `beforeCommit` before COMMIT, and tells the
 * scope of each statement that wrote on `pool` outside a transaction. Outside a scope (jobs,
 * reads, tests calling services) a transaction is exactly drizzle's; savepoints
 * (`tx.transaction`) are part of their outer transaction and are left alone.
 */
export function scopeTransactions(db: Db, pool: pg.Pool): void {
  const open = db.transaction.bind(db);
  const scoped: Db['transaction'] = async (work, config) => {
    const scope = current.getStore();
    if (!scope) return open(work, config);
    let settle: ((committed: boolean) => void) | undefined;
    try {
      const result = await open(async (tx) => {
        const value = await work(tx);
        settle = await scope.beforeCommit(tx);
        return value;
      }, config);
      settle?.(true);
      return result;
    } catch (err) {
      settle?.(false);
      throw err;
    }
  };
  db.transaction = scoped;

  // A statement on the pool itself (not on a client it lent to a transaction) commits alone.
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as { query: unknown }).query = (...args: unknown[]) => {
    const scope = current.getStore();
    const result = query(...args);
    if (!scope?.poolWrite || !(result instanceof Promise)) return result;
    return result.then((res: pg.QueryResult | pg.QueryResult[]) => {
      const wrote = [res]
        .flat()
        .some((r) => WRITE_COMMANDS.has(r.command) || MODIFYING_CTE.test(statementText(args[0])));
      if (wrote) scope.poolWrite?.(statementText(args[0]).slice(0, 200));
      return res;
    });
  };
}
