import type { FinanceStatus } from '@eproto/domain';
import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { boards, contracts, muralHistory, murals, users } from '../../db/schema/index.ts';
import { listSearch } from '../../db/search-match.ts';
import { summaryColumns } from '../murals/murals.repo.ts';

export type MuralRow = typeof murals.$inferSelect;
type MuralSet = Partial<typeof murals.$inferInsert>;

// Same alias name as the demands repo, so its summary columns resolve here too.
const resp = alias(users, 'resp');
const sentBy = alias(users, 'fin_sent_by');
const viewedBy = alias(users, 'fin_viewed_by');
const doneBy = alias(users, 'fin_done_by');

const STATE_RANK = sql`case ${murals.financeStatus} when 'enviado' then 1 when 'visualizado' then 2 else 3 end`;

/** The finance list's filters (state, search). */
interface FinanceFilter {
  status?: FinanceStatus[] | undefined;
  q?: string | undefined;
}

const ORDER = [STATE_RANK, sql`${murals.financeSentAt} desc nulls last`, sql`${murals.id} desc`];

const listWhere = (f: FinanceFilter) =>
  and(
    isNotNull(murals.financeStatus),
    f.status?.length ? inArray(murals.financeStatus, f.status) : undefined,
    listSearch(f.q, [murals.searchText], { id: murals.id }),
  );

/** Demands with their finance trail; the only Drizzle code of the finance area. */
export function createFinanceRepo(db: DbOrTx) {
  const count = async (where: SQL | undefined) => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(murals)
      .where(where);
    return row?.n ?? 0;
  };

  const select = (userId: number) =>
    db
      .select({
        ...summaryColumns(userId),
        sentByNome: sentBy.nome,
        viewedByNome: viewedBy.nome,
        doneByNome: doneBy.nome,
        observacao: sql<
          string | null
        >`(select h."texto" from "mural_history" h where h."mural_id" = "murals"."id" and h."action" = 'financeiro_enviado' order by h."created_at" desc, h."id" desc limit 1)`,
      })
      .from(murals)
      .innerJoin(boards, eq(boards.id, murals.boardId))
      .leftJoin(contracts, eq(contracts.id, murals.contractId))
      .leftJoin(resp, eq(resp.id, murals.responsavelId))
      .leftJoin(sentBy, eq(sentBy.id, murals.financeSentBy))
      .leftJoin(viewedBy, eq(viewedBy.id, murals.financeViewedBy))
      .leftJoin(doneBy, eq(doneBy.id, murals.financeDoneBy));

  return {
    async item(id: number, userId: number) {
      const [row] = await select(userId).where(eq(murals.id, id)).limit(1);
      return row ?? null;
    },

    /** A page of demands sent to finance, pending states first, newest sent first. */
    async page(f: FinanceFilter, limit: number, offset: number, userId: number) {
      const where = listWhere(f);
      const rows = await select(userId)
        .where(where)
        .orderBy(...ORDER)
        .limit(limit)
        .offset(offset);
      return { rows, total: await count(where) };
    },

    /**
     * The ids of a page now, in its order, the list's total and the rows of that page whose
     * demand changed (`updated_at` or its last activity) at or after `since`.
     */
    async pageChangesSince(
      f: FinanceFilter,
      limit: number,
      offset: number,
      userId: number,
      since: Date,
    ) {
      const where = listWhere(f);
      const page = await db
        .select({ id: murals.id })
        .from(murals)
        .where(where)
        .orderBy(...ORDER)
        .limit(limit)
        .offset(offset);
      const ids = page.map((r) => r.id);
      const changedSince = sql`greatest(${murals.updatedAt}, ${murals.lastActivityAt}) >= ${since.toISOString()}::timestamptz`;
      const rows =
        ids.length === 0
          ? []
          : await select(userId).where(and(inArray(murals.id, ids), changedSince));
      return { ids, total: await count(where), rows };
    },

    /** Number of demands in each finance state. */
    async counts() {
      return db
        .select({ status: murals.financeStatus, n: sql<number>`count(*)::int` })
        .from(murals)
        .where(isNotNull(murals.financeStatus))
        .groupBy(murals.financeStatus);
    },

    async lock(id: number) {
      const [row] = await db.select().from(murals).where(eq(murals.id, id)).for('update').limit(1);
      return row ?? null;
    },

    async update(id: number, set: MuralSet, userId: number) {
      const now = new Date();
      const [row] = await db
        .update(murals)
        .set({ ...set, updatedAt: now, lastActivityAt: now, lastActivityBy: userId })
        .where(eq(murals.id, id))
        .returning();
      return row!;
    },

    async history(row: typeof muralHistory.$inferInsert) {
      await db.insert(muralHistory).values(row);
    },

    /** Active users with their role title (finance people are picked by the caller). */
    async activeUsers(): Promise<{ id: number; role: string }[]> {
      return db
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(eq(users.active, true));
    },
  };
}
