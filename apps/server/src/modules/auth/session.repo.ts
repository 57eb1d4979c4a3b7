import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';

export interface SessionRow {
  sessionId: number;
  userId: number;
  expiresAt: Date;
  lastSeenAt: Date;
  email: string;
  nome: string;
  role: string;
  avatarPath: string | null;
  active: boolean;
}

/** Sessions table access (the only place that touches it). */
export function createSessionRepo(db: DbOrTx) {
  return {
    async findByHash(hash: string): Promise<SessionRow | undefined> {
      const rows = await db
        .select({
          sessionId: sessions.id,
          userId: sessions.userId,
          expiresAt: sessions.expiresAt,
          lastSeenAt: sessions.lastSeenAt,
          email: users.email,
          nome: users.nome,
          role: users.role,
          avatarPath: users.avatarPath,
          active: users.active,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.tokenHash, hash))
        .limit(1);
      return rows[0];
    },
    async touch(id: number, at: Date) {
      await db.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
    },
    async create(v: {
      tokenHash: string;
      userId: number;
      expiresAt: Date;
      ip: string;
      userAgent: string | null;
    }) {
      const [row] = await db.insert(sessions).values(v).returning({ id: sessions.id });
      return row!.id;
    },
    async deleteById(id: number) {
      await db.delete(sessions).where(eq(sessions.id, id));
    },
    async deleteByHash(hash: string) {
      await db.delete(sessions).where(eq(sessions.tokenHash, hash));
    },
    async deleteForUser(userId: number, exceptSessionId?: number) {
      await db
        .delete(sessions)
        .where(
          exceptSessionId === undefined
            ? eq(sessions.userId, userId)
            : and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId)),
        );
    },
  };
}
