import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { OsRow } from '../service-orders/service-orders.repo.ts';
import { createAssetPlansRepo } from './assets-plans.repo.ts';

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
  const repo = createAssetPlansRepo(tx);
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
