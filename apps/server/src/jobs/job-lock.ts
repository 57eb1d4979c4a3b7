import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * Runs `work` while this node holds a transaction-level advisory lock
 * (`pg_try_advisory_xact_lock`), or skips it (null) when another node holds the lock. The lock
 * lives in a transaction of its own, open while `work` runs on other pooled connections, and
 * ends with it (commit, rollback or a lost connection): it can never stay behind on a server
 * connection that PgBouncer, in transaction mode, hands to another client afterwards, which a
 * session lock (`pg_advisory_lock` ... `pg_advisory_unlock`) taken through the pooler would.
 */
export async function withJobLock<T>(
  db: Db,
  key: number,
  work: () => Promise<T>,
): Promise<{ value: T } | null> {
  return db.transaction(async (tx) => {
    const lock = await tx.execute<{ ok: boolean }>(
      sql`select pg_try_advisory_xact_lock(${key}) as ok`,
    );
    if (!lock.rows[0]?.ok) return null;
    return { value: await work() };
  });
}
