import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { authTokens, loginFailureAlerts, users } from '../../db/schema/index.ts';
import { audit, type AuditEntry } from '../activity/audit.repo.ts';

export type UserRow = typeof users.$inferSelect;

/** Users, one-time tokens and audit rows used by sign-in flows. */
export function createAuthRepo(db: DbOrTx) {
  return {
    async userByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
        .limit(1);
      return row;
    },
    async userById(id: number): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row;
    },
    async createUser(v: {
      email: string;
      nome: string;
      role: string;
      passwordHash: string | null;
    }) {
      const [row] = await db.insert(users).values(v).returning();
      return row!;
    },
    async setPassword(userId: number, passwordHash: string) {
      await db
        .update(users)
        .set({ passwordHash, updatedAt: new Date() })
        .where(eq(users.id, userId));
    },
    async setLastLogin(userId: number) {
      await db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, userId));
    },
    async createToken(v: typeof authTokens.$inferInsert) {
      const [row] = await db.insert(authTokens).values(v).returning();
      return row!;
    },
    async validToken(kind: 'reset' | 'invite', hash: string) {
      const [row] = await db
        .select()
        .from(authTokens)
        .where(
          and(
            eq(authTokens.kind, kind),
            eq(authTokens.tokenHash, hash),
            isNull(authTokens.usedAt),
            isNull(authTokens.revokedAt),
            gt(authTokens.expiresAt, new Date()),
          ),
        )
        .limit(1);
      return row;
    },
    /** Revokes every reset link of a user (or invitation to an e-mail) not used yet. */
    async revokeOutstanding(
      v: { kind: 'reset'; userId: number } | { kind: 'invite'; email: string },
    ) {
      const who =
        v.kind === 'reset' ? eq(authTokens.userId, v.userId) : eq(authTokens.email, v.email);
      await db
        .update(authTokens)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(authTokens.kind, v.kind),
            who,
            isNull(authTokens.usedAt),
            isNull(authTokens.revokedAt),
          ),
        );
    },
    /** Marks a token used; false when another request used it first (single use). */
    async consumeToken(id: number): Promise<boolean> {
      const rows = await db
        .update(authTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(authTokens.id, id), isNull(authTokens.usedAt)))
        .returning({ id: authTokens.id });
      return rows.length === 1;
    },
    async audit(v: AuditEntry) {
      await audit.record(db, v);
    },
    /**
     * Takes the failed-sign-in alert of `email` when none was sent since `before` (one upsert
     * decides, on any node): true for exactly one caller per window.
     */
    async claimLoginAlert(email: string, now: Date, before: Date): Promise<boolean> {
      const rows = await db
        .insert(loginFailureAlerts)
        .values({ email, sentAt: now })
        .onConflictDoUpdate({
          target: loginFailureAlerts.email,
          set: { sentAt: now },
          setWhere: lt(loginFailureAlerts.sentAt, before),
        })
        .returning({ email: loginFailureAlerts.email });
      return rows.length > 0;
    },
    /** Forgets the alerts sent before `before`. */
    async dropLoginAlertsBefore(before: Date) {
      await db.delete(loginFailureAlerts).where(lt(loginFailureAlerts.sentAt, before));
    },
  };
}
