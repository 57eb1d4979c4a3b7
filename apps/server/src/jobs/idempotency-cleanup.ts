import { IDEMPOTENCY_TTL_HOURS } from '@eproto/domain';
import { sql } from 'drizzle-orm';
import type { ServiceDeps } from '../deps.ts';
import { createIdempotencyRepo } from '../plugins/idempotency.repo.ts';

type JobDeps = Pick<ServiceDeps, 'database'>;

// Differs from the other advisory locks of the app (deadline reminders: 720_001).
const LOCK_KEY = 720_002;

export interface CleanupRunResult {
  /** Another node held the lock and is doing this run. */
  skipped: boolean;
  removed: number;
}

/** Removes Idempotency-Key results older than 48 h; one node at a time (advisory lock). */
export async function runIdempotencyCleanup(
  deps: JobDeps,
  options: { now?: Date } = {},
): Promise<CleanupRunResult> {
  const before = new Date(
    (options.now ?? new Date()).getTime() - IDEMPOTENCY_TTL_HOURS * 3_600_000,
  );
  return deps.database.db.transaction(async (tx) => {
    const lock = await tx.execute<{ ok: boolean }>(
      sql`select pg_try_advisory_xact_lock(${LOCK_KEY}) as ok`,
    );
    if (!lock.rows[0]?.ok) return { skipped: true, removed: 0 };
    return { skipped: false, removed: await createIdempotencyRepo(tx).purge(before) };
  });
}
