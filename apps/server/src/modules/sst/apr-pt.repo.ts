import {
  type AprStatus,
  can,
  type Permission,
  type PtStatus,
  type PtType,
  roleOf,
} from '@eproto/domain';
import { and, asc, count, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  agendaEntries,
  agendaEntryPeople,
  contracts,
  epiDeliveries,
  epiItems,
  serviceOrderPeople,
  serviceOrders,
  serviceTypes,
  sstAprEpis,
  sstAprPeople,
  sstAprs,
  sstPtEvents,
  sstPtPeople,
  sstPts,
  sstServiceTypePts,
  users,
} from '../../db/schema/index.ts';
import { listSearch } from '../../db/search-match.ts';

export type AprRow = typeof sstAprs.$inferSelect;
export type PtRow = typeof sstPts.$inferSelect;

/**
 * Who may see an APR/PT: 'all' (diretoria and who sees every contract), or the ones the person
 * is responsible for or on the team of, plus (gestores) those whose OS or agenda entry belongs
 * to one of their contracts.
 */
export type AprPtScope = 'all' | { userId: number; contractIds: number[] };

/** Drizzle access of APRs, PTs, their teams and events, and the PT flag of service types. */
export function createAprPtRepo(db: DbOrTx) {
  /** The APR in `alias` hangs on an OS or agenda entry of one of the contracts. */
  const aprInContracts = (alias: SQL, ids: number[]): SQL => {
    const list = sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    );
    return sql`(exists (select 1 from ${serviceOrders} so where so.id = ${alias}.service_order_id and so.contract_id in (${list}))
      or exists (select 1 from ${agendaEntries} ae where ae.id = ${alias}.agenda_entry_id and ae.contract_id in (${list})))`;
  };
  const aprVisible = (scope: AprPtScope): SQL | undefined =>
    scope === 'all'
      ? undefined
      : or(
          eq(sstAprs.responsavelId, scope.userId),
          sql`exists (select 1 from ${sstAprPeople} p where p.apr_id = ${sstAprs.id} and p.user_id = ${scope.userId})`,
          scope.contractIds.length > 0
            ? aprInContracts(sql.raw('"sst_aprs"'), scope.contractIds)
            : undefined,
        );
  const ptVisible = (scope: AprPtScope): SQL | undefined =>
    scope === 'all'
      ? undefined
      : or(
          eq(sstPts.responsavelId, scope.userId),
          sql`exists (select 1 from ${sstPtPeople} p where p.pt_id = ${sstPts.id} and p.user_id = ${scope.userId})`,
          scope.contractIds.length > 0
            ? sql`exists (select 1 from ${sstAprs} a where a.id = ${sstPts.aprId} and ${aprInContracts(sql.raw('a'), scope.contractIds)})`
            : undefined,
        );

  return {
    // ------------------------------------------------------------ links

    async serviceOrder(id: number) {
      const [row] = await db
        .select({
          id: serviceOrders.id,
          codigo: serviceOrders.codigo,
          local: serviceOrders.local,
          previstoInicio: serviceOrders.previstoInicio,
          previstoFim: serviceOrders.previstoFim,
          status: serviceOrders.status,
          serviceTypeId: serviceOrders.serviceTypeId,
          contractId: serviceOrders.contractId,
        })
        .from(serviceOrders)
        .where(eq(serviceOrders.id, id));
      return row ?? null;
    },

    async osTeam(osId: number) {
      const rows = await db
        .select({ id: serviceOrderPeople.userId })
        .from(serviceOrderPeople)
        .where(and(eq(serviceOrderPeople.serviceOrderId, osId), isNull(serviceOrderPeople.saiuEm)));
      return rows.map((r) => r.id);
    },

    async agendaEntry(id: number) {
      const [row] = await db
        .select({
          id: agendaEntries.id,
          descricao: agendaEntries.descricao,
          local: agendaEntries.local,
          inicio: agendaEntries.inicio,
          fim: agendaEntries.fim,
          contractId: agendaEntries.contractId,
        })
        .from(agendaEntries)
        .where(eq(agendaEntries.id, id));
      return row ?? null;
    },

    async entryTeam(entryId: number) {
      const rows = await db
        .select({ id: agendaEntryPeople.userId })
        .from(agendaEntryPeople)
        .where(eq(agendaEntryPeople.entryId, entryId));
      return rows.map((r) => r.id);
    },

    async activePeople(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: users.id, nome: users.nome })
        .from(users)
        .where(and(inArray(users.id, ids), eq(users.active, true)));
    },

    /** Active people whose role (normalised) holds `permission`. */
    async activeWith(permission: Permission) {
      const rows = await db
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(eq(users.active, true));
      return rows.filter((r) => can(roleOf(r.role), permission)).map((r) => r.id);
    },

    async names(ids: number[]) {
      if (ids.length === 0) return new Map<number, string>();
      const rows = await db
        .select({ id: users.id, nome: users.nome })
        .from(users)
        .where(inArray(users.id, [...new Set(ids)]));
      return new Map(rows.map((r) => [r.id, r.nome]));
    },

    async epiItems(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(epiItems)
        .where(inArray(epiItems.id, ids))
        .orderBy(asc(epiItems.nome));
    },

    /** Names (lower-case) of EPI items each person holds now (delivered, not returned). */
    async heldEpiNames(userIds: number[]) {
      if (userIds.length === 0) return [];
      return db
        .selectDistinct({
          userId: epiDeliveries.colaboradorId,
          nome: sql<string>`lower(${epiItems.nome})`,
        })
        .from(epiDeliveries)
        .innerJoin(epiItems, eq(epiItems.id, epiDeliveries.itemId))
        .where(
          and(inArray(epiDeliveries.colaboradorId, userIds), isNull(epiDeliveries.devolucaoData)),
        );
    },

    // ------------------------------------------------------------ APR

    async aprList(
      scope: AprPtScope,
      q: { status?: AprStatus; osId?: number; busca: string | null; page: number; perPage: number },
    ) {
      const where = and(
        aprVisible(scope),
        q.status ? eq(sstAprs.status, q.status) : undefined,
        q.osId ? eq(sstAprs.serviceOrderId, q.osId) : undefined,
        listSearch(q.busca ?? undefined, [sstAprs.searchText]),
      );
      const [total] = await db.select({ n: count() }).from(sstAprs).where(where);
      const rows = await db
        .select()
        .from(sstAprs)
        .where(where)
        .orderBy(desc(sstAprs.createdAt), desc(sstAprs.id))
        .limit(q.perPage)
        .offset((q.page - 1) * q.perPage);
      return { rows, total: total?.n ?? 0 };
    },

    async apr(id: number, scope: AprPtScope = 'all') {
      const [row] = await db
        .select()
        .from(sstAprs)
        .where(and(eq(sstAprs.id, id), aprVisible(scope)));
      return row ?? null;
    },

    async lockApr(id: number) {
      const [row] = await db.select().from(sstAprs).where(eq(sstAprs.id, id)).for('update');
      return row ?? null;
    },

    async insertApr(v: typeof sstAprs.$inferInsert) {
      const [row] = await db.insert(sstAprs).values(v).returning();
      return row!;
    },

    async updateApr(id: number, v: Partial<typeof sstAprs.$inferInsert>) {
      await db
        .update(sstAprs)
        .set({ ...v, updatedAt: new Date() })
        .where(eq(sstAprs.id, id));
    },

    async setAprEpis(aprId: number, itemIds: number[]) {
      await db.delete(sstAprEpis).where(eq(sstAprEpis.aprId, aprId));
      if (itemIds.length)
        await db.insert(sstAprEpis).values(itemIds.map((epiItemId) => ({ aprId, epiItemId })));
    },

    async setAprPeople(aprId: number, userIds: number[]) {
      await db.delete(sstAprPeople).where(eq(sstAprPeople.aprId, aprId));
      if (userIds.length)
        await db.insert(sstAprPeople).values(userIds.map((userId) => ({ aprId, userId })));
    },

    async aprEpiIds(aprIds: number[]) {
      if (aprIds.length === 0) return [];
      return db.select().from(sstAprEpis).where(inArray(sstAprEpis.aprId, aprIds));
    },

    async aprPeople(aprIds: number[]) {
      if (aprIds.length === 0) return [];
      return db
        .select({ p: sstAprPeople, nome: users.nome })
        .from(sstAprPeople)
        .innerJoin(users, eq(users.id, sstAprPeople.userId))
        .where(inArray(sstAprPeople.aprId, aprIds))
        .orderBy(asc(users.nome));
    },

    /** Records one person's signature; false when they had already signed (or are not on it). */
    async sign(
      aprId: number,
      userId: number,
      v: {
        assinadoEm: Date;
        dispositivo: string | null;
        latitude: number | null;
        longitude: number | null;
        precisaoM: number | null;
      },
    ) {
      const rows = await db
        .update(sstAprPeople)
        .set(v)
        .where(
          and(
            eq(sstAprPeople.aprId, aprId),
            eq(sstAprPeople.userId, userId),
            isNull(sstAprPeople.assinadoEm),
          ),
        )
        .returning({ userId: sstAprPeople.userId });
      return rows.length === 1;
    },

    async unsignedCount(aprId: number) {
      const [row] = await db
        .select({ n: count() })
        .from(sstAprPeople)
        .where(and(eq(sstAprPeople.aprId, aprId), isNull(sstAprPeople.assinadoEm)));
      return row?.n ?? 0;
    },

    // ------------------------------------------------------------ PT

    async ptList(
      scope: AprPtScope,
      q: {
        status?: PtStatus;
        tipo?: PtType;
        osId?: number;
        busca: string | null;
        page: number;
        perPage: number;
      },
    ) {
      // Activity and place of the PT's APR.
      const aprText = listSearch(q.busca ?? undefined, [sstAprs.searchText]);
      const where = and(
        ptVisible(scope),
        q.status ? eq(sstPts.status, q.status) : undefined,
        q.tipo ? eq(sstPts.tipo, q.tipo) : undefined,
        q.osId ? eq(sstPts.serviceOrderId, q.osId) : undefined,
        aprText
          ? sql`${sstPts.aprId} in (select ${sstAprs.id} from ${sstAprs} where ${aprText})`
          : undefined,
      );
      const [total] = await db.select({ n: count() }).from(sstPts).where(where);
      const rows = await db
        .select()
        .from(sstPts)
        .where(where)
        .orderBy(desc(sstPts.inicio), desc(sstPts.id))
        .limit(q.perPage)
        .offset((q.page - 1) * q.perPage);
      return { rows, total: total?.n ?? 0 };
    },

    async pt(id: number, scope: AprPtScope = 'all') {
      const [row] = await db
        .select()
        .from(sstPts)
        .where(and(eq(sstPts.id, id), ptVisible(scope)));
      return row ?? null;
    },

    async lockPt(id: number) {
      const [row] = await db.select().from(sstPts).where(eq(sstPts.id, id)).for('update');
      return row ?? null;
    },

    async insertPt(v: typeof sstPts.$inferInsert) {
      const [row] = await db.insert(sstPts).values(v).returning();
      return row!;
    },

    async updatePt(id: number, v: Partial<typeof sstPts.$inferInsert>) {
      await db
        .update(sstPts)
        .set({ ...v, updatedAt: new Date() })
        .where(eq(sstPts.id, id));
    },

    async setPtPeople(ptId: number, userIds: number[]) {
      await db.delete(sstPtPeople).where(eq(sstPtPeople.ptId, ptId));
      if (userIds.length)
        await db.insert(sstPtPeople).values(userIds.map((userId) => ({ ptId, userId })));
    },

    async ptPeople(ptIds: number[]) {
      if (ptIds.length === 0) return [];
      return db
        .select({ ptId: sstPtPeople.ptId, id: users.id, nome: users.nome })
        .from(sstPtPeople)
        .innerJoin(users, eq(users.id, sstPtPeople.userId))
        .where(inArray(sstPtPeople.ptId, ptIds))
        .orderBy(asc(users.nome));
    },

    async addPtEvent(v: typeof sstPtEvents.$inferInsert) {
      await db.insert(sstPtEvents).values(v);
    },

    async ptEvents(ptId: number) {
      return db
        .select()
        .from(sstPtEvents)
        .where(eq(sstPtEvents.ptId, ptId))
        .orderBy(asc(sstPtEvents.id));
    },

    async aprsById(ids: number[]) {
      if (ids.length === 0) return [];
      return db.select().from(sstAprs).where(inArray(sstAprs.id, ids));
    },

    async osCodes(ids: number[]) {
      const list = [...new Set(ids)];
      if (list.length === 0) return new Map<number, string>();
      const rows = await db
        .select({ id: serviceOrders.id, codigo: serviceOrders.codigo })
        .from(serviceOrders)
        .where(inArray(serviceOrders.id, list));
      return new Map(rows.map((r) => [r.id, r.codigo]));
    },

    /** The OSs of APRs in a list: code, site, planned period and the contract's customer. */
    async osLinks(ids: number[]) {
      const list = [...new Set(ids)];
      if (list.length === 0) return [];
      return db
        .select({
          id: serviceOrders.id,
          codigo: serviceOrders.codigo,
          local: serviceOrders.local,
          inicio: serviceOrders.previstoInicio,
          fim: serviceOrders.previstoFim,
          cliente: contracts.cliente,
        })
        .from(serviceOrders)
        .innerJoin(contracts, eq(contracts.id, serviceOrders.contractId))
        .where(inArray(serviceOrders.id, list));
    },

    /** The agenda entries of APRs in a list: title, place, period and the contract's customer. */
    async entryLinks(ids: number[]) {
      const list = [...new Set(ids)];
      if (list.length === 0) return [];
      return db
        .select({
          id: agendaEntries.id,
          titulo: agendaEntries.descricao,
          local: agendaEntries.local,
          inicio: agendaEntries.inicio,
          fim: agendaEntries.fim,
          cliente: contracts.cliente,
        })
        .from(agendaEntries)
        .leftJoin(contracts, eq(contracts.id, agendaEntries.contractId))
        .where(inArray(agendaEntries.id, list));
    },

    /** PTs of an OS of one kind (the check-in gate reads them). */
    async ptsOfOs(osId: number, tipo: PtType) {
      return db
        .select()
        .from(sstPts)
        .where(and(eq(sstPts.serviceOrderId, osId), eq(sstPts.tipo, tipo)))
        .orderBy(desc(sstPts.inicio));
    },

    /**
     * Moves every open PT whose shift ended to expirada, with its event (run inside a
     * transaction; rows another node is expiring are skipped). Returns what it expired.
     */
    async expireEnded(now: Date) {
      const rows = await db
        .select({ id: sstPts.id, status: sstPts.status })
        .from(sstPts)
        .where(and(inArray(sstPts.status, ['emitida', 'aprovada']), lt(sstPts.fim, now)))
        .for('update', { skipLocked: true });
      if (rows.length === 0) return [];
      const ids = rows.map((r) => r.id);
      await db
        .update(sstPts)
        .set({ status: 'expirada', updatedAt: now })
        .where(inArray(sstPts.id, ids));
      await db.insert(sstPtEvents).values(
        rows.map((r) => ({
          ptId: r.id,
          fromStatus: r.status,
          toStatus: 'expirada' as const,
          userId: null,
          comentario: 'Turno encerrado sem o encerramento da PT.',
          createdAt: now,
        })),
      );
      return rows;
    },

    // ------------------------------------------------------------ service types

    async serviceTypePts() {
      return db
        .select({ id: serviceTypes.id, nome: serviceTypes.nome, tipo: sstServiceTypePts.tipo })
        .from(serviceTypes)
        .leftJoin(sstServiceTypePts, eq(sstServiceTypePts.serviceTypeId, serviceTypes.id))
        .where(eq(serviceTypes.ativo, true))
        .orderBy(asc(serviceTypes.nome));
    },

    async serviceTypeExists(id: number) {
      const [row] = await db
        .select({ id: serviceTypes.id })
        .from(serviceTypes)
        .where(eq(serviceTypes.id, id));
      return Boolean(row);
    },

    async requiredPt(serviceTypeId: number): Promise<PtType | null> {
      const [row] = await db
        .select({ tipo: sstServiceTypePts.tipo })
        .from(sstServiceTypePts)
        .where(eq(sstServiceTypePts.serviceTypeId, serviceTypeId));
      return row?.tipo ?? null;
    },

    async setRequiredPt(serviceTypeId: number, tipo: PtType | null) {
      if (tipo === null) {
        await db
          .delete(sstServiceTypePts)
          .where(eq(sstServiceTypePts.serviceTypeId, serviceTypeId));
        return;
      }
      await db
        .insert(sstServiceTypePts)
        .values({ serviceTypeId, tipo })
        .onConflictDoUpdate({ target: sstServiceTypePts.serviceTypeId, set: { tipo } });
    },
  };
}
