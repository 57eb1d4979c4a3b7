import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { pushSubscriptions, pushVapidKeys } from '../../db/schema/index.ts';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

interface SubscriptionValues {
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
}

/** VAPID keys and push subscriptions. */
export function createPushRepo(db: DbOrTx) {
  return {
    /** Stores the pair unless a node stored one first; returns the pair every node uses. */
    async ensureVapidKeys(candidate: { publicKey: string; privateKey: string }) {
      await db
        .insert(pushVapidKeys)
        .values({ id: 1, ...candidate })
        .onConflictDoNothing();
      const [row] = await db.select().from(pushVapidKeys).where(eq(pushVapidKeys.id, 1));
      return row!;
    },

    /**
     * Saves a browser's subscription (the same endpoint moves to whoever subscribes it last) and
     * keeps the person's `max` most recently used or added devices: the others, least recently
     * used first, are forgotten. One subscriber of a person at a time (transaction lock).
     */
    async subscribe(max: number, v: SubscriptionValues) {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`SELECT pg_advisory_xact_lock(hashtext('push_subscriptions'), ${v.userId})`,
        );
        const row = await createPushRepo(tx).upsert(v);
        await tx.execute(sql`
          DELETE FROM push_subscriptions WHERE id IN (
            SELECT id FROM push_subscriptions WHERE user_id = ${v.userId}
            ORDER BY id = ${row.id} DESC, coalesce(last_success_at, created_at) DESC, id DESC
            OFFSET ${max})`);
        return row;
      });
    },

    /** Saves a browser's subscription; the same endpoint moves to whoever subscribes it last. */
    async upsert(v: SubscriptionValues) {
      const [row] = await db
        .insert(pushSubscriptions)
        .values(v)
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: {
            userId: v.userId,
            p256dh: v.p256dh,
            auth: v.auth,
            userAgent: v.userAgent,
            createdAt: sql`now()`,
            lastSuccessAt: null,
            lastFailureAt: null,
            lastFailure: null,
          },
        })
        .returning();
      return row!;
    },

    async ofUser(userId: number) {
      return db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(pushSubscriptions.createdAt, pushSubscriptions.id);
    },

    async ofUsers(userIds: number[]) {
      if (userIds.length === 0) return [];
      return db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.userId, userIds));
    },

    async ofIds(ids: number[]) {
      if (ids.length === 0) return [];
      return db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
    },

    async removeOwn(userId: number, id: number) {
      const rows = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
        .returning({ id: pushSubscriptions.id });
      return rows.length > 0;
    },

    /** Forgets a subscription the push service says is gone (only if it was not renewed since). */
    async removeGone(id: number, endpoint: string) {
      await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.endpoint, endpoint)));
    },

    async markSuccess(id: number) {
      await db
        .update(pushSubscriptions)
        .set({ lastSuccessAt: new Date() })
        .where(eq(pushSubscriptions.id, id));
    },

    async markFailure(id: number, reason: string) {
      await db
        .update(pushSubscriptions)
        .set({ lastFailureAt: new Date(), lastFailure: reason.slice(0, 300) })
        .where(eq(pushSubscriptions.id, id));
    },
    /** Push jobs still to run now (created, active, or retrying with its time come). */
    async pendingJobs(): Promise<number> {
      const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n
        from pgboss.job where name in ('push-send', 'push-deliver')
          and (state in ('created', 'active') or (state = 'retry' and start_after <= now()))`);
      return rows[0]?.n ?? 0;
    },
  };
}
