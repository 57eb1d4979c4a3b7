import { and, desc, eq, gte, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  users,
  vehicleCheckouts,
  vehicleFuelLogs,
  vehicleKmCorrections,
  vehicleMaintenances,
  vehicles,
} from '../../db/schema/index.ts';
import { listSearch, plateContains, plateTerms } from '../../db/search-match.ts';

export type VehicleRow = typeof vehicles.$inferSelect;
export type VehicleInsert = typeof vehicles.$inferInsert;
export type MaintenanceRow = typeof vehicleMaintenances.$inferSelect;
export type FuelRow = typeof vehicleFuelLogs.$inferSelect;
export type CheckoutRow = typeof vehicleCheckouts.$inferSelect;
export type KmCorrectionRow = typeof vehicleKmCorrections.$inferSelect;

const driver = alias(users, 'driver');
const author = alias(users, 'author');

/** Vehicles, maintenance, fuel and check-outs (the only Drizzle code of the fleet module). */
/** The vehicle list's filters. */
export interface VehicleFilter {
  status?: VehicleRow['status'] | undefined;
  q?: string | undefined;
}

function listWhere(f: VehicleFilter, changedSince?: Date): SQL | undefined {
  const where: SQL[] = [];
  if (f.status) where.push(eq(vehicles.status, f.status));
  if (f.q) {
    // Plate, model and make; a plate typed in any form ("abc-1234" finds ABC1C34).
    const plate = plateTerms(f.q);
    const text = or(
      listSearch(f.q, [vehicles.searchText]),
      plate ? plateContains(vehicles.placa, plate) : undefined,
    );
    if (text) where.push(text);
  }
  if (changedSince) where.push(gte(vehicles.updatedAt, changedSince));
  return and(...where);
}

/** A write's version of the vehicle: its id and the `updated_at` it left. */
export type VehicleVersion = { id: number; updatedAt: Date };

