import { and, desc, eq, gte, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  contracts,
  epiDeliveries,
  requestAttachments,
  requestEvents,
  requests,
  userContracts,
  users,
} from '../../db/schema/index.ts';
import { listSearch } from '../../db/search-match.ts';

export type RequestRow = typeof requests.$inferSelect;
export type RequestInsert = typeof requests.$inferInsert;

const requester = alias(users, 'requester');

/** The most requests a list shows (newest first). */
const LIST_LIMIT = 300;

/** Scope of a list: 'all', or the contracts the user is linked to plus their own requests. */
export type RequestScope = 'all' | { userId: number; contractIds: number[] };

/** Condition on `requests` for a scope (undefined when the user sees them all). */
export function requestScopeSql(scope: RequestScope): SQL | undefined {
  if (scope === 'all') return undefined;
  const parts: SQL[] = [isNull(requests.contractId), eq(requests.requesterId, scope.userId)];
  if (scope.contractIds.length) parts.push(inArray(requests.contractId, scope.contractIds));
  return or(...parts);
}

export interface RequestFilter {
  status?: RequestRow['status'];
  tipo?: RequestRow['tipo'];
  urgencia?: RequestRow['urgencia'];
  contractId?: number;
  requesterId?: number;
  q?: string;
}

/** Requests, their steps and attachments (the only Drizzle code of the requests module). */
export function createRequestsRepo(db: DbOrTx) {
  const select = {
    r: requests,
    requesterNome: sql<string>`coalesce(${requester.nome}, ${requests.solicitanteExterno}, 'Relato público')`,
    contractCodigo: contracts.codigo,
    contractNome: contracts.nome,
    anexos: sql<number>`(select count(*)::int from "request_attachments" ra where ra."request_id" = ${requests.id})`,
  };
  const base = () =>
    db
      .select(select)
      .from(requests)
      .leftJoin(requester, eq(requester.id, requests.requesterId))
      .leftJoin(contracts, eq(contracts.id, requests.contractId));

  const listWhere = (scope: RequestScope, f: RequestFilter) => {
    const where = [...filterSql(f), requestScopeSql(scope)];
    if (f.status) where.push(eq(requests.status, f.status));
    return and(...where);
  };

  const filterSql = (f: RequestFilter): SQL[] => {
    const where: SQL[] = [];
    if (f.tipo) where.push(eq(requests.tipo, f.tipo));
    if (f.urgencia) where.push(eq(requests.urgencia, f.urgencia));
    if (f.contractId) where.push(eq(requests.contractId, f.contractId));
    if (f.requesterId) where.push(eq(requests.requesterId, f.requesterId));
    // The description or the requester's name; "#12" is request 12.
    const text = listSearch(f.q, [requests.searchText, requester.searchText], { id: requests.id });
    if (text) where.push(text);
    return where;
  };

  return {
    async list(scope: RequestScope, f: RequestFilter) {
      return base()
        .where(listWhere(scope, f))
        .orderBy(desc(requests.createdAt), desc(requests.id))
        .limit(LIST_LIMIT);
    },

    /**
     * The list now (its ids, in order) and the rows of it changed at or after `since` (a
     * 'requests.changed' carries the request's `updated_at`).
     */
    async listChangesSince(scope: RequestScope, f: RequestFilter, since: Date) {
      const where = listWhere(scope, f);
      const page = await db
        .select({ id: requests.id })
        .from(requests)
        .leftJoin(requester, eq(requester.id, requests.requesterId))
        .where(where)
        .orderBy(desc(requests.createdAt), desc(requests.id))
        .limit(LIST_LIMIT);
      const ids = page.map((r) => r.id);
      const rows =
        ids.length === 0
          ? []
          : await base()
              .where(and(inArray(requests.id, ids), gte(requests.updatedAt, since)))
              .orderBy(desc(requests.createdAt), desc(requests.id));
      return { ids, rows };
    },

    /** Count per status with the same filters except the status itself (for the tabs). */
    async countByStatus(scope: RequestScope, f: RequestFilter) {
      return db
        .select({ status: requests.status, n: sql<number>`count(*)::int` })
        .from(requests)
        .leftJoin(requester, eq(requester.id, requests.requesterId))
        .where(and(...filterSql(f), requestScopeSql(scope)))
        .groupBy(requests.status);
    },

    async byId(scope: RequestScope, id: number) {
      const [row] = await base()
        .where(and(eq(requests.id, id), requestScopeSql(scope)))
        .limit(1);
      return row;
    },

    async lock(id: number) {
      const [row] = await db.select().from(requests).where(eq(requests.id, id)).for('update');
      return row;
    },

    async insert(v: RequestInsert) {
      const [row] = await db.insert(requests).values(v).returning();
      return row!;
    },

    async setStatus(id: number, status: RequestRow['status']) {
      const [row] = await db
        .update(requests)
        .set({ status, updatedAt: new Date() })
        .where(eq(requests.id, id))
        .returning();
      return row!;
    },

    /** Moves the request's `updated_at` (an attachment shows on its row); answers the row. */
    async touch(id: number) {
      const [row] = await db
        .update(requests)
        .set({ updatedAt: new Date() })
        .where(eq(requests.id, id))
        .returning();
      return row!;
    },

    /**
     * Active people with their role and whether they are linked to `contractId` (who may see a
     * request of it: requests.service audience).
     */
    async people(contractId: number | null) {
      return db
        .select({
          id: users.id,
          role: users.role,
          linked:
            contractId === null
              ? sql<boolean>`true`
              : sql<boolean>`exists (select 1 from ${userContracts} uc where uc.user_id = "users"."id" and uc.contract_id = ${contractId})`,
        })
        .from(users)
        .where(eq(users.active, true));
    },

    /** Item of an EPI delivery (a replacement request's 'epi.changed' names it). */
    async deliveryItem(deliveryId: number) {
      const [row] = await db
        .select({ itemId: epiDeliveries.itemId })
        .from(epiDeliveries)
        .where(eq(epiDeliveries.id, deliveryId))
        .limit(1);
      return row?.itemId;
    },

    async addEvent(v: typeof requestEvents.$inferInsert) {
      await db.insert(requestEvents).values(v);
    },

    async events(requestId: number) {
      return db
        .select({ e: requestEvents, nome: users.nome })
        .from(requestEvents)
        .leftJoin(users, eq(users.id, requestEvents.userId))
        .where(eq(requestEvents.requestId, requestId))
        .orderBy(requestEvents.createdAt, requestEvents.id);
    },

    async attachments(requestId: number) {
      return db
        .select({ a: requestAttachments, nome: users.nome })
        .from(requestAttachments)
        .leftJoin(users, eq(users.id, requestAttachments.uploadedBy))
        .where(eq(requestAttachments.requestId, requestId))
        .orderBy(requestAttachments.createdAt, requestAttachments.id);
    },

    async attachment(requestId: number, id: number) {
      const [row] = await db
        .select()
        .from(requestAttachments)
        .where(and(eq(requestAttachments.id, id), eq(requestAttachments.requestId, requestId)))
        .limit(1);
      return row;
    },

    async addAttachment(v: typeof requestAttachments.$inferInsert) {
      const [row] = await db.insert(requestAttachments).values(v).returning();
      return row!;
    },

    async contract(id: number) {
      const [row] = await db
        .select({ id: contracts.id, codigo: contracts.codigo })
        .from(contracts)
        .where(eq(contracts.id, id))
        .limit(1);
      return row;
    },

    /** Active coordenadores/gerentes who should hear about a new request of a contract. */
    async reviewers(contractId: number | null) {
      const rows = await db
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(
          and(
            eq(users.active, true),
            contractId === null
              ? undefined
              : sql`${users.id} in (select ${userContracts.userId} from ${userContracts} where ${userContracts.contractId} = ${contractId})`,
          ),
        );
      return rows;
    },

    async openForDelivery(deliveryId: number) {
      const [row] = await db
        .select({ id: requests.id })
        .from(requests)
        .where(
          and(
            eq(requests.epiDeliveryId, deliveryId),
            inArray(requests.status, ['aberta', 'em_analise', 'aprovada']),
          ),
        )
        .limit(1);
      return row;
    },
  };
}

export type RequestsRepo = ReturnType<typeof createRequestsRepo>;
export type RequestJoined = NonNullable<Awaited<ReturnType<RequestsRepo['byId']>>>;
