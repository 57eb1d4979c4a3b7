import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contracts, murals, protocols, users } from '../../db/schema/index.ts';
import { userRefColumns } from '../access/user-ref.repo.ts';

/** Pending review condition (task in em_revisao waiting for a decision). */
const PENDING = and(eq(protocols.stage, 'em_revisao'), eq(protocols.reviewStatus, 'pendente'));

/**
 * WHERE of the queue: tasks of a review status ('pendente': waiting in em_revisao) within
 * `scope` (the task scope SQL), of one contract's demands when `contractId`.
 */
export function reviewsWhere(
  status: NonNullable<(typeof protocols.$inferSelect)['reviewStatus']>,
  scope: SQL | undefined,
  contractId: number | undefined,
): SQL | undefined {
  const byStatus = status === 'pendente' ? PENDING : eq(protocols.reviewStatus, status);
  return and(byStatus, scope, contractId ? eq(murals.contractId, contractId) : undefined);
}

const ORDER = [asc(protocols.reviewRequestedAt), asc(protocols.id)];

/** The review queue: reads over tasks, their demand and contract. */
export function createReviewsRepo(db: DbOrTx) {
  const select = () =>
    db
      .select({
        task: {
          id: protocols.id,
          titulo: protocols.titulo,
          prioridade: protocols.prioridade,
          muralId: protocols.muralId,
          inicioPrevisto: protocols.inicioPrevisto,
          fimPrevisto: protocols.fimPrevisto,
          reviewRequestedAt: protocols.reviewRequestedAt,
          updatedAt: protocols.updatedAt,
        },
        muralTitulo: murals.titulo,
        contractId: murals.contractId,
        contractNome: contracts.nome,
        resp: userRefColumns,
      })
      .from(protocols)
      .innerJoin(murals, eq(murals.id, protocols.muralId))
      .leftJoin(contracts, eq(contracts.id, murals.contractId))
      .leftJoin(users, eq(users.id, protocols.responsavelId));

  return {
    async page(where: SQL | undefined, limit: number, offset: number) {
      return select()
        .where(where)
        .orderBy(...ORDER)
        .limit(limit)
        .offset(offset);
    },

    /**
     * The ids of a page now, in its order, and the rows of that page whose task or demand (its
     * title shows on the row) changed at or after `since`.
     */
    async pageChangesSince(where: SQL | undefined, limit: number, offset: number, since: Date) {
      const page = await db
        .select({ id: protocols.id })
        .from(protocols)
        .innerJoin(murals, eq(murals.id, protocols.muralId))
        .where(where)
        .orderBy(...ORDER)
        .limit(limit)
        .offset(offset);
      const ids = page.map((r) => r.id);
      const changed = sql`greatest(${protocols.updatedAt}, ${murals.updatedAt}) >= ${since.toISOString()}::timestamptz`;
      const rows =
        ids.length === 0
          ? []
          : await select().where(and(where, inArray(protocols.id, ids), changed));
      return { ids, rows };
    },

    async count(where: SQL | undefined) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(protocols)
        .innerJoin(murals, eq(murals.id, protocols.muralId))
        .where(where);
      return row?.n ?? 0;
    },

    /** Demands with pending reviews and how many. */
    async murals(where: SQL | undefined) {
      return db
        .select({
          muralId: murals.id,
          titulo: murals.titulo,
          contractId: murals.contractId,
          contractNome: contracts.nome,
          pending: sql<number>`count(*)::int`,
        })
        .from(protocols)
        .innerJoin(murals, eq(murals.id, protocols.muralId))
        .leftJoin(contracts, eq(contracts.id, murals.contractId))
        .where(where)
        .groupBy(murals.id, contracts.nome)
        .orderBy(sql`count(*) desc`, asc(murals.titulo));
    },
  };
}
