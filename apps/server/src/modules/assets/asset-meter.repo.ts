import { and, asc, desc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { assetMeterReadings, assets, maintenancePlans, users } from '../../db/schema/index.ts';

/** Hour meter readings of assets (Drizzle only). */
export function createAssetMeterRepo(db: DbOrTx) {
  return {
    /** The asset's readings, newest first, with who recorded each. */
    async ofAsset(assetId: number) {
      return db
        .select({ r: assetMeterReadings, nome: users.nome })
        .from(assetMeterReadings)
        .leftJoin(users, eq(users.id, assetMeterReadings.registradoPor))
        .where(eq(assetMeterReadings.assetId, assetId))
        .orderBy(
          desc(assetMeterReadings.data),
          desc(assetMeterReadings.horas),
          desc(assetMeterReadings.id),
        );
    },

    /** Serialises the readings of one asset (FOR UPDATE on its row). */
    async lockAsset(assetId: number) {
      await db.select({ id: assets.id }).from(assets).where(eq(assets.id, assetId)).for('update');
    },

    /**
     * The highest reading on or before `data`, and the lowest after it; an OS's own reading
     * (`exceptOs`, which it is about to replace) is left out.
     */
    async around(assetId: number, data: string, exceptOs: number | null = null) {
      const mine = and(
        eq(assetMeterReadings.assetId, assetId),
        exceptOs === null
          ? undefined
          : or(
              isNull(assetMeterReadings.serviceOrderId),
              ne(assetMeterReadings.serviceOrderId, exceptOs),
            ),
      );
      const [before] = await db
        .select()
        .from(assetMeterReadings)
        .where(and(mine, lte(assetMeterReadings.data, data)))
        .orderBy(desc(assetMeterReadings.horas))
        .limit(1);
      const [after] = await db
        .select()
        .from(assetMeterReadings)
        .where(and(mine, gt(assetMeterReadings.data, data)))
        .orderBy(asc(assetMeterReadings.horas))
        .limit(1);
      return { before, after };
    },

    async insert(v: typeof assetMeterReadings.$inferInsert) {
      await db.insert(assetMeterReadings).values(v);
    },

    /** The reading an OS took of an asset (one per OS and asset), if any. */
    async ofOs(assetId: number, osId: number) {
      const [row] = await db
        .select()
        .from(assetMeterReadings)
        .where(
          and(eq(assetMeterReadings.assetId, assetId), eq(assetMeterReadings.serviceOrderId, osId)),
        );
      return row;
    },

    async update(id: number, v: Partial<typeof assetMeterReadings.$inferInsert>) {
      await db.update(assetMeterReadings).set(v).where(eq(assetMeterReadings.id, id));
    },

    /** Every reading of these assets (for an OS's checklist), oldest first. */
    async readingsOf(assetIds: number[]) {
      if (assetIds.length === 0) return [];
      return db
        .select()
        .from(assetMeterReadings)
        .where(inArray(assetMeterReadings.assetId, assetIds))
        .orderBy(asc(assetMeterReadings.data), asc(assetMeterReadings.horas));
    },

    /**
     * Which of these assets have an hour meter: a reading already, or an active plan "a cada
     * N horas" covering them (per asset, or per their type in their contract).
     */
    async metered(assetIds: number[]) {
      if (assetIds.length === 0) return new Set<number>();
      const rows = await db
        .select({ id: assets.id })
        .from(assets)
        .where(
          and(
            inArray(assets.id, assetIds),
            or(
              sql`exists (select 1 from ${assetMeterReadings} where ${assetMeterReadings.assetId} = ${assets.id})`,
              sql`exists (select 1 from ${maintenancePlans}
                where ${maintenancePlans.periodicidade} = 'horas' and ${maintenancePlans.ativo}
                  and ${maintenancePlans.contractId} = ${assets.contractId}
                  and (${maintenancePlans.assetId} = ${assets.id}
                    or ${maintenancePlans.assetTypeId} = ${assets.typeId}))`,
            ),
          ),
        );
      return new Set(rows.map((r) => r.id));
    },
  };
}
