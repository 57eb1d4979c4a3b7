import { and, eq, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { listSearch } from '../../db/search-match.ts';
import { boards, contracts, murals, protocols, users } from '../../db/schema/index.ts';
import { workItemOrder } from '../work-items/work-item-order.repo.ts';

export type ProtocolInsert = typeof protocols.$inferInsert;
export type ProtocolRow = typeof protocols.$inferSelect;

/** Filters of the task list (GET /protocols) the WHERE is built from. */
export interface ProtocolListFilter {
  mural_id?: number | undefined;
  contract_id?: number | undefined;
  responsavel_id?: number | undefined;
  stage?: ProtocolRow['stage'][] | undefined;
  late?: boolean | undefined;
  q?: string | undefined;
}

/** The task list's WHERE: within `scope` (protocolScopeSql), the filters, late on `day`. */
export function protocolListWhere(
  scope: SQL | undefined,
  q: ProtocolListFilter,
  day: string,
): SQL | undefined {
  const filters: (SQL | undefined)[] = [
    scope,
    q.mural_id ? eq(protocols.muralId, q.mural_id) : undefined,
    q.contract_id ? eq(murals.contractId, q.contract_id) : undefined,
    q.responsavel_id ? eq(protocols.responsavelId, q.responsavel_id) : undefined,
    q.stage?.length ? inArray(protocols.stage, q.stage) : undefined,
  ];
  if (q.late === true) {
    filters.push(ne(protocols.stage, 'concluido'), lt(protocols.fimPrevisto, day));
  } else if (q.late === false) {
    filters.push(
      or(
        eq(protocols.stage, 'concluido'),
        sql`${protocols.fimPrevisto} is null`,
        sql`${protocols.fimPrevisto} >= ${day}::date`,
      ),
    );
  }
  // The task's title and description, or its demand's; "#12" is task 12.
  const text = listSearch(q.q, [protocols.searchText, murals.searchText], { id: protocols.id });
  if (text) filters.push(text);
  return and(...filters);
}

/** ORDER BY of the task list for `sort` (work-item-order.repo.ts). */
export const protocolListOrder = (sort: string) => workItemOrder(protocols, sort, 'fim_previsto');

const resp = alias(users, 'resp');
const creator = alias(users, 'creator');
const reviewer = alias(users, 'reviewer');

/** Columns of a listed task: the row plus its demand, board, contract and responsável. */
const summaryColumns = {
  task: protocols,
  muralTitulo: murals.titulo,
  boardId: murals.boardId,
  contractId: murals.contractId,
  contractNome: contracts.nome,
  respNome: resp.nome,
  respAvatarPath: resp.avatarPath,
};

export type ProtocolSummaryRow = {
  task: ProtocolRow;
  muralTitulo: string;
  boardId: number;
  contractId: number | null;
  contractNome: string | null;
  respNome: string | null;
  respAvatarPath: string | null;
};

/** Tasks (protocols): reads with context, writes, and the people who see them. */
export function createProtocolsRepo(db: DbOrTx) {
  const base = () =>
    db
      .select(summaryColumns)
      .from(protocols)
      .innerJoin(murals, eq(murals.id, protocols.muralId))
      .innerJoin(boards, eq(boards.id, murals.boardId))
      .leftJoin(contracts, eq(contracts.id, murals.contractId))
      .leftJoin(resp, eq(resp.id, protocols.responsavelId));

  return {
    /** One page of tasks matching `where` and the total. */
    async page(where: SQL | undefined, order: SQL[], limit: number, offset: number) {
      const rows = await base()
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(protocols)
        .innerJoin(murals, eq(murals.id, protocols.muralId))
        .where(where);
      return { rows, total: count?.n ?? 0 };
    },

    /**
     * One page of the task list changed since a moment (GET /protocols/changes): the page's
     * ids in order, the total (counted only when the page does not show it), and the page's
     * tasks whose row or demand changed at or after `since`.
     */
    async pageChangesSince(
      where: SQL | undefined,
      order: SQL[],
      limit: number,
      offset: number,
      since: Date,
    ) {
      const page = await db
        .select({ id: protocols.id })
        .from(protocols)
        .innerJoin(murals, eq(murals.id, protocols.muralId))
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
      const ids = page.map((r) => r.id);
      let total = offset + ids.length;
      if (ids.length === 0 ? offset > 0 : ids.length === limit) {
        const [count] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(protocols)
          .innerJoin(murals, eq(murals.id, protocols.muralId))
          .where(where);
        total = count?.n ?? 0;
      }
      const rows =
        ids.length === 0
          ? []
          : await base().where(
              and(
                where,
                inArray(protocols.id, ids),
                sql`greatest(${protocols.updatedAt}, ${murals.updatedAt}) >= ${since.toISOString()}::timestamptz`,
              ),
            );
      return { ids, total, rows };
    },

    /** The oldest updated_at of these tasks (the `version` of their push event); null if gone. */
    async oldestVersion(ids: number[]) {
      if (ids.length === 0) return null;
      const [row] = await db
        .select({ at: sql<string | null>`min(${protocols.updatedAt})` })
        .from(protocols)
        .where(inArray(protocols.id, ids));
      return row?.at ? new Date(row.at) : null;
    },

    async detail(id: number) {
      const [row] = await db
        .select({
          ...summaryColumns,
          createdByNome: creator.nome,
          reviewedByNome: reviewer.nome,
        })
        .from(protocols)
        .innerJoin(murals, eq(murals.id, protocols.muralId))
        .innerJoin(boards, eq(boards.id, murals.boardId))
        .leftJoin(contracts, eq(contracts.id, murals.contractId))
        .leftJoin(resp, eq(resp.id, protocols.responsavelId))
        .leftJoin(creator, eq(creator.id, protocols.createdBy))
        .leftJoin(reviewer, eq(reviewer.id, protocols.reviewedBy))
        .where(eq(protocols.id, id))
        .limit(1);
      return row ?? null;
    },

    async byId(id: number) {
      const [row] = await db.select().from(protocols).where(eq(protocols.id, id)).limit(1);
      return row ?? null;
    },

    /** Locks the row for a read-modify-write inside a transaction. */
    async lock(id: number) {
      const [row] = await db
        .select()
        .from(protocols)
        .where(eq(protocols.id, id))
        .for('update')
        .limit(1);
      return row ?? null;
    },

    /** Locks several rows in id order (no deadlock between two cascades). */
    async lockMany(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(protocols)
        .where(inArray(protocols.id, ids))
        .orderBy(protocols.id)
        .for('update');
    },

    async insert(values: ProtocolInsert) {
      const [row] = await db.insert(protocols).values(values).returning();
      return row!;
    },

    async update(id: number, set: Partial<ProtocolInsert>) {
      const [row] = await db
        .update(protocols)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(protocols.id, id))
        .returning();
      return row!;
    },

    async remove(id: number) {
      const rows = await db
        .delete(protocols)
        .where(eq(protocols.id, id))
        .returning({ id: protocols.id });
      return rows.length > 0;
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
  };
}
