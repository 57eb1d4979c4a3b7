import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { assets, assetTypes, osAssetAnswers, osAssets } from '../../db/schema/index.ts';

export type OsAssetAnswerRow = typeof osAssetAnswers.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The assets an OS serves (os_assets) and each one's checklist answers. They belong to the OS:
 * the assets module reads and writes them through here, and the OS's detail, conclusion and
 * seal need them without depending on the assets module.
 */
export function createOsAssetsRepo(db: DbOrTx) {
  return {
    async osAssetRows(osId: number) {
      return db
        .select({ a: assets, tipoNome: assetTypes.nome, tipoCategoria: assetTypes.categoria })
        .from(osAssets)
        .innerJoin(assets, eq(assets.id, osAssets.assetId))
        .innerJoin(assetTypes, eq(assetTypes.id, assets.typeId))
        .where(eq(osAssets.serviceOrderId, osId))
        .orderBy(sql`upper(${assets.tag})`);
    },

    async linkAssets(osId: number, assetIds: number[]) {
      if (assetIds.length === 0) return;
      await db
        .insert(osAssets)
        .values(assetIds.map((assetId) => ({ serviceOrderId: osId, assetId })))
        .onConflictDoNothing();
    },

    /** Drops the assets no longer served, with their answers. */
    async unlinkAssetsExcept(osId: number, keep: number[]) {
      const notKept = (col: typeof osAssets.assetId | typeof osAssetAnswers.assetId) =>
        keep.length === 0 ? undefined : sql`${col} <> all(${sql.param(keep)}::int[])`;
      await db
        .delete(osAssetAnswers)
        .where(and(eq(osAssetAnswers.serviceOrderId, osId), notKept(osAssetAnswers.assetId)));
      await db
        .delete(osAssets)
        .where(and(eq(osAssets.serviceOrderId, osId), notKept(osAssets.assetId)));
    },

    async assetsByIds(ids: number[]) {
      if (ids.length === 0) return [];
      return db.select().from(assets).where(inArray(assets.id, ids));
    },

    async answers(osId: number) {
      return db
        .select()
        .from(osAssetAnswers)
        .where(eq(osAssetAnswers.serviceOrderId, osId))
        .orderBy(osAssetAnswers.assetId, osAssetAnswers.itemId);
    },

    async upsertAnswer(v: typeof osAssetAnswers.$inferInsert) {
      const { serviceOrderId: _o, assetId: _a, itemId: _i, ...set } = v;
      await db
        .insert(osAssetAnswers)
        .values(v)
        .onConflictDoUpdate({
          target: [osAssetAnswers.serviceOrderId, osAssetAnswers.assetId, osAssetAnswers.itemId],
          set,
        });
    },

    async deleteAnswer(osId: number, assetId: number, itemId: number) {
      await db
        .delete(osAssetAnswers)
        .where(
          and(
            eq(osAssetAnswers.serviceOrderId, osId),
            eq(osAssetAnswers.assetId, assetId),
            eq(osAssetAnswers.itemId, itemId),
          ),
        );
    },

    /** The OSs that served an asset, newest first, with how many answers it got in each. */

    /**
     * The part of an OS's sealed content about the assets it served: their ids and each asset's
     * checklist answers. Null when the OS served none, so the content (and hash) of an OS
     * without assets is exactly what it was before assets existed.
     */
    async sealContent(osId: number) {
      const linked = await db
        .select({ id: osAssets.assetId })
        .from(osAssets)
        .where(eq(osAssets.serviceOrderId, osId))
        .orderBy(asc(osAssets.assetId));
      if (linked.length === 0) return null;
      const answers = await db
        .select()
        .from(osAssetAnswers)
        .where(eq(osAssetAnswers.serviceOrderId, osId))
        .orderBy(asc(osAssetAnswers.assetId), asc(osAssetAnswers.itemId));
      return linked.map(({ id }) => ({
        asset_id: id,
        respostas: answers
          .filter((a) => a.assetId === id)
          .map((a) => ({
            item_id: a.itemId,
            v: [a.valorSimNao, a.valorNumero, a.valorTexto, a.valorOpcoes, a.valorData],
            observacao: a.observacao,
            por: a.respondidoPor,
            em: iso(a.respondidoEm),
          })),
      }));
    },
  };
}
