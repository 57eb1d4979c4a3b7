import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { osAssetAnswers, osAssets } from '../../db/schema/index.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The part of an OS's sealed content about the assets it served: their ids and each asset's
 * checklist answers. Null when the OS served none, so the content (and hash) of an OS without
 * assets is exactly what it was before assets existed.
 */
export async function assetSealContent(db: DbOrTx, osId: number) {
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
}
