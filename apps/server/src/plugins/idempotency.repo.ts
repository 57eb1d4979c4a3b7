import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';

/** Storage of Idempotency-Key results (plugins/idempotency.ts); the only Drizzle code of it. */
export function createIdempotencyRepo(db: DbOrTx) {
  return {
    /** Takes the key for a new request; false when a row for (user, key) already exists. */
    async claim(userId: number, key: string, fingerprint: string): Promise<boolean> {
      const rows = await db
        .insert(idempotencyKeys)
        .values({ userId, key, fingerprint })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      return rows.length === 1;
    },

    async find(userId: number, key: string) {
      const [row] = await db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      return row ?? null;
    },

    /** Stores the answer of the request that owns the key. */
    async complete(
      userId: number,
      key: string,
      result: { status: number; contentType: string | null; body: string; fingerprint?: string },
    ) {
      await db
        .update(idempotencyKeys)
        .set({ ...result, completedAt: sql`now()` })
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    },

    /** Frees an unfinished key: its request failed, or (with `olderThan`) died long ago. */
    async release(userId: number, key: string, olderThan?: Date) {
      await db
        .delete(idempotencyKeys)
        .where(
          and(
            eq(idempotencyKeys.userId, userId),
            eq(idempotencyKeys.key, key),
            isNull(idempotencyKeys.status),
            olderThan ? lt(idempotencyKeys.createdAt, olderThan) : undefined,
          ),
        );
    },

    /** Removes results older than `before`; returns how many. */
    async purge(before: Date): Promise<number> {
      const res = await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, before));
      return res.rowCount ?? 0;
    },
  };
}
