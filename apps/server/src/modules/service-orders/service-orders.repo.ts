import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  contracts,
  inventoryItems,
  murals,
  serviceOrderAddenda,
  serviceOrderAnswers,
  serviceOrderCounters,
  serviceOrderEvents,
  serviceOrderMaterials,
  serviceOrderPeople,
  serviceOrderPhotos,
  serviceOrders,
  serviceTypes,
  userContracts,
  users,
  vehicles,
} from '../../db/schema/index.ts';

export type OsRow = typeof serviceOrders.$inferSelect;
export type OsInsert = typeof serviceOrders.$inferInsert;
export type OsEventInsert = typeof serviceOrderEvents.$inferInsert;
export type OsAnswerRow = typeof serviceOrderAnswers.$inferSelect;
export type OsPhotoRow = typeof serviceOrderPhotos.$inferSelect;

const author = alias(users, 'author');

/**
 * The CTEs `steps` and `work` of THE rule of hours worked (see `teamMinutes`): `work` holds
 * (os_id, start_at, end_at), each stretch an OS was under way, at the phone's time, for the
 * OSs whose events match `osFilter`; the last stretch of an OS under way runs to `until`.
 * The timesheets split the same stretches per day (`service-order-hours.repo.ts`).
 */
export function workPeriodsCte(osFilter: SQL | undefined, until: SQL) {
  const e = serviceOrderEvents;
  const at = sql`coalesce(${e.deviceTime}, ${e.em})`;
  return sql`steps as (
          select ${e.serviceOrderId} as os_id, ${e.status} as status, ${at} as start_at,
            lead(${at}) over (partition by ${e.serviceOrderId} order by ${at}, ${e.em}, ${e.id}) as next_at
          from ${e}
          where ${e.status} is not null and ${osFilter ?? sql`true`}
        ), work as (
          select os_id, start_at, coalesce(next_at, ${until}) as end_at
          from steps where status = 'em_execucao'
        )`;
}

/**
 * What an OS write leaves: the OS's status and its new version (`updated_at`), which its
 * 'service-order.changed' carries (`OsKit.changed`). Only the writes below give one: the
 * row's `update` and `touch`, and the team changes.
 */
export interface OsVersion {
  status: OsRow['status'];
  updatedAt: Date;
  agendaEntryId: number | null;
}

const versionColumns = {
  status: serviceOrders.status,
  updatedAt: serviceOrders.updatedAt,
  agendaEntryId: serviceOrders.agendaEntryId,
};

