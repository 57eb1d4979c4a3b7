import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { chatFiles, chatMessages, userContracts, users } from '../../db/schema/index.ts';

export type ChatFileRow = typeof chatFiles.$inferSelect;

/** Columns of a person shown in chat. */
const personColumns = {
  id: users.id,
  nome: users.nome,
  email: users.email,
  role: users.role,
  avatarPath: users.avatarPath,
  active: users.active,
};
export type PersonRow = {
  id: number;
  nome: string;
  email: string;
  role: string;
  avatarPath: string | null;
  active: boolean;
};

const messageColumns = {
  id: chatMessages.id,
  senderId: chatMessages.senderId,
  recipientId: chatMessages.recipientId,
  content: chatMessages.content,
  fileId: chatMessages.fileId,
  fileName: chatFiles.fileName,
  mimeType: chatFiles.mimeType,
  fileSize: chatFiles.size,
  createdAt: chatMessages.createdAt,
  readAt: chatMessages.readAt,
};
export type DirectMessageRow = {
  id: number;
  senderId: number;
  recipientId: number;
  content: string;
  fileId: number | null;
  fileName: string | null;
  mimeType: string | null;
  fileSize: number | null;
  createdAt: Date;
  readAt: Date | null;
};

const between = (a: number, b: number) =>
  or(
    and(eq(chatMessages.senderId, a), eq(chatMessages.recipientId, b)),
    and(eq(chatMessages.senderId, b), eq(chatMessages.recipientId, a)),
  );

/** Direct chat and chat files: the only Drizzle code of the direct chat. */
export function createChatRepo(db: DbOrTx) {
  return {
    async activePeople(): Promise<PersonRow[]> {
      return db
        .select(personColumns)
        .from(users)
        .where(eq(users.active, true))
        .orderBy(asc(users.nome));
    },

    async person(id: number): Promise<PersonRow | null> {
      const [row] = await db.select(personColumns).from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },

    /** Ids of the people linked to at least one contract the user is linked to. */
    async contractMatesOf(userId: number): Promise<Set<number>> {
      const rows = await db
        .selectDistinct({ id: userContracts.userId })
        .from(userContracts)
        .where(
          and(
            ne(userContracts.userId, userId),
            inArray(
              userContracts.contractId,
              db
                .select({ c: userContracts.contractId })
                .from(userContracts)
                .where(eq(userContracts.userId, userId)),
            ),
          ),
        );
      return new Set(rows.map((r) => r.id));
    },

    async sharesContract(a: number, b: number): Promise<boolean> {
      const rows = await db.execute<{ ok: number }>(sql`
        select 1 as ok from ${userContracts} x
        join ${userContracts} y on y.contract_id = x.contract_id
        where x.user_id = ${a} and y.user_id = ${b} limit 1`);
      return rows.rows.length > 0;
    },

    async hasConversation(a: number, b: number): Promise<boolean> {
      const rows = await db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(between(a, b))
        .limit(1);
      return rows.length > 0;
    },

    /** Unread messages sent to the user, per sender. */
    async unreadBySender(userId: number): Promise<Map<number, number>> {
      const rows = await db
        .select({ senderId: chatMessages.senderId, n: sql<number>`count(*)::int` })
        .from(chatMessages)
        .where(and(eq(chatMessages.recipientId, userId), isNull(chatMessages.readAt)))
        .groupBy(chatMessages.senderId);
      return new Map(rows.map((r) => [r.senderId, r.n]));
    },

    /** The latest message with each person the user has talked to. */
    async lastMessages(userId: number) {
      const rows = await db.execute<{
        peer: number;
        sender_id: number;
        content: string;
        created_at: Date | string;
        file_name: string | null;
      }>(sql`
        select distinct on (m.peer) m.peer, m.sender_id, m.content, m.created_at, f.file_name
        from (
          select c.*, case when c.sender_id = ${userId} then c.recipient_id else c.sender_id end as peer
          from ${chatMessages} c
          where c.sender_id = ${userId} or c.recipient_id = ${userId}
        ) m
        left join ${chatFiles} f on f.id = m.file_id
        order by m.peer, m.id desc`);
      return new Map(rows.rows.map((r) => [r.peer, { ...r, created_at: new Date(r.created_at) }]));
    },

    /** A page of the conversation, newest first, one extra row to tell whether more remain. */
    /** Newest first; `changedSince` (ISO instant): only messages posted or read since. */
    async page(
      a: number,
      b: number,
      before: number | undefined,
      limit: number,
      changedSince?: string,
    ): Promise<DirectMessageRow[]> {
      const since = changedSince ? new Date(changedSince) : null;
      return db
        .select(messageColumns)
        .from(chatMessages)
        .leftJoin(chatFiles, eq(chatFiles.id, chatMessages.fileId))
        .where(
          and(
            between(a, b),
            before ? lt(chatMessages.id, before) : undefined,
            since
              ? or(gt(chatMessages.createdAt, since), gt(chatMessages.readAt, since))
              : undefined,
          ),
        )
        .orderBy(desc(chatMessages.id))
        .limit(limit + 1);
    },

    async insertMessage(v: typeof chatMessages.$inferInsert): Promise<DirectMessageRow> {
      const [row] = await db.insert(chatMessages).values(v).returning({ id: chatMessages.id });
      const [full] = await db
        .select(messageColumns)
        .from(chatMessages)
        .leftJoin(chatFiles, eq(chatFiles.id, chatMessages.fileId))
        .where(eq(chatMessages.id, row!.id));
      return full!;
    },

    /**
     * Marks what `from` sent to `reader` read: how many, the newest one marked and when; null
     * when nothing was unread.
     */
    async markRead(
      reader: number,
      from: number,
    ): Promise<{ updated: number; upTo: number; readAt: string } | null> {
      const readAt = new Date();
      const rows = await db
        .update(chatMessages)
        .set({ readAt })
        .where(
          and(
            eq(chatMessages.recipientId, reader),
            eq(chatMessages.senderId, from),
            isNull(chatMessages.readAt),
          ),
        )
        .returning({ id: chatMessages.id });
      if (rows.length === 0) return null;
      const upTo = Math.max(...rows.map((r) => r.id));
      return { updated: rows.length, upTo, readAt: readAt.toISOString() };
    },

    async insertFile(v: typeof chatFiles.$inferInsert): Promise<ChatFileRow> {
      const [row] = await db.insert(chatFiles).values(v).returning();
      return row!;
    },

    async file(id: number): Promise<ChatFileRow | null> {
      const [row] = await db.select().from(chatFiles).where(eq(chatFiles.id, id)).limit(1);
      return row ?? null;
    },

    /** True when the file travels in a direct message the user sent or received. */
    async fileInDirectChatOf(fileId: number, userId: number): Promise<boolean> {
      const rows = await db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(
          and(
            eq(chatMessages.fileId, fileId),
            or(eq(chatMessages.senderId, userId), eq(chatMessages.recipientId, userId)),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },
  };
}

export type ChatRepo = ReturnType<typeof createChatRepo>;
