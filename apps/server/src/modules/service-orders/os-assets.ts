import { missingRequired, type OsAnswerValue } from '@eproto/domain';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { createOsAssetsRepo, type OsAssetAnswerRow } from './os-assets.repo.ts';
import type { OsRow } from './service-orders.repo.ts';
import { createServiceTypesRepo } from './service-types.repo.ts';
import { toItemRule } from './service-types.service.ts';

/** The value of one asset's answer, as the OS's own answers are read. */
export const valueOf = (a: OsAssetAnswerRow): OsAnswerValue => ({
  valor_sim_nao: a.valorSimNao,
  valor_numero: a.valorNumero,
  valor_texto: a.valorTexto,
  valor_opcoes: a.valorOpcoes,
  valor_data: a.valorData,
});

/**
 * How many assets the OS serves and the required checklist items missing per asset ("AC-01:
 * Filtro limpo"), null when it serves none (then the OS's own checklist is what is required).
 * Photos stay the OS's: a photo item counts the OS's photos of that item for every asset.
 */
export async function perAssetChecklist(
  tx: DbOrTx,
  o: Pick<OsRow, 'id' | 'versionId'>,
  photosPerItem: ReadonlyMap<number, number>,
): Promise<{ ativos: number; pendencias: string[] | null }> {
  const repo = createOsAssetsRepo(tx);
  const linked = await repo.osAssetRows(o.id);
  if (linked.length === 0) return { ativos: 0, pendencias: null };
  const items = (await createServiceTypesRepo(tx).items([o.versionId])).map(toItemRule);
  const answers = await repo.answers(o.id);
  const pendencias = linked.flatMap(({ a }) =>
    missingRequired(
      items,
      new Map(answers.filter((x) => x.assetId === a.id).map((x) => [x.itemId, valueOf(x)])),
      photosPerItem,
    ).map((m) => `${a.tag}: ${m}`),
  );
  return { ativos: linked.length, pendencias };
}

/** Required items missing per asset, or null when the OS serves no asset (perAssetChecklist). */
export async function missingPerAsset(
  tx: DbOrTx,
  o: Pick<OsRow, 'id' | 'versionId'>,
  photosPerItem: ReadonlyMap<number, number>,
): Promise<string[] | null> {
  return (await perAssetChecklist(tx, o, photosPerItem)).pendencias;
}

/**
 * Checks and links the assets an OS serves, inside the OS's transaction: each must be of the
 * OS's contract and not replaced. Used by the OS's creation and by gestão's edit.
 */
export async function linkOsAssets(
  tx: DbOrTx,
  os: Pick<OsRow, 'id' | 'contractId'>,
  ids: number[],
) {
  const wanted = [...new Set(ids)];
  const repo = createOsAssetsRepo(tx);
  const rows = await repo.assetsByIds(wanted);
  for (const id of wanted) {
    const a = rows.find((r) => r.id === id);
    if (!a || a.contractId !== os.contractId) {
      throw new AppError('VALIDATION', 'Ativo não encontrado no contrato da OS.', 'ativos');
    }
    if (a.status === 'substituido') {
      throw new AppError(
        'VALIDATION',
        `O ativo ${a.tag} foi substituído: escolha o ativo que o substituiu.`,
        'ativos',
      );
    }
  }
  await repo.unlinkAssetsExcept(os.id, wanted);
  await repo.linkAssets(os.id, wanted);
}
