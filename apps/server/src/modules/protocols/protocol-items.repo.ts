import { and, asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  protocolAttachments,
  protocolHistory,
  protocolMessages,
  users,
} from '../../db/schema/index.ts';

export type ProtocolHistoryInsert = typeof protocolHistory.$inferInsert;

/** History, messages and attachments of a task. */
export function createProtocolItemsRepo(db: DbOrTx) {
  return {
    async insertHistory(rows: ProtocolHistoryInsert | ProtocolHistoryInsert[]) {
      const list = Array.isArray(rows) ? rows : [rows];
      if (list.length === 0) return;
      await db.insert(protocolHistory).values(list);
    },

    async history(protocolId: number) {
      return db
        .select({
          id: protocolHistory.id,
          protocolId: protocolHistory.protocolId,
          action: protocolHistory.action,
          authorId: protocolHistory.authorId,
          authorNome: users.nome,
          before: protocolHistory.before,
          after: protocolHistory.after,
          texto: protocolHistory.texto,
          createdAt: protocolHistory.createdAt,
        })
        .from(protocolHistory)
        .leftJoin(users, eq(users.id, protocolHistory.authorId))
        .where(eq(protocolHistory.protocolId, protocolId))
        .orderBy(desc(protocolHistory.createdAt), desc(protocolHistory.id))
        .limit(500);
    },

    async messages(protocolId: number) {
      return db
        .select({
          id: protocolMessages.id,
          protocolId: protocolMessages.protocolId,
          texto: protocolMessages.texto,
          authorId: protocolMessages.authorId,
          authorNome: users.nome,
          authorAvatarPath: users.avatarPath,
          mentions: protocolMessages.mentions,
          createdAt: protocolMessages.createdAt,
        })
        .from(protocolMessages)
        .leftJoin(users, eq(users.id, protocolMessages.authorId))
        .where(eq(protocolMessages.protocolId, protocolId))
        .orderBy(asc(protocolMessages.createdAt), asc(protocolMessages.id))
        .limit(2000);
    },

    async insertMessage(v: typeof protocolMessages.$inferInsert) {
      const [row] = await db.insert(protocolMessages).values(v).returning();
      return row!;
    },

    async attachments(protocolId: number) {
      return db
        .select({
          id: protocolAttachments.id,
          protocolId: protocolAttachments.protocolId,
          displayName: protocolAttachments.displayName,
          fileName: protocolAttachments.fileName,
          mimeType: protocolAttachments.mimeType,
          size: protocolAttachments.size,
          uploadedBy: protocolAttachments.uploadedBy,
          uploadedByNome: users.nome,
          createdAt: protocolAttachments.createdAt,
        })
        .from(protocolAttachments)
        .leftJoin(users, eq(users.id, protocolAttachments.uploadedBy))
        .where(eq(protocolAttachments.protocolId, protocolId))
        .orderBy(desc(protocolAttachments.createdAt), desc(protocolAttachments.id));
    },

    async attachment(protocolId: number, id: number) {
      const [row] = await db
        .select()
        .from(protocolAttachments)
        .where(and(eq(protocolAttachments.protocolId, protocolId), eq(protocolAttachments.id, id)))
        .limit(1);
      return row ?? null;
    },

    async insertAttachment(v: typeof protocolAttachments.$inferInsert) {
      const [row] = await db.insert(protocolAttachments).values(v).returning();
      return row!;
    },

    /** Storage keys of a task's files (removed from storage after the task is deleted). */
    async storageKeys(protocolId: number) {
      const rows = await db
        .select({ key: protocolAttachments.storageKey })
        .from(protocolAttachments)
        .where(eq(protocolAttachments.protocolId, protocolId));
      return rows.map((r) => r.key);
    },
  };
}
