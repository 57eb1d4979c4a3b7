import { and, asc, count, desc, eq, gt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  assistantConversations,
  assistantMessages,
  contracts,
  users,
  type StoredAssistantAction,
} from '../../db/schema/index.ts';

export type { StoredAssistantAction };
export type ConversationRow = typeof assistantConversations.$inferSelect;
export type MessageRow = typeof assistantMessages.$inferSelect;
export type MessageInsert = typeof assistantMessages.$inferInsert;

/** Conversations and messages of the assistant; every read is bound to its owner. */
export function createAssistantRepo(db: DbOrTx) {
  return {
    async conversations(userId: number) {
      return db
        .select()
        .from(assistantConversations)
        .where(eq(assistantConversations.userId, userId))
        .orderBy(desc(assistantConversations.updatedAt), desc(assistantConversations.id))
        .limit(200);
    },

    /** The conversation when it belongs to the user, else undefined. */
    async conversation(userId: number, id: number) {
      const [row] = await db
        .select()
        .from(assistantConversations)
        .where(and(eq(assistantConversations.id, id), eq(assistantConversations.userId, userId)));
      return row;
    },

    async createConversation(userId: number, titulo: string) {
      const [row] = await db.insert(assistantConversations).values({ userId, titulo }).returning();
      return row!;
    },

    async updateConversation(userId: number, id: number, set: { titulo?: string }) {
      const [row] = await db
        .update(assistantConversations)
        .set({ ...set, updatedAt: new Date() })
        .where(and(eq(assistantConversations.id, id), eq(assistantConversations.userId, userId)))
        .returning();
      return row;
    },

    async deleteConversation(userId: number, id: number) {
      const rows = await db
        .delete(assistantConversations)
        .where(and(eq(assistantConversations.id, id), eq(assistantConversations.userId, userId)))
        .returning({ id: assistantConversations.id });
      return rows.length > 0;
    },

    async messages(conversationId: number) {
      return db
        .select()
        .from(assistantMessages)
        .where(eq(assistantMessages.conversationId, conversationId))
        .orderBy(asc(assistantMessages.id));
    },

    /** The latest answered messages of a conversation (context for the model), oldest first. */
    async recent(conversationId: number, limit: number) {
      const rows = await db
        .select()
        .from(assistantMessages)
        .where(
          and(
            eq(assistantMessages.conversationId, conversationId),
            ne(assistantMessages.status, 'erro'),
          ),
        )
        .orderBy(desc(assistantMessages.id))
        .limit(limit);
      return rows.reverse();
    },

    async insertMessage(row: MessageInsert) {
      const [created] = await db.insert(assistantMessages).values(row).returning();
      await db
        .update(assistantConversations)
        .set({ updatedAt: new Date() })
        .where(eq(assistantConversations.id, row.conversationId));
      return created!;
    },

    /** A message of one of the user's conversations, locked for an update. */
    async lockMessage(userId: number, id: number) {
      const [row] = await db
        .select()
        .from(assistantMessages)
        .where(and(eq(assistantMessages.id, id), eq(assistantMessages.userId, userId)))
        .for('update');
      return row;
    },

    async setAction(id: number, action: StoredAssistantAction) {
      const [row] = await db
        .update(assistantMessages)
        .set({ action })
        .where(eq(assistantMessages.id, id))
        .returning();
      return row!;
    },

    /** Questions the user sent in the last minute, by the database clock (the rate limit). */
    async questionsLastMinute(userId: number) {
      const [row] = await db
        .select({ n: count() })
        .from(assistantMessages)
        .where(
          and(
            eq(assistantMessages.userId, userId),
            eq(assistantMessages.role, 'user'),
            gt(assistantMessages.createdAt, sql`now() - interval '1 minute'`),
          ),
        );
      return row?.n ?? 0;
    },

    /** Serialises the questions of one user (two tabs cannot slip past the limit together). */
    async lockUser(userId: number) {
      await db.execute(sql`select pg_advisory_xact_lock(7210909, ${userId})`);
    },

    /**
     * Contracts within `linked` (the user's contract scope) or holding a demand within
     * `viaDemand` (the demand scope on the alias `vm`); every contract when either is open.
     */
    async contractsSeen(linked: SQL | undefined, viaDemand: SQL | undefined) {
      return db
        .select({
          id: contracts.id,
          codigo: contracts.codigo,
          nome: contracts.nome,
          cliente: contracts.cliente,
        })
        .from(contracts)
        .where(
          linked && viaDemand
            ? or(
                linked,
                sql`exists (select 1 from "murals" vm where vm."contract_id" = ${contracts.id} and ${viaDemand})`,
              )
            : undefined,
        );
    },
    async personById(id: number): Promise<{ id: number; nome: string } | undefined> {
      const [me] = await db
        .select({ id: users.id, nome: users.nome })
        .from(users)
        .where(eq(users.id, id));
      return me;
    },
    async activePeople() {
      return db
        .select({ id: users.id, nome: users.nome, email: users.email })
        .from(users)
        .where(eq(users.active, true));
    },
  };
}

export type AssistantRepo = ReturnType<typeof createAssistantRepo>;