/** Service orders and everything hanging from them (the only Drizzle code of OSs). */
export function createServiceOrdersRepo(db: DbOrTx) {
  /**
   * Moves the OS's `updated_at` (whatever the phone's time of the change), so the synced
   * lists (its agenda entry, the OS list) send it to everyone again and the OS page sees a
   * new version. Every write of something hanging from the OS (team, checklist, photos,
   * materials, addenda, assets) calls it in its own transaction.
   */
  const touch = async (osId: number): Promise<OsVersion> => {
    const [row] = await db
      .update(serviceOrders)
      .set({ updatedAt: new Date() })
      .where(eq(serviceOrders.id, osId))
      .returning(versionColumns);
    return row!;
  };
  const select = {
    o: serviceOrders,
    contractCodigo: contracts.codigo,
    contractNome: contracts.nome,
    contractCliente: contracts.cliente,
    tipoNome: serviceTypes.nome,
    vehiclePlaca: vehicles.placa,
    vehicleModelo: vehicles.modelo,
    muralTitulo: murals.titulo,
  };
  const joined = () =>
    db
      .select(select)
      .from(serviceOrders)
      .innerJoin(contracts, eq(contracts.id, serviceOrders.contractId))
      .innerJoin(serviceTypes, eq(serviceTypes.id, serviceOrders.serviceTypeId))
      .leftJoin(vehicles, eq(vehicles.id, serviceOrders.vehicleId))
      .leftJoin(murals, eq(murals.id, serviceOrders.muralId));

  return {
    /**
     * Next number of the year: the counter row is created or bumped inside the caller's
     * transaction, so concurrent creates queue on its row lock and a rollback gives the
     * number back (no gaps).
     */
    async nextNumber(year: number): Promise<number> {
      const [row] = await db
        .insert(serviceOrderCounters)
        .values({ ano: year, ultimo: 1 })
        .onConflictDoUpdate({
          target: serviceOrderCounters.ano,
          set: { ultimo: sql`${serviceOrderCounters.ultimo} + 1` },
        })
        .returning({ ultimo: serviceOrderCounters.ultimo });
      return row!.ultimo;
    },

    async insert(v: OsInsert) {
      const [row] = await db.insert(serviceOrders).values(v).returning();
      return row!;
    },

    /** Changes the row; its new version comes back (OsVersion). */
    async update(id: number, v: Partial<OsInsert>): Promise<OsVersion> {
      const [row] = await db
        .update(serviceOrders)
        .set({ ...v, updatedAt: new Date() })
        .where(eq(serviceOrders.id, id))
        .returning(versionColumns);
      return row!;
    },

    touch,

    async lock(id: number) {
      const [row] = await db
        .select()
        .from(serviceOrders)
        .where(eq(serviceOrders.id, id))
        .for('update');
      return row;
    },

    async byId(id: number) {
      const [row] = await joined().where(eq(serviceOrders.id, id)).limit(1);
      return row;
    },

    /**
     * The OS as `byId` reads it and whether `userId` is on its current team, in one statement
     * (the access check of every OS request: two round trips before).
     */
    async byIdWithTeam(id: number, userId: number) {
      const p = serviceOrderPeople;
      const [found] = await db
        .select({
          ...select,
          onTeam: sql<boolean>`exists (select 1 from ${p} where ${p.serviceOrderId} = ${serviceOrders.id} and ${p.userId} = ${userId} and ${p.saiuEm} is null)`,
        })
        .from(serviceOrders)
        .innerJoin(contracts, eq(contracts.id, serviceOrders.contractId))
        .innerJoin(serviceTypes, eq(serviceTypes.id, serviceOrders.serviceTypeId))
        .leftJoin(vehicles, eq(vehicles.id, serviceOrders.vehicleId))
        .leftJoin(murals, eq(murals.id, serviceOrders.muralId))
        .where(eq(serviceOrders.id, id))
        .limit(1);
      if (!found) return undefined;
      const { onTeam, ...row } = found;
      return { row, onTeam };
    },

    async byVerificationCode(code: string) {
      const [row] = await db
        .select()
        .from(serviceOrders)
        .where(eq(serviceOrders.verificacaoCodigo, code))
        .limit(1);
      return row;
    },

    async byTokenHash(hash: string) {
      const [row] = await db
        .select()
        .from(serviceOrders)
        .where(eq(serviceOrders.relatorioTokenHash, hash))
        .limit(1);
      return row;
    },

    async list(where: SQL | undefined, limit: number, offset: number) {
      return joined()
        .where(where)
        .orderBy(desc(serviceOrders.previstoInicio), desc(serviceOrders.id))
        .limit(limit)
        .offset(offset);
    },

    /** Ids of a page in the list's order (a sync's live rows). */
    async listIds(where: SQL | undefined, limit: number, offset: number) {
      const rows = await db
        .select({ id: serviceOrders.id })
        .from(serviceOrders)
        .where(where)
        .orderBy(desc(serviceOrders.previstoInicio), desc(serviceOrders.id))
        .limit(limit)
        .offset(offset);
      return rows.map((r) => r.id);
    },

    async countByStatus(where: SQL | undefined) {
      return db
        .select({ status: serviceOrders.status, n: sql<number>`count(*)::int` })
        .from(serviceOrders)
        .where(where)
        .groupBy(serviceOrders.status);
    },

    async count(where: SQL | undefined) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(serviceOrders)
        .where(where);
      return row?.n ?? 0;
    },

    /** Live OS of agenda entries (not cancelled); with `cancelled`, cancelled ones too. */
    async ofAgendaEntries(entryIds: number[], { cancelled = false } = {}) {
      if (entryIds.length === 0) return [];
      return db
        .select({
          entryId: serviceOrders.agendaEntryId,
          id: serviceOrders.id,
          codigo: serviceOrders.codigo,
          status: serviceOrders.status,
        })
        .from(serviceOrders)
        .where(
          and(
            inArray(serviceOrders.agendaEntryId, entryIds),
            cancelled ? undefined : sql`${serviceOrders.status} <> 'cancelada'`,
          ),
        )
        .orderBy(serviceOrders.id);
    },

    // ------------------------------------------------------------ team

    /** Team periods of OSs (current and past), by name. */
    async people(osIds: number[], onlyCurrent = false) {
      if (osIds.length === 0) return [];
      return db
        .select({
          osId: serviceOrderPeople.serviceOrderId,
          rowId: serviceOrderPeople.id,
          id: users.id,
          nome: users.nome,
          entrouEm: serviceOrderPeople.entrouEm,
          saiuEm: serviceOrderPeople.saiuEm,
        })
        .from(serviceOrderPeople)
        .innerJoin(users, eq(users.id, serviceOrderPeople.userId))
        .where(
          and(
            inArray(serviceOrderPeople.serviceOrderId, osIds),
            onlyCurrent ? isNull(serviceOrderPeople.saiuEm) : undefined,
          ),
        )
        .orderBy(asc(serviceOrderPeople.entrouEm), asc(serviceOrderPeople.id));
    },

    async isOnTeam(osId: number, userId: number) {
      const [row] = await db
        .select({ id: serviceOrderPeople.id })
        .from(serviceOrderPeople)
        .where(
          and(
            eq(serviceOrderPeople.serviceOrderId, osId),
            eq(serviceOrderPeople.userId, userId),
            isNull(serviceOrderPeople.saiuEm),
          ),
        )
        .limit(1);
      return !!row;
    },

    async addPeople(
      osId: number,
      userIds: number[],
      addedBy: number,
      at: Date,
    ): Promise<OsVersion> {
      if (userIds.length > 0) {
        await db
          .insert(serviceOrderPeople)
          .values(
            userIds.map((userId) => ({ serviceOrderId: osId, userId, addedBy, entrouEm: at })),
          );
      }
      return touch(osId);
    },

    async removePerson(osId: number, userId: number, at: Date): Promise<OsVersion> {
      await db
        .update(serviceOrderPeople)
        .set({ saiuEm: at })
        .where(
          and(
            eq(serviceOrderPeople.serviceOrderId, osId),
            eq(serviceOrderPeople.userId, userId),
            isNull(serviceOrderPeople.saiuEm),
          ),
        );
      return touch(osId);
    },

    async activeUsers(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: users.id, nome: users.nome, role: users.role })
        .from(users)
        .where(and(inArray(users.id, ids), eq(users.active, true)));
    },

    /** Active people linked to a contract (the gestores among them hear of conclusions). */
    async contractPeople(contractId: number) {
      return db
        .select({ id: users.id, role: users.role })
        .from(userContracts)
        .innerJoin(users, eq(users.id, userContracts.userId))
        .where(and(eq(userContracts.contractId, contractId), eq(users.active, true)));
    },

    async vehicle(id: number) {
      const [row] = await db
        .select({ id: vehicles.id, status: vehicles.status })
        .from(vehicles)
        .where(eq(vehicles.id, id))
        .limit(1);
      return row;
    },

    // ------------------------------------------------------------ history

    async insertEvent(v: OsEventInsert) {
      const [row] = await db.insert(serviceOrderEvents).values(v).returning();
      return row!;
    },

    async events(osId: number) {
      return db
        .select({ e: serviceOrderEvents, autorNome: author.nome })
        .from(serviceOrderEvents)
        .leftJoin(author, eq(author.id, serviceOrderEvents.userId))
        .where(eq(serviceOrderEvents.serviceOrderId, osId))
        .orderBy(asc(serviceOrderEvents.em), asc(serviceOrderEvents.id));
    },

    // ------------------------------------------------------------ checklist

    async answers(osId: number) {
      return db
        .select({ a: serviceOrderAnswers, autorNome: author.nome })
        .from(serviceOrderAnswers)
        .leftJoin(author, eq(author.id, serviceOrderAnswers.respondidoPor))
        .where(eq(serviceOrderAnswers.serviceOrderId, osId));
    },

    async upsertAnswer(v: typeof serviceOrderAnswers.$inferInsert) {
      const { serviceOrderId: _o, itemId: _i, ...set } = v;
      await db
        .insert(serviceOrderAnswers)
        .values(v)
        .onConflictDoUpdate({
          target: [serviceOrderAnswers.serviceOrderId, serviceOrderAnswers.itemId],
          set,
        });
    },

    async deleteAnswer(osId: number, itemId: number) {
      await db
        .delete(serviceOrderAnswers)
        .where(
          and(eq(serviceOrderAnswers.serviceOrderId, osId), eq(serviceOrderAnswers.itemId, itemId)),
        );
    },

    // ------------------------------------------------------------ photos

    async photos(osId: number) {
      return db
        .select({ p: serviceOrderPhotos, autorNome: author.nome })
        .from(serviceOrderPhotos)
        .leftJoin(author, eq(author.id, serviceOrderPhotos.uploadedBy))
        .where(eq(serviceOrderPhotos.serviceOrderId, osId))
        .orderBy(asc(serviceOrderPhotos.id));
    },

    async photo(osId: number, photoId: number) {
      const [row] = await db
        .select()
        .from(serviceOrderPhotos)
        .where(and(eq(serviceOrderPhotos.serviceOrderId, osId), eq(serviceOrderPhotos.id, photoId)))
        .limit(1);
      return row;
    },

    async photoCount(osId: number) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(serviceOrderPhotos)
        .where(eq(serviceOrderPhotos.serviceOrderId, osId));
      return row?.n ?? 0;
    },

    async insertPhotos(v: (typeof serviceOrderPhotos.$inferInsert)[]) {
      if (v.length === 0) return [];
      return db.insert(serviceOrderPhotos).values(v).returning();
    },

    async updatePhoto(photoId: number, v: Partial<typeof serviceOrderPhotos.$inferInsert>) {
      await db.update(serviceOrderPhotos).set(v).where(eq(serviceOrderPhotos.id, photoId));
    },

    async deletePhoto(photoId: number) {
      await db.delete(serviceOrderPhotos).where(eq(serviceOrderPhotos.id, photoId));
    },

    // ------------------------------------------------------------ materials

    async materials(osId: number, withReversed = false) {
      return db
        .select({
          m: serviceOrderMaterials,
          itemCodigo: inventoryItems.codigo,
          itemNome: inventoryItems.nome,
          itemNatureza: inventoryItems.natureza,
          itemUnidade: inventoryItems.unidade,
          autorNome: author.nome,
        })
        .from(serviceOrderMaterials)
        .innerJoin(inventoryItems, eq(inventoryItems.id, serviceOrderMaterials.itemId))
        .leftJoin(author, eq(author.id, serviceOrderMaterials.userId))
        .where(
          and(
            eq(serviceOrderMaterials.serviceOrderId, osId),
            withReversed ? undefined : isNull(serviceOrderMaterials.estornadoEm),
          ),
        )
        .orderBy(asc(serviceOrderMaterials.id));
    },

    async material(osId: number, id: number) {
      const [row] = await db
        .select()
        .from(serviceOrderMaterials)
        .where(
          and(
            eq(serviceOrderMaterials.serviceOrderId, osId),
            eq(serviceOrderMaterials.id, id),
            isNull(serviceOrderMaterials.estornadoEm),
          ),
        )
        .for('update');
      return row;
    },

    /**
     * Records a material with the item's unit cost of this moment (read in the same statement),
     * so a later price change leaves the OS as it was.
     */
    async insertMaterial(v: Omit<typeof serviceOrderMaterials.$inferInsert, 'custoUnitario'>) {
      const [row] = await db
        .insert(serviceOrderMaterials)
        .values({
          ...v,
          custoUnitario: sql`(select ${inventoryItems.custoUnitario} from ${inventoryItems} where ${inventoryItems.id} = ${v.itemId})`,
        })
        .returning();
      return row!;
    },

    /**
     * Materials of OSs added up in SQL (one query for a whole page or export): lines not
     * returned, their cost at the unit cost kept on each line, and consumables without one.
     */
    async materialTotals(osIds: number[]) {
      if (osIds.length === 0) return [];
      const m = serviceOrderMaterials;
      return db
        .select({
          osId: m.serviceOrderId,
          n: sql<number>`count(*)::int`,
          custo: sql<string>`coalesce(sum(${m.quantidade} * ${m.custoUnitario}), 0)::text`,
          semCusto: sql<number>`(count(*) filter (where ${m.custoUnitario} is null and ${inventoryItems.natureza} = 'consumivel'))::int`,
        })
        .from(m)
        .innerJoin(inventoryItems, eq(inventoryItems.id, m.itemId))
        .where(and(inArray(m.serviceOrderId, osIds), isNull(m.estornadoEm)))
        .groupBy(m.serviceOrderId);
    },

    /** The materials of OSs, one row each (the export's text column), oldest first. */
    async materialLines(osIds: number[]) {
      if (osIds.length === 0) return [];
      const m = serviceOrderMaterials;
      return db
        .select({
          osId: m.serviceOrderId,
          quantidade: m.quantidade,
          nome: inventoryItems.nome,
          unidade: inventoryItems.unidade,
        })
        .from(m)
        .innerJoin(inventoryItems, eq(inventoryItems.id, m.itemId))
        .where(and(inArray(m.serviceOrderId, osIds), isNull(m.estornadoEm)))
        .orderBy(asc(m.serviceOrderId), asc(m.id));
    },

    /**
     * Minutes worked by each team period of the OSs, in SQL: THE rule of hours worked
     * (docs/development.md "Hours and costs of an OS"). The status steps of an OS, at the
     * phone's time (`device_time`, else arrival), in order; from each step into em_execucao
     * (check-in, resume) to the next step is time at work (a pause, the conclusion or a
     * cancellation ends it; the last one runs to `now`). A person counts the part of that time
     * inside their period on the team (entrou_em to saiu_em or now), rounded to the minute.
     */
    async teamMinutes(osIds: number[], now: Date) {
      if (osIds.length === 0) return [];
      const p = serviceOrderPeople;
      const until = sql`${now.toISOString()}::timestamptz`;
      const rows = await db.execute<{ team_id: number; os_id: number; minutos: number }>(sql`
        with ${workPeriodsCte(inArray(serviceOrderEvents.serviceOrderId, osIds), until)}
        select ${p.id} as team_id, ${p.serviceOrderId} as os_id,
          round(coalesce(sum(greatest(extract(epoch from
            least(work.end_at, coalesce(${p.saiuEm}, ${until})) - greatest(work.start_at, ${p.entrouEm})
          ), 0)), 0) / 60)::int as minutos
        from ${p}
        left join work on work.os_id = ${p.serviceOrderId}
        where ${inArray(p.serviceOrderId, osIds)}
        group by ${p.id}, ${p.serviceOrderId}`);
      return rows.rows;
    },

    async updateMaterial(id: number, v: Partial<typeof serviceOrderMaterials.$inferInsert>) {
      await db.update(serviceOrderMaterials).set(v).where(eq(serviceOrderMaterials.id, id));
    },

    // ------------------------------------------------------------ addenda

    async addenda(osId: number) {
      return db
        .select({ a: serviceOrderAddenda, autorNome: author.nome })
        .from(serviceOrderAddenda)
        .leftJoin(author, eq(author.id, serviceOrderAddenda.authorId))
        .where(eq(serviceOrderAddenda.serviceOrderId, osId))
        .orderBy(asc(serviceOrderAddenda.id));
    },

    async insertAddendum(v: typeof serviceOrderAddenda.$inferInsert) {
      const [row] = await db.insert(serviceOrderAddenda).values(v).returning();
      return row!;
    },
  };
}

export type ServiceOrdersRepo = ReturnType<typeof createServiceOrdersRepo>;
export type OsJoined = NonNullable<Awaited<ReturnType<ServiceOrdersRepo['byId']>>>;
