import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { assetPublicCodes, assets, assetTypes, contracts } from '../../db/schema/index.ts';

/** 96 random bits as 16 characters of base64url (ASSET_PUBLIC_CODE). */
const newCode = () => randomBytes(12).toString('base64url');

const labelRow = {
  id: assets.id,
  contractId: assets.contractId,
  tag: assets.tag,
  predio: assets.predio,
  andar: assets.andar,
  sala: assets.sala,
  tipo: assetTypes.nome,
  contratoCodigo: contracts.codigo,
  contratoNome: contracts.nome,
  codigo: assetPublicCodes.codigo,
};
export type AssetLabelRow = {
  id: number;
  contractId: number;
  tag: string;
  predio: string | null;
  andar: string | null;
  sala: string | null;
  tipo: string;
  contratoCodigo: string;
  contratoNome: string;
  codigo: string | null;
};

/** Public codes of assets and what a label or the public page shows (Drizzle only). */
export function createAssetPublicRepo(db: DbOrTx) {
  const base = () =>
    db
      .select(labelRow)
      .from(assets)
      .innerJoin(contracts, eq(contracts.id, assets.contractId))
      .innerJoin(assetTypes, eq(assetTypes.id, assets.typeId))
      .leftJoin(assetPublicCodes, eq(assetPublicCodes.assetId, assets.id));

  return {
    /** The assets of `ids` that exist, with their code (null until the first label). */
    async byIds(ids: number[]): Promise<AssetLabelRow[]> {
      if (ids.length === 0) return [];
      return base().where(inArray(assets.id, ids));
    },

    async byCode(codigo: string): Promise<AssetLabelRow | undefined> {
      const [row] = await base().where(eq(assetPublicCodes.codigo, codigo)).limit(1);
      return row;
    },

    /**
     * Gives each asset of `ids` a code if it has none; two printings at once keep the first
     * (ON CONFLICT on the asset), so a printed label never stops working.
     */
    async ensureCodes(ids: number[]) {
      if (ids.length === 0) return;
      await db
        .insert(assetPublicCodes)
        .values(ids.map((assetId) => ({ assetId, codigo: newCode() })))
        .onConflictDoNothing({ target: assetPublicCodes.assetId });
    },
  };
}
