import { and, count, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notifications, users } from '../../db/schema/index.ts';

export type NotificationInsert = typeof notifications.$inferInsert;

/** Notifications table access. */
export function createNotificationsRepo(db: DbOrTx) {
  return {
    async insertMany(rows: NotificationInsert[]) {
      if (rows.length === 0) return [];
      return db
        .insert(notifications)
        .values(rows)
        .returning({ id: notifications.id, userId: notifications.userId });
    },
    /**
     * One notification (`row`, its person left out) to each of `userIds` who is active and has
     * not turned its type off (notification_prefs), in one statement: the people told, by id.
     * Reading the preferences and inserting took two round trips per notify().
     */
    async insertForWanted(row: Omit<NotificationInsert, 'userId'>, userIds: number[]) {
      if (userIds.length === 0) return [];
      const ids = `{${userIds.map((id) => Math.trunc(id)).join(',')}}`;
      const { rows } = await db.execute<{ user_id: number }>(sql`
        insert into ${notifications}
          ("user_id", "type", "author_id", "mural_id", "protocol_id", "texto", "custom_text", "link")
        select u."id", ${row.type}::text, ${row.authorId ?? null}::int, ${row.muralId ?? null}::int,
          ${row.protocolId ?? null}::int, ${row.texto ?? null}::text, ${row.customText ?? null}::text,
          ${row.link ?? null}::text
        from ${users} u
        where u."id" = any(${ids}::int[]) and u."active"
          and (u."notification_prefs" -> ${row.type}::text) is distinct from 'false'::jsonb
        order by u."id"
        returning "user_id"`);
      return rows.map((r) => Number(r.user_id));
    },
    async prefsOf(userIds: number[]) {
      if (userIds.length === 0) return [];
      return db
        .select({ id: users.id, prefs: users.notificationPrefs, active: users.active })
        .from(users)
        .where(inArray(users.id, userIds));
    },
    /** Newest first; `before`: only those older than that one of the user's (keyset page). */
    async list(
      userId: number,
      limit: number,
      onlyUnread: boolean,
      before?: number,
      /** Only these (a page's ids) created or read since this ISO instant. */
      changed?: { ids: number[]; since: string },
    ) {
      return db
        .select({
          id: notifications.id,
          read_at: notifications.readAt,
          created_at: notifications.createdAt,
          type: notifications.type,
          mural_id: notifications.muralId,
          protocol_id: notifications.protocolId,
          custom_text: notifications.customText,
          texto: notifications.texto,
          link: notifications.link,
          author_nome: users.nome,
          author_email: users.email,
          author_id: notifications.authorId,
          author_avatar_path: users.avatarPath,
        })
        .from(notifications)
        .leftJoin(users, eq(users.id, notifications.authorId))
        .where(
          and(
            eq(notifications.userId, userId),
            onlyUnread ? isNull(notifications.readAt) : undefined,
            before
              ? sql`(${notifications.createdAt}, ${notifications.id}) < (select b."created_at", b."id" from ${notifications} b where b."id" = ${before} and b."user_id" = ${userId})`
              : undefined,
            changed
              ? and(
                  inArray(notifications.id, changed.ids),
                  or(
                    gt(notifications.createdAt, new Date(changed.since)),
                    gt(notifications.readAt, new Date(changed.since)),
                  ),
                )
              : undefined,
          ),
        )
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit);
    },

    /** Ids of the first page, in its order (a sync's live rows). */
    async pageIds(userId: number, limit: number, onlyUnread: boolean) {
      const rows = await db
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            onlyUnread ? isNull(notifications.readAt) : undefined,
          ),
        )
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },
    async unreadCount(userId: number) {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return row?.n ?? 0;
    },
    /** Marks one read; its read_at, or null when it is not this person's. */
    async markRead(userId: number, id: number) {
      const rows = await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning({ readAt: notifications.readAt });
      return rows[0]?.readAt ?? null;
    },
    /** Marks every unread one read; returns the read_at written. */
    async markAllRead(userId: number) {
      const at = new Date();
      await db
        .update(notifications)
        .set({ readAt: at })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return at;
    },
  };
}
