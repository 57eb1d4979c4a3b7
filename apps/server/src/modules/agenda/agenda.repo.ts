import { and, asc, eq, gt, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Booking, VehicleUpkeep } from '@eproto/domain';
import type { DbOrTx } from '../../db/client.ts';
import {
  agendaEntries,
  agendaEntryPeople,
  contracts,
  murals,
  sstActivityTypes,
  users,
  vehicleMaintenances,
  vehicles,
} from '../../db/schema/index.ts';
import { queryAll } from '../../db/query-all.ts';

export type EntryRow = typeof agendaEntries.$inferSelect;
export type EntryInsert = typeof agendaEntries.$inferInsert;

const creator = alias(users, 'creator');
const overrider = alias(users, 'sst_overrider');

/** Agenda entries and their people (the only Drizzle code of the agenda module). */
export function createAgendaRepo(db: DbOrTx) {
  const select = {
    e: agendaEntries,
    contractCodigo: contracts.codigo,
    contractNome: contracts.nome,
    muralTitulo: murals.titulo,
    vehiclePlaca: vehicles.placa,
    vehicleModelo: vehicles.modelo,
    creatorNome: creator.nome,
    activityNome: sstActivityTypes.nome,
    overriderNome: overrider.nome,
  };

  /** Non-cancelled bookings overlapping [from, to) that share a person or the vehicle. */
  async function bookings(
    from: Date,
    to: Date,
    who: { pessoas: number[]; vehicleId: number | null } | 'all',
  ): Promise<Booking[]> {
    const share =
      who === 'all'
        ? undefined
        : or(
            who.pessoas.length
              ? sql`${agendaEntries.id} in (select ${agendaEntryPeople.entryId} from ${agendaEntryPeople} where ${inArray(agendaEntryPeople.userId, who.pessoas)})`
              : undefined,
            who.vehicleId !== null ? eq(agendaEntries.vehicleId, who.vehicleId) : undefined,
          );
    if (who !== 'all' && !share) return [];
    const rows = await db
      .select({
        id: agendaEntries.id,
        inicio: agendaEntries.inicio,
        fim: agendaEntries.fim,
        status: agendaEntries.status,
        vehicleId: agendaEntries.vehicleId,
        pessoas: sql<
          number[]
        >`coalesce((select array_agg(p."user_id") from "agenda_entry_people" p where p."entry_id" = ${agendaEntries.id}), '{}')`,
      })
      .from(agendaEntries)
      .where(
        and(
          lt(agendaEntries.inicio, to),
          gt(agendaEntries.fim, from),
          ne(agendaEntries.status, 'cancelado'),
          share,
        ),
      );
    return rows.map((r) => ({
      id: r.id,
      inicio: r.inicio.toISOString(),
      fim: r.fim.toISOString(),
      status: r.status,
      vehicle_id: r.vehicleId,
      pessoas: r.pessoas,
    }));
  }

  return {
    /** The connection or transaction this repo runs on (for services it calls inside one). */
    tx: db,

    /** Entries overlapping [from, to) that match `where`, oldest first. */
    async entries(from: Date, to: Date, where: SQL | undefined) {
      return db
        .select(select)
        .from(agendaEntries)
        .innerJoin(contracts, eq(contracts.id, agendaEntries.contractId))
        .leftJoin(murals, eq(murals.id, agendaEntries.muralId))
        .leftJoin(vehicles, eq(vehicles.id, agendaEntries.vehicleId))
        .leftJoin(creator, eq(creator.id, agendaEntries.createdBy))
        .leftJoin(sstActivityTypes, eq(sstActivityTypes.id, agendaEntries.activityTypeId))
        .leftJoin(overrider, eq(overrider.id, agendaEntries.sstOverrideBy))
        .where(and(lt(agendaEntries.inicio, to), gt(agendaEntries.fim, from), where))
        .orderBy(asc(agendaEntries.inicio), asc(agendaEntries.id));
    },

    /** Ids of the entries overlapping [from, to) that match `where` (a sync's live rows). */
    async entryIds(from: Date, to: Date, where: SQL | undefined) {
      const rows = await db
        .select({ id: agendaEntries.id })
        .from(agendaEntries)
        .where(and(lt(agendaEntries.inicio, to), gt(agendaEntries.fim, from), where))
        .orderBy(asc(agendaEntries.id));
      return rows.map((r) => r.id);
    },

    async entry(id: number) {
      const [row] = await db
        .select(select)
        .from(agendaEntries)
        .innerJoin(contracts, eq(contracts.id, agendaEntries.contractId))
        .leftJoin(murals, eq(murals.id, agendaEntries.muralId))
        .leftJoin(vehicles, eq(vehicles.id, agendaEntries.vehicleId))
        .leftJoin(creator, eq(creator.id, agendaEntries.createdBy))
        .leftJoin(sstActivityTypes, eq(sstActivityTypes.id, agendaEntries.activityTypeId))
        .leftJoin(overrider, eq(overrider.id, agendaEntries.sstOverrideBy))
        .where(eq(agendaEntries.id, id))
        .limit(1);
      return row;
    },

    async lock(id: number) {
      const [row] = await db
        .select()
        .from(agendaEntries)
        .where(eq(agendaEntries.id, id))
        .for('update');
      return row;
    },

    async people(entryIds: number[]) {
      if (entryIds.length === 0) return [];
      return db
        .select({ entryId: agendaEntryPeople.entryId, id: users.id, nome: users.nome })
        .from(agendaEntryPeople)
        .innerJoin(users, eq(users.id, agendaEntryPeople.userId))
        .where(inArray(agendaEntryPeople.entryId, entryIds))
        .orderBy(asc(sql`lower(${users.nome})`));
    },

    bookings,

    /**
     * Bumps the version of the bookings a booking at [from, to) of `who` overlaps (but
     * `exceptId`): the conflicts they show move with it, so the lists synced by
     * `updated_since` take them again. Answers their ids.
     */
    async touchNeighbours(
      from: Date,
      to: Date,
      who: { pessoas: number[]; vehicleId: number | null },
      exceptId: number,
    ): Promise<number[]> {
      const ids = (await bookings(from, to, who)).map((b) => b.id).filter((id) => id !== exceptId);
      if (ids.length === 0) return [];
      await db
        .update(agendaEntries)
        .set({ updatedAt: new Date() })
        .where(inArray(agendaEntries.id, ids));
      return ids;
    },

    /** Serialises saves that touch the same people/vehicle (transaction-scoped locks). */
    async lockResources(pessoas: number[], vehicleId: number | null) {
      const keys = [
        ...pessoas.map((p) => [7_210_900, p]),
        ...(vehicleId ? [[7_210_901, vehicleId]] : []),
      ].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
      for (const [cls, id] of keys)
        await db.execute(sql`select pg_advisory_xact_lock(${cls}::int, ${id}::int)`);
    },

    async insert(v: EntryInsert) {
      const [row] = await db.insert(agendaEntries).values(v).returning();
      return row!;
    },

    /** Changes the entry; answers its new version (`updated_at`). */
    async update(id: number, v: Partial<EntryInsert>): Promise<Date> {
      const [row] = await db
        .update(agendaEntries)
        .set({ ...v, updatedAt: new Date() })
        .where(eq(agendaEntries.id, id))
        .returning({ updatedAt: agendaEntries.updatedAt });
      return row!.updatedAt;
    },

    async setPeople(entryId: number, pessoas: number[]) {
      await db.delete(agendaEntryPeople).where(eq(agendaEntryPeople.entryId, entryId));
      if (pessoas.length)
        await db.insert(agendaEntryPeople).values(pessoas.map((userId) => ({ entryId, userId })));
    },

    async activeUsers(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: users.id, nome: users.nome })
        .from(users)
        .where(and(inArray(users.id, ids), eq(users.active, true)));
    },

    async userNames(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: users.id, nome: users.nome })
        .from(users)
        .where(inArray(users.id, ids));
    },

    /** Maintenance state of these vehicles (status manutenção, maintenance not finished). */
    async upkeep(vehicleIds: number[]): Promise<Map<number, VehicleUpkeep>> {
      const out = new Map<number, VehicleUpkeep>();
      if (vehicleIds.length === 0) return out;
      const [vs, ms] = await queryAll(db, [
        () =>
          db
            .select({ id: vehicles.id, status: vehicles.status })
            .from(vehicles)
            .where(inArray(vehicles.id, vehicleIds)),
        () =>
          db
            .select({
              id: vehicleMaintenances.id,
              vehicleId: vehicleMaintenances.vehicleId,
              status: vehicleMaintenances.status,
              previstaData: vehicleMaintenances.previstaData,
            })
            .from(vehicleMaintenances)
            .where(
              and(
                inArray(vehicleMaintenances.vehicleId, vehicleIds),
                ne(vehicleMaintenances.status, 'concluida'),
              ),
            ),
      ]);
      for (const v of vs)
        out.set(v.id, { vehicle_id: v.id, em_manutencao: v.status === 'manutencao', abertas: [] });
      for (const m of ms) {
        if (m.status === 'concluida') continue;
        out.get(m.vehicleId)?.abertas.push({
          id: m.id,
          status: m.status,
          prevista_data: m.previstaData,
        });
      }
      return out;
    },

    async vehicle(id: number) {
      const [row] = await db
        .select({ id: vehicles.id, placa: vehicles.placa, status: vehicles.status })
        .from(vehicles)
        .where(eq(vehicles.id, id))
        .limit(1);
      return row;
    },

    async mural(id: number) {
      const [row] = await db
        .select({ id: murals.id, contractId: murals.contractId })
        .from(murals)
        .where(eq(murals.id, id))
        .limit(1);
      return row;
    },
  };
}

export type AgendaRepo = ReturnType<typeof createAgendaRepo>;
export type EntryJoined = NonNullable<Awaited<ReturnType<AgendaRepo['entry']>>>;
