import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Tx } from './client.ts';

/**
 * Work that the code running in a scope (a write request, plugins/audit.ts) adds to each
 * outermost transaction it opens on the pool: `beforeCommit` runs inside the transaction after
 * the service's own statements, so what it writes commits or rolls back with them; the callback
 * it may return hears whether that transaction committed.
 */
export interface TransactionScope {
  beforeCommit(tx: Tx): Promise<((committed: boolean) => void) | undefined>;
}

const current = new AsyncLocalStorage<TransactionScope>();

/** Runs `fn` (and everything it starts) in `scope`. */
export function withTransactionScope<T>(scope: TransactionScope, fn: () => T): T {
  return current.run(scope, fn);
}

/**
 * Makes `db.transaction` run the current scope's `beforeCommit` before COMMIT. Outside a scope
 * (jobs, reads, tests calling services) a transaction is exactly drizzle's; savepoints
 * (`tx.transaction`) are part of their outer transaction and are left alone.
 */
export function scopeTransactions(db: Db): void {
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
}