export function createFleetRepo(db: DbOrTx) {
  return {
    /** The list (by plate); with `changedSince`, only the vehicles changed since. */
    async list(f: VehicleFilter, changedSince?: Date) {
      return db
        .select({
          vehicle: vehicles,
          driverId: driver.id,
          driverNome: driver.nome,
        })
        .from(vehicles)
        .leftJoin(
          vehicleCheckouts,
          and(eq(vehicleCheckouts.vehicleId, vehicles.id), isNull(vehicleCheckouts.retornoEm)),
        )
        .leftJoin(driver, eq(driver.id, vehicleCheckouts.condutorId))
        .where(listWhere(f, changedSince))
        .orderBy(vehicles.placa);
    },

    /** The ids of the list now, in its order. */
    async ids(f: VehicleFilter): Promise<number[]> {
      const rows = await db
        .select({ id: vehicles.id })
        .from(vehicles)
        .where(listWhere(f))
        .orderBy(vehicles.placa);
      return rows.map((r) => r.id);
    },

    async byId(id: number) {
      const [row] = await db
        .select({ vehicle: vehicles, driverId: driver.id, driverNome: driver.nome })
        .from(vehicles)
        .leftJoin(
          vehicleCheckouts,
          and(eq(vehicleCheckouts.vehicleId, vehicles.id), isNull(vehicleCheckouts.retornoEm)),
        )
        .leftJoin(driver, eq(driver.id, vehicleCheckouts.condutorId))
        .where(eq(vehicles.id, id))
        .limit(1);
      return row;
    },

    /** Locks the vehicle row for the rest of the transaction. */
    async lock(id: number): Promise<VehicleRow | undefined> {
      const [row] = await db.select().from(vehicles).where(eq(vehicles.id, id)).for('update');
      return row;
    },

    async findByPlates(plates: string[], exceptId?: number) {
      return db
        .select({ id: vehicles.id, placa: vehicles.placa })
        .from(vehicles)
        .where(
          and(inArray(vehicles.placa, plates), exceptId ? ne(vehicles.id, exceptId) : undefined),
        );
    },

    async insert(v: VehicleInsert) {
      const [row] = await db.insert(vehicles).values(v).returning();
      return row!;
    },

    /**
     * Writes the vehicle and moves its `updated_at` (also with nothing else to write: a write
     * of what hangs from it, maintenance or fuel); returns the new version.
     */
    async update(id: number, v: Partial<VehicleInsert> = {}): Promise<VehicleVersion> {
      const [row] = await db
        .update(vehicles)
        .set({ ...v, updatedAt: new Date() })
        .where(eq(vehicles.id, id))
        .returning({ id: vehicles.id, updatedAt: vehicles.updatedAt });
      return row!;
    },

    async maintenances(vehicleId?: number) {
      return db
        .select({ m: vehicleMaintenances, authorNome: author.nome })
        .from(vehicleMaintenances)
        .leftJoin(author, eq(author.id, vehicleMaintenances.createdBy))
        .where(vehicleId ? eq(vehicleMaintenances.vehicleId, vehicleId) : undefined)
        .orderBy(desc(vehicleMaintenances.createdAt), desc(vehicleMaintenances.id));
    },

    async openMaintenances() {
      return db
        .select({ m: vehicleMaintenances, placa: vehicles.placa, odometro: vehicles.odometroKm })
        .from(vehicleMaintenances)
        .innerJoin(vehicles, eq(vehicles.id, vehicleMaintenances.vehicleId))
        .where(and(ne(vehicleMaintenances.status, 'concluida'), ne(vehicles.status, 'inativo')));
    },

    async lockMaintenance(vehicleId: number, id: number) {
      const [row] = await db
        .select()
        .from(vehicleMaintenances)
        .where(and(eq(vehicleMaintenances.id, id), eq(vehicleMaintenances.vehicleId, vehicleId)))
        .for('update');
      return row;
    },

    async insertMaintenance(v: typeof vehicleMaintenances.$inferInsert) {
      const [row] = await db.insert(vehicleMaintenances).values(v).returning();
      return row!;
    },

    async updateMaintenance(id: number, v: Partial<typeof vehicleMaintenances.$inferInsert>) {
      await db
        .update(vehicleMaintenances)
        .set({ ...v, updatedAt: new Date() })
        .where(eq(vehicleMaintenances.id, id));
    },

    async countInProgress(vehicleId: number) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(vehicleMaintenances)
        .where(
          and(
            eq(vehicleMaintenances.vehicleId, vehicleId),
            eq(vehicleMaintenances.status, 'em_andamento'),
          ),
        );
      return row?.n ?? 0;
    },

    async fuel(vehicleId: number, limit = 100) {
      return db
        .select({ f: vehicleFuelLogs, authorNome: author.nome })
        .from(vehicleFuelLogs)
        .leftJoin(author, eq(author.id, vehicleFuelLogs.createdBy))
        .where(eq(vehicleFuelLogs.vehicleId, vehicleId))
        .orderBy(desc(vehicleFuelLogs.data), desc(vehicleFuelLogs.id))
        .limit(limit);
    },

    async insertFuel(v: typeof vehicleFuelLogs.$inferInsert) {
      const [row] = await db.insert(vehicleFuelLogs).values(v).returning();
      return row!;
    },

    async checkouts(vehicleId: number, limit = 100) {
      return db
        .select({ c: vehicleCheckouts, driverNome: driver.nome })
        .from(vehicleCheckouts)
        .innerJoin(driver, eq(driver.id, vehicleCheckouts.condutorId))
        .where(eq(vehicleCheckouts.vehicleId, vehicleId))
        .orderBy(desc(vehicleCheckouts.saidaEm), desc(vehicleCheckouts.id))
        .limit(limit);
    },

    async openCheckout(vehicleId: number) {
      const [row] = await db
        .select()
        .from(vehicleCheckouts)
        .where(and(eq(vehicleCheckouts.vehicleId, vehicleId), isNull(vehicleCheckouts.retornoEm)))
        .limit(1);
      return row;
    },

    async insertCheckout(v: typeof vehicleCheckouts.$inferInsert) {
      const [row] = await db.insert(vehicleCheckouts).values(v).returning();
      return row!;
    },

    async closeCheckout(
      id: number,
      v: { kmRetorno: number; observacao: string | null; by: number; kmAltoConfirmado: boolean },
    ) {
      const [row] = await db
        .update(vehicleCheckouts)
        .set({
          retornoEm: new Date(),
          kmRetorno: v.kmRetorno,
          observacao: v.observacao,
          checkedInBy: v.by,
          kmAltoConfirmado: v.kmAltoConfirmado,
        })
        .where(eq(vehicleCheckouts.id, id))
        .returning();
      return row!;
    },

    async lockCheckout(vehicleId: number, id: number) {
      const [row] = await db
        .select()
        .from(vehicleCheckouts)
        .where(and(eq(vehicleCheckouts.id, id), eq(vehicleCheckouts.vehicleId, vehicleId)))
        .for('update');
      return row;
    },

    async updateCheckoutKm(id: number, v: { kmSaida?: number; kmRetorno?: number }) {
      await db.update(vehicleCheckouts).set(v).where(eq(vehicleCheckouts.id, id));
    },

    async lockFuel(vehicleId: number, id: number) {
      const [row] = await db
        .select()
        .from(vehicleFuelLogs)
        .where(and(eq(vehicleFuelLogs.id, id), eq(vehicleFuelLogs.vehicleId, vehicleId)))
        .for('update');
      return row;
    },

    async updateFuelKm(id: number, km: number) {
      await db.update(vehicleFuelLogs).set({ km }).where(eq(vehicleFuelLogs.id, id));
    },

    /** Highest km recorded for the vehicle by check-outs, check-ins, fuel and maintenance. */
    async highestReading(vehicleId: number): Promise<number | null> {
      const res = await db.execute<{ km: number | null }>(sql`
        select max(km)::int as km from (
          select km_saida as km from vehicle_checkouts where vehicle_id = ${vehicleId}
          union all select km_retorno from vehicle_checkouts where vehicle_id = ${vehicleId}
          union all select km from vehicle_fuel_logs where vehicle_id = ${vehicleId}
          union all select realizada_km from vehicle_maintenances where vehicle_id = ${vehicleId}
        ) r`);
      return res.rows[0]?.km ?? null;
    },

    async insertKmCorrection(v: typeof vehicleKmCorrections.$inferInsert) {
      const [row] = await db.insert(vehicleKmCorrections).values(v).returning();
      return row!;
    },

    async kmCorrections(vehicleId: number) {
      return db
        .select({ k: vehicleKmCorrections, authorNome: author.nome })
        .from(vehicleKmCorrections)
        .leftJoin(author, eq(author.id, vehicleKmCorrections.createdBy))
        .where(eq(vehicleKmCorrections.vehicleId, vehicleId))
        .orderBy(desc(vehicleKmCorrections.createdAt), desc(vehicleKmCorrections.id));
    },
  };
}

export type FleetRepo = ReturnType<typeof createFleetRepo>;
