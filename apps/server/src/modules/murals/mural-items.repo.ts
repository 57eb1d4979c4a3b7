import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  muralAttachments,
  muralMessages,
  muralParticipants,
  protocols,
  users,
} from '../../db/schema/index.ts';
import { userRefColumns } from '../access/user-ref.ts';

export type AttachmentInsert = typeof muralAttachments.$inferInsert;
export type ProtocolRow = typeof protocols.$inferSelect;

/** Participants, messages, attachments and tasks of a demand. */
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

    async messages(muralId: number) {
      return db
        .select({
          id: muralMessages.id,
          muralId: muralMessages.muralId,
          texto: muralMessages.texto,
          authorId: muralMessages.authorId,
          authorNome: users.nome,
          authorAvatarPath: users.avatarPath,
          mentions: muralMessages.mentions,
          createdAt: muralMessages.createdAt,
        })
        .from(muralMessages)
        .leftJoin(users, eq(users.id, muralMessages.authorId))
        .where(eq(muralMessages.muralId, muralId))
        .orderBy(asc(muralMessages.createdAt), asc(muralMessages.id))
        .limit(2000);
    },

    async insertMessage(v: {
      muralId: number;
      authorId: number;
      texto: string;
      mentions: number[];
    }) {
      const [row] = await db
        .insert(muralMessages)
        .values(v)
        .returning({ id: muralMessages.id, createdAt: muralMessages.createdAt });
      return row!;
    },

    async attachments(muralId: number) {
      return db
        .select({
          id: muralAttachments.id,
          muralId: muralAttachments.muralId,
          displayName: muralAttachments.displayName,
          fileName: muralAttachments.fileName,
          mimeType: muralAttachments.mimeType,
          size: muralAttachments.size,
          uploadedBy: muralAttachments.uploadedBy,
          uploadedByNome: users.nome,
          createdAt: muralAttachments.createdAt,
        })
        .from(muralAttachments)
        .leftJoin(users, eq(users.id, muralAttachments.uploadedBy))
        .where(and(eq(muralAttachments.muralId, muralId), isNull(muralAttachments.deletedAt)))
        .orderBy(desc(muralAttachments.createdAt), desc(muralAttachments.id));
    },

    /** A live (not deleted) attachment of a demand. */
    async attachment(muralId: number, id: number) {
      const [row] = await db
        .select()
        .from(muralAttachments)
        .where(
          and(
            eq(muralAttachments.id, id),
            eq(muralAttachments.muralId, muralId),
            isNull(muralAttachments.deletedAt),
          ),
        )
        .limit(1);
      return row ?? null;
    },

    async insertAttachment(v: AttachmentInsert) {
      const [row] = await db.insert(muralAttachments).values(v).returning();
      return row!;
    },

    async softDeleteAttachment(id: number, by: number, reason: string) {
      const rows = await db
        .update(muralAttachments)
        .set({ deletedAt: new Date(), deletedBy: by, deleteReason: reason })
        .where(and(eq(muralAttachments.id, id), isNull(muralAttachments.deletedAt)))
        .returning({ id: muralAttachments.id });
      return rows.length > 0;
    },

    async tasks(muralId: number) {
      return db
        .select({ task: protocols, respNome: users.nome, respAvatarPath: users.avatarPath })
        .from(protocols)
        .leftJoin(users, eq(users.id, protocols.responsavelId))
        .where(eq(protocols.muralId, muralId))
        .orderBy(asc(protocols.fimPrevisto), asc(protocols.id));
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
