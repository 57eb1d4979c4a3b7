import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
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

/** The review queue: reads over tasks, their demand and contract. */
export function createReviewsRepo(db: DbOrTx) {
  return {
    async page(where: SQL | undefined, limit: number, offset: number) {
      const rows = await db
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
        .leftJoin(users, eq(users.id, protocols.responsavelId))
        .where(where)
        .orderBy(asc(protocols.reviewRequestedAt), asc(protocols.id))
        .limit(limit)
        .offset(offset);
      return rows;
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
