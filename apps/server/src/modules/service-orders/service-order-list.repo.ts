import { OS_FINAL_STATUSES, type OsStatus } from '@eproto/domain';
import { and, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { serviceOrders } from '../../db/schema/index.ts';
import { listSearch } from '../../db/search-match.ts';

/**
 * OSs `userId` sees: the ones they are on now, or also those of `contractIds` (a gestor's
 * contracts; 'all' for every OS, so no condition).
 */
export function osVisibleWhere(
  userId: number,
  contractIds: number[] | 'all' | null,
): SQL | undefined {
  const team = sql`${serviceOrders.id} in (select p."service_order_id" from "service_order_people" p where p."user_id" = ${userId} and p."saiu_em" is null)`;
  if (contractIds === null) return team;
  if (contractIds === 'all') return undefined;
  if (contractIds.length === 0) return team;
  return sql`(${team} or ${serviceOrders.contractId} in (${sql.join(
    contractIds.map((i) => sql`${i}`),
    sql`, `,
  )}))`;
}

/** Filters of the OS list and export (status apart: the counts ignore it). */
export interface OsListFilter {
  contract_id?: number | undefined;
  service_type_id?: number | undefined;
  pessoa_id?: number | undefined;
  /** Planned start from this instant (the company's start of `de`). */
  from?: Date | undefined;
  /** Planned start before this instant (the company's start of the day after `ate`). */
  until?: Date | undefined;
  q?: string | undefined;
  atrasadas?: 'true' | 'false' | undefined;
  abertas?: 'true' | 'false' | undefined;
}

/**
 * The list's WHERE within `visible` (osVisibleWhere) without the status (`base`), and `base`
 * of the late ones only (not finished, planned end passed) for their count.
 */
export function osListWhere(visible: SQL | undefined, q: OsListFilter) {
  const where: (SQL | undefined)[] = [visible];
  if (q.contract_id) where.push(eq(serviceOrders.contractId, q.contract_id));
  if (q.service_type_id) where.push(eq(serviceOrders.serviceTypeId, q.service_type_id));
  if (q.pessoa_id) {
    where.push(
      sql`${serviceOrders.id} in (select p."service_order_id" from "service_order_people" p where p."user_id" = ${q.pessoa_id} and p."saiu_em" is null)`,
    );
  }
  if (q.from) where.push(sql`${serviceOrders.previstoInicio} >= ${q.from}`);
  if (q.until) where.push(sql`${serviceOrders.previstoInicio} < ${q.until}`);
  // Code, place and description of the OS.
  where.push(listSearch(q.q, [serviceOrders.searchText]));
  const late = sql`(${serviceOrders.status} not in ('concluida', 'cancelada') and ${serviceOrders.previstoFim} < now())`;
  if (q.atrasadas === 'true') where.push(late);
  if (q.abertas === 'true') where.push(notInArray(serviceOrders.status, [...OS_FINAL_STATUSES]));
  const base = and(...where);
  return { base, late: and(base, late) };
}

/** `base` of one status (or any). */
export function osOfStatus(base: SQL | undefined, status: OsStatus | undefined) {
  return and(base, status ? eq(serviceOrders.status, status) : undefined);
}

/**
 * The OSs `ids` whose summary may differ from what was answered at `since`: the row, its team,
 * or its planned end passed; an OS under way changes without a write to its row (hours with
 * the clock, materials), so it is always sent again while so.
 */
export function osChangedSince(ids: number[], since: string): SQL | undefined {
  const at = new Date(since).toISOString();
  return and(
    inArray(serviceOrders.id, ids),
    sql`(${serviceOrders.updatedAt} > ${at}::timestamptz or ${serviceOrders.status} in ('em_deslocamento', 'em_execucao', 'pausada') or (${serviceOrders.previstoFim} > ${at}::timestamptz and ${serviceOrders.previstoFim} <= now()) or exists (select 1 from "service_order_people" p where p."service_order_id" = ${serviceOrders.id} and (p."entrou_em" > ${at}::timestamptz or p."saiu_em" > ${at}::timestamptz)))`,
  );
}
