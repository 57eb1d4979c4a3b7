import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { boardParticipants, boards, contracts, murals, users } from '../../db/schema/index.ts';
import { userRefColumns } from '../access/user-ref.repo.ts';

export type BoardInsert = typeof boards.$inferInsert;

/** WHERE of `list`: the board `id` and/or the boards of `contractId`, within `visible`. */
export function boardsWhere(f: {
  id?: number;
  contractId?: number | undefined;
  visible: SQL | undefined;
}): SQL | undefined {
  const byId = f.id === undefined ? undefined : sql`${boards.id} = ${f.id}`;
  const byContract = f.contractId ? sql`${boards.contractId} = ${f.contractId}` : undefined;
  const parts = [byId, byContract, f.visible].filter((p): p is SQL => p !== undefined);
  return parts.length ? sql.join(parts, sql` and `) : undefined;
}

/** boards and board_participants. */
export function createBoardsRepo(db: DbOrTx) {
  return {
    /** Boards matching `where`, with counters; `visibleMurals` scopes the demand count. */
    async list(where: SQL | undefined, visibleMurals: SQL | undefined) {
      return db
        .select({
          board: boards,
          contractNome: contracts.nome,
          participantes: sql<number>`(select count(*)::int from "board_participants" x where x."board_id" = "boards"."id")`,
          demandas: sql<number>`(select count(*)::int from "murals" sm where sm."board_id" = "boards"."id"${
            visibleMurals ? sql` and ${visibleMurals}` : sql``
          })`,
        })
        .from(boards)
        .leftJoin(contracts, eq(contracts.id, boards.contractId))
        .where(where)
        .orderBy(asc(boards.nome), asc(boards.id));
    },

    async insert(values: BoardInsert) {
      const [row] = await db.insert(boards).values(values).returning();
      return row!;
    },

    async update(id: number, set: Partial<BoardInsert>) {
      await db
        .update(boards)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(boards.id, id));
    },

    async remove(id: number) {
      await db.delete(boards).where(eq(boards.id, id));
    },

    async hasMurals(id: number) {
      const [row] = await db
        .select({ id: murals.id })
        .from(murals)
        .where(eq(murals.boardId, id))
        .limit(1);
      return Boolean(row);
    },

    async participants(boardId: number) {
      return db
        .select({ user: userRefColumns, addedAt: boardParticipants.createdAt })
        .from(boardParticipants)
        .innerJoin(users, eq(users.id, boardParticipants.userId))
        .where(eq(boardParticipants.boardId, boardId))
        .orderBy(asc(users.nome));
    },

    async participantIds(boardId: number) {
      const rows = await db
        .select({ id: boardParticipants.userId })
        .from(boardParticipants)
        .where(eq(boardParticipants.boardId, boardId));
      return rows.map((r) => r.id);
    },

    async addParticipants(boardId: number, userIds: number[], addedBy: number) {
      if (userIds.length === 0) return [];
      return db
        .insert(boardParticipants)
        .values(userIds.map((userId) => ({ boardId, userId, addedBy })))
        .onConflictDoNothing()
        .returning({ userId: boardParticipants.userId });
    },

    async removeParticipant(boardId: number, userId: number) {
      const rows = await db
        .delete(boardParticipants)
        .where(and(eq(boardParticipants.boardId, boardId), eq(boardParticipants.userId, userId)))
        .returning({ userId: boardParticipants.userId });
      return rows.length > 0;
    },

    /** The ids among `ids` that belong to active users. */
    async activeUserIds(ids: number[]) {
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, ids), eq(users.active, true)));
      return rows.map((r) => r.id);
    },
  };
}
