import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  boards,
  contracts,
  muralHistory,
  muralViews,
  murals,
  users,
} from '../../db/schema/index.ts';

export type MuralInsert = typeof murals.$inferInsert;
export type MuralRow = typeof murals.$inferSelect;
export type HistoryInsert = typeof muralHistory.$inferInsert;

const resp = alias(users, 'resp');
const author = alias(users, 'author');

/** Columns of a listed demand (summary, kanban, detail). */
export function summaryColumns(userId: number) {
  return {
    mural: murals,
    boardNome: boards.nome,
    contractNome: contracts.nome,
    respNome: resp.nome,
    respAvatar: resp.avatarPath,
    viewedAt:
      sql<Date | null>`(select v."viewed_at" from "mural_views" v where v."mural_id" = "murals"."id" and v."user_id" = ${userId})`.mapWith(
        (v: string | Date | null) => (v === null ? null : new Date(v)),
      ),
  };
}

/** Demands and their history rows. */
export function createMuralsRepo(db: DbOrTx) {
  const base = (userId: number) =>
    db
      .select(summaryColumns(userId))
      .from(murals)
      .innerJoin(boards, eq(boards.id, murals.boardId))
      .leftJoin(contracts, eq(contracts.id, murals.contractId))
      .leftJoin(resp, eq(resp.id, murals.responsavelId));

  return {
    async insert(values: MuralInsert) {
      const [row] = await db.insert(murals).values(values).returning();
      return row!;
    },

    async byId(id: number) {
      const [row] = await db.select().from(murals).where(eq(murals.id, id)).limit(1);
      return row ?? null;
    },

    /** Locks the row for a read-modify-write inside a transaction. */
    async lock(id: number) {
      const [row] = await db.select().from(murals).where(eq(murals.id, id)).for('update').limit(1);
      return row ?? null;
    },

    async update(id: number, set: Partial<MuralInsert>, userId: number) {
      const now = new Date();
      const [row] = await db
        .update(murals)
        .set({ ...set, updatedAt: now, lastActivityAt: now, lastActivityBy: userId })
        .where(eq(murals.id, id))
        .returning();
      return row!;
    },

    /** Marks activity by someone (message, file, participant) without touching updated_at. */
    async touch(id: number, userId: number) {
      await db
        .update(murals)
        .set({ lastActivityAt: new Date(), lastActivityBy: userId })
        .where(eq(murals.id, id));
    },

    async detail(id: number, userId: number) {
      const creator = alias(users, 'creator');
      const [row] = await db
        .select({ ...summaryColumns(userId), createdByNome: creator.nome })
        .from(murals)
        .innerJoin(boards, eq(boards.id, murals.boardId))
        .leftJoin(contracts, eq(contracts.id, murals.contractId))
        .leftJoin(resp, eq(resp.id, murals.responsavelId))
        .leftJoin(creator, eq(creator.id, murals.createdBy))
        .where(eq(murals.id, id))
        .limit(1);
      return row ?? null;
    },

    /** One page of demands and the total matching `where`. */
    async page(
      where: SQL | undefined,
      order: SQL[],
      limit: number,
      offset: number,
      userId: number,
    ) {
      const rows = await base(userId)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(murals)
        .where(where);
      return { rows, total: count?.n ?? 0 };
    },

    /** Counters of the demands among `ids` that match `scope`. */
    async counts(ids: number[], scope: SQL | undefined, userId: number) {
      return db
        .select({
          id: murals.id,
          lastActivityAt: murals.lastActivityAt,
          lastActivityBy: murals.lastActivityBy,
          viewedAt: muralViews.viewedAt,
          tasks: sql<number>`(select count(*)::int from "protocols" p where p."mural_id" = "murals"."id")`,
          messages: sql<number>`(select count(*)::int from "mural_messages" mm where mm."mural_id" = "murals"."id")`,
          attachments: sql<number>`(select count(*)::int from "mural_attachments" ma where ma."mural_id" = "murals"."id" and ma."deleted_at" is null)`,
          unreadMessages: sql<number>`(select count(*)::int from "mural_messages" mm where mm."mural_id" = "murals"."id" and mm."author_id" is distinct from ${userId} and ("mural_views"."viewed_at" is null or mm."created_at" > "mural_views"."viewed_at"))`,
        })
        .from(murals)
        .leftJoin(muralViews, and(eq(muralViews.muralId, murals.id), eq(muralViews.userId, userId)))
        .where(and(inArray(murals.id, ids), scope));
    },

    async insertHistory(row: HistoryInsert) {
      await db.insert(muralHistory).values(row);
    },

    async history(muralId: number) {
      return db
        .select({
          id: muralHistory.id,
          muralId: muralHistory.muralId,
          action: muralHistory.action,
          authorId: muralHistory.authorId,
          authorNome: author.nome,
          before: muralHistory.before,
          after: muralHistory.after,
          texto: muralHistory.texto,
          createdAt: muralHistory.createdAt,
        })
        .from(muralHistory)
        .leftJoin(author, eq(author.id, muralHistory.authorId))
        .where(eq(muralHistory.muralId, muralId))
        .orderBy(sql`${muralHistory.createdAt} desc, ${muralHistory.id} desc`)
        .limit(500);
    },

    async markViewed(muralId: number, userId: number) {
      const now = new Date();
      await db
        .insert(muralViews)
        .values({ muralId, userId, viewedAt: now })
        .onConflictDoUpdate({
          target: [muralViews.userId, muralViews.muralId],
          set: { viewedAt: now },
        });
      return now;
    },

    /** Active users among `ids`. */
    async activeUserIds(ids: number[]) {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, ids), eq(users.active, true)));
      return rows.map((r) => r.id);
    },

    /**
     * Everyone who may see a demand except all-seeing roles' filter (done by the caller): active
     * users with their role and whether they are linked to it in any way.
     */
    async audience(muralId: number) {
      return db.execute<{ id: number; role: string; linked: boolean }>(sql`
        select u."id", u."role",
          (u."id" = m."responsavel_id" or u."id" = m."created_by"
            or u."id" in (select "user_id" from "mural_participants" where "mural_id" = m."id")
            or u."id" in (select "user_id" from "board_participants" where "board_id" = m."board_id")
            or u."id" in (select "user_id" from "user_contracts" where "contract_id" = m."contract_id")
            or u."id" in (select "responsavel_id" from "protocols" where "mural_id" = m."id")) as "linked"
        from "users" u cross join (select * from "murals" where "id" = ${muralId}) m
        where u."active"`);
    },
  };
}
