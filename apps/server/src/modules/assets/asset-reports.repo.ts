import { and, count, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { assetReports, assetReportSettings, assets, requests } from '../../db/schema/index.ts';

/** Public problem reports of assets and the per-contract switch (Drizzle only). */
export function createAssetReportsRepo(db: DbOrTx) {
  return {
    /** Whether a contract takes public reports (no row: yes). */
    async enabled(contractId: number): Promise<boolean> {
      const [row] = await db
        .select({ ativo: assetReportSettings.ativo })
        .from(assetReportSettings)
        .where(eq(assetReportSettings.contractId, contractId));
      return row?.ativo ?? true;
    },

    async setEnabled(contractId: number, ativo: boolean, userId: number) {
      await db
        .insert(assetReportSettings)
        .values({ contractId, ativo, updatedBy: userId })
        .onConflictDoUpdate({
          target: assetReportSettings.contractId,
          set: { ativo, updatedBy: userId, updatedAt: new Date() },
        });
    },

    /** Reports sent from one address (its hash) since `since`. */
    async sentSince(origemHash: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(assetReports)
        .where(and(eq(assetReports.origemHash, origemHash), gt(assetReports.createdAt, since)));
      return row?.n ?? 0;
    },

    async insert(v: typeof assetReports.$inferInsert) {
      await db.insert(assetReports).values(v);
    },

    /** What the follow page shows, by the token's hash. */
    async byToken(tokenHash: string) {
      const [row] = await db
        .select({
          protocolo: assetReports.protocolo,
          tag: assets.tag,
          status: requests.status,
          createdAt: assetReports.createdAt,
          updatedAt: requests.updatedAt,
        })
        .from(assetReports)
        .innerJoin(assets, eq(assets.id, assetReports.assetId))
        .innerJoin(requests, eq(requests.id, assetReports.requestId))
        .where(eq(assetReports.tokenHash, tokenHash))
        .limit(1);
      return row;
    },
  };
}
