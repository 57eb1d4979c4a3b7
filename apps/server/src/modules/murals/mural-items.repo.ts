import { and, asc, eq, gte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { muralParticipants, protocols, users } from '../../db/schema/index.ts';
import { userRefColumns } from '../access/user-ref.repo.ts';

export type ProtocolRow = typeof protocols.$inferSelect;

/** Participants and tasks of a demand. */
export function createMuralItemsRepo(db: DbOrTx) {
  return {
    async participants(muralId: number) {
      return db
        .select({ user: userRefColumns, addedAt: muralParticipants.createdAt })
        .from(muralParticipants)
        .innerJoin(users, eq(users.id, muralParticipants.userId))
        .where(eq(muralParticipants.muralId, muralId))
        .orderBy(asc(users.nome));
    },

    async participantIds(muralId: number) {
      const rows = await db
        .select({ id: muralParticipants.userId })
        .from(muralParticipants)
        .where(eq(muralParticipants.muralId, muralId));
      return rows.map((r) => r.id);
    },

    async addParticipants(muralId: number, userIds: number[], addedBy: number) {
      if (userIds.length === 0) return [];
      return db
        .insert(muralParticipants)
        .values(userIds.map((userId) => ({ muralId, userId, addedBy })))
        .onConflictDoNothing()
        .returning({ userId: muralParticipants.userId });
    },

    async removeParticipant(muralId: number, userId: number) {
      const rows = await db
        .delete(muralParticipants)
        .where(and(eq(muralParticipants.muralId, muralId), eq(muralParticipants.userId, userId)))
        .returning({ userId: muralParticipants.userId });
      return rows.length > 0;
    },

    async tasks(muralId: number, since?: Date) {
      return db
        .select({ task: protocols, respNome: users.nome, respAvatarPath: users.avatarPath })
        .from(protocols)
        .leftJoin(users, eq(users.id, protocols.responsavelId))
        .where(and(eq(protocols.muralId, muralId), since && gte(protocols.updatedAt, since)))
        .orderBy(asc(protocols.fimPrevisto), asc(protocols.id));
    },

    /** The ids of a demand's tasks in the order its page lists them. */
    async taskIds(muralId: number) {
      const rows = await db
        .select({ id: protocols.id })
        .from(protocols)
        .where(eq(protocols.muralId, muralId))
        .orderBy(asc(protocols.fimPrevisto), asc(protocols.id));
      return rows.map((r) => r.id);
    },

    async lockTask(muralId: number, taskId: number) {
      const [row] = await db
        .select()
        .from(protocols)
        .where(and(eq(protocols.id, taskId), eq(protocols.muralId, muralId)))
        .for('update')
        .limit(1);
      return row ?? null;
    },

    async updateTask(taskId: number, set: Partial<typeof protocols.$inferInsert>) {
      await db
        .update(protocols)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(protocols.id, taskId));
    },
  };
}
