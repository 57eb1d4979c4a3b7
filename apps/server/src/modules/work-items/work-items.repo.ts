import { and, asc, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { WorkItemTables } from '../../db/schema/work-items.ts';
import { userRefColumns } from '../access/user-ref.repo.ts';

type Canonical = WorkItemTables<'itemId'>;

/**
 * The thread tables of one kind seen through one shape. Each kind names its item column
 * (muralId, protocolId); here it is reached through `item` and written through `row()`, never
 * through a property name, so one piece of code serves every kind.
 */
export function threadView<K extends string>(tables: WorkItemTables<K>, key: K) {
  const t = tables as unknown as Canonical;
  const col = <N extends keyof Canonical>(name: N) =>
    (tables[name] as unknown as Record<string, unknown>)[key] as Canonical[N]['itemId'];
  return {
    ...t,
    item: { messages: col('messages'), attachments: col('attachments'), history: col('history') },
    /** Insert values naming the item under the kind's own key. */
    row: (id: number) => ({ [key]: id }) as unknown as { itemId: number },
  };
}
export type ThreadView = ReturnType<typeof threadView>;

export interface HistoryInput {
  authorId: number;
  action: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  texto?: string | null;
}

export interface AttachmentInput {
  storageKey: string;
  displayName: string;
  fileName: string;
  mimeType: string;
  size: number;
  uploadedBy: number;
}

/** Messages, attachments and history of one work item of the kind `v`. */
export function createWorkItemsRepo(db: DbOrTx, view: ThreadView) {
  const { messages: m, attachments: a, history: h, item, row: itemRow } = view;
  return {
    /** A thread's messages; with `changedSince` (ISO instant) only those posted or changed since. */
    async messages(itemId: number, changedSince?: string) {
      return db
        .select({
          id: m.id,
          itemId: item.messages,
          texto: m.texto,
          authorId: m.authorId,
          authorNome: users.nome,
          authorAvatarPath: users.avatarPath,
          mentions: m.mentions,
          createdAt: m.createdAt,
          updatedAt: m.updatedAt,
        })
        .from(m)
        .leftJoin(users, eq(users.id, m.authorId))
        .where(
          and(
            eq(item.messages, itemId),
            changedSince ? gt(m.updatedAt, new Date(changedSince)) : undefined,
          ),
        )
        .orderBy(asc(m.createdAt), asc(m.id))
        .limit(2000);
    },

    async insertMessage(
      itemId: number,
      input: { authorId: number; texto: string; mentions: number[] },
    ) {
      const [row] = await db
        .insert(m)
        .values({ ...itemRow(itemId), ...input })
        .returning({ id: m.id, createdAt: m.createdAt, updatedAt: m.updatedAt });
      return row!;
    },

    /** Adds a person to a message's mentions (once). */
    async addMention(id: number, userId: number) {
      await db
        .update(m)
        .set({
          mentions: sql`case when ${m.mentions} @> ${JSON.stringify([userId])}::jsonb then ${m.mentions} else ${m.mentions} || ${JSON.stringify([userId])}::jsonb end`,
          updatedAt: sql`now()`,
        })
        .where(eq(m.id, id));
    },

    /** Live (not deleted) attachments, newest first. */
    async attachments(itemId: number) {
      return db
        .select({
          id: a.id,
          itemId: item.attachments,
          displayName: a.displayName,
          fileName: a.fileName,
          mimeType: a.mimeType,
          size: a.size,
          uploadedBy: a.uploadedBy,
          uploadedByNome: users.nome,
          createdAt: a.createdAt,
        })
        .from(a)
        .leftJoin(users, eq(users.id, a.uploadedBy))
        .where(and(eq(item.attachments, itemId), isNull(a.deletedAt)))
        .orderBy(desc(a.createdAt), desc(a.id));
    },

    /** A live (not deleted) attachment of the item. */
    async attachment(itemId: number, id: number) {
      const [row] = await db
        .select({
          id: a.id,
          storageKey: a.storageKey,
          displayName: a.displayName,
          fileName: a.fileName,
          mimeType: a.mimeType,
          size: a.size,
          uploadedBy: a.uploadedBy,
        })
        .from(a)
        .where(and(eq(a.id, id), eq(item.attachments, itemId), isNull(a.deletedAt)))
        .limit(1);
      return row ?? null;
    },

    async insertAttachment(itemId: number, input: AttachmentInput) {
      const [row] = await db
        .insert(a)
        .values({ ...itemRow(itemId), ...input })
        .returning({ id: a.id, size: a.size, createdAt: a.createdAt });
      return row!;
    },

    async softDeleteAttachment(id: number, by: number, reason: string) {
      const rows = await db
        .update(a)
        .set({ deletedAt: new Date(), deletedBy: by, deleteReason: reason })
        .where(and(eq(a.id, id), isNull(a.deletedAt)))
        .returning({ id: a.id });
      return rows.length > 0;
    },

    /** Storage keys of the item's live files (to remove them after the item is deleted). */
    async storageKeys(itemId: number) {
      const rows = await db
        .select({ key: a.storageKey })
        .from(a)
        .where(and(eq(item.attachments, itemId), isNull(a.deletedAt)));
      return rows.map((r) => r.key);
    },

    async insertHistory(itemId: number, rows: HistoryInput | HistoryInput[]) {
      const list = Array.isArray(rows) ? rows : [rows];
      if (list.length === 0) return;
      await db.insert(h).values(list.map((r) => ({ ...itemRow(itemId), ...r })));
    },

    /**
     * Newest first, one keyset page: `before` is the id of the last entry shown; the entries
     * after it in (created_at desc, id desc) order are read from the index on
     * (item, created_at, id), so a page costs the same however long the history is. A `before`
     * that is not an entry of this item gives an empty page.
     */
    async history(itemId: number, limit: number, before?: number) {
      return db
        .select({
          id: h.id,
          itemId: item.history,
          action: h.action,
          authorId: h.authorId,
          authorNome: users.nome,
          before: h.before,
          after: h.after,
          texto: h.texto,
          createdAt: h.createdAt,
        })
        .from(h)
        .leftJoin(users, eq(users.id, h.authorId))
        .where(
          and(
            eq(item.history, itemId),
            before
              ? sql`(${h.createdAt}, ${h.id}) < (select b."created_at", b."id" from ${h} b where b."id" = ${before} and b.${sql.identifier(item.history.name)} = ${itemId})`
              : undefined,
          ),
        )
        .orderBy(desc(h.createdAt), desc(h.id))
        .limit(limit);
    },

    /** Every active person, as a UserRef row (to tell who a "@Nome" outside the item is). */
    async activePeople() {
      return db.select(userRefColumns).from(users).where(eq(users.active, true));
    },
  };
}
