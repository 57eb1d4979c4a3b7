import { and, asc, desc, eq, gt, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { assetMeterReadings, assets, users } from '../../db/schema/index.ts';

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

    /** The highest reading on or before `data`, and the lowest after it. */
    async around(assetId: number, data: string) {
      const [before] = await db
        .select()
        .from(assetMeterReadings)
        .where(and(eq(assetMeterReadings.assetId, assetId), lte(assetMeterReadings.data, data)))
        .orderBy(desc(assetMeterReadings.horas))
        .limit(1);
      const [after] = await db
        .select()
        .from(assetMeterReadings)
        .where(and(eq(assetMeterReadings.assetId, assetId), gt(assetMeterReadings.data, data)))
        .orderBy(asc(assetMeterReadings.horas))
        .limit(1);
      return { before, after };
    },

    async insert(v: typeof assetMeterReadings.$inferInsert) {
      await db.insert(assetMeterReadings).values(v);
    },
  };
}
