import { assetPublicPath, assetSite } from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { renderAssetLabelsPdf } from './asset-labels.pdf.ts';
import { createAssetPublicRepo, type AssetLabelRow } from './asset-public.repo.ts';
import type { AssetActor } from './assets.service.ts';

const notFound = () => new AppError('NOT_FOUND', 'Ativo não encontrado.');

/**
 * QR labels and the asset a scanned label names. Labels: gestão (the route's permission), only
 * assets of the caller's contracts (any other id answers 404, nothing printed).
 */
export function createAssetLabelsService(
  deps: Pick<ServiceDeps, 'database' | 'access' | 'config'>,
) {
  const db = deps.database.db;
  const repo = createAssetPublicRepo(db);
  const scopes = deps.access.scope(db);
  const base = deps.config.publicUrl.replace(/\/$/, '');

  async function inScope(u: AssetActor, row: AssetLabelRow | undefined) {
    if (!row) return false;
    const ids = await scopes.contractIds(u);
    return ids === 'all' || ids.includes(row.contractId);
  }

  return {
    /** The URL a label's QR holds. */
    publicUrl: (codigo: string) => `${base}${assetPublicPath(codigo)}`,

    /** The PDF of labels of `ids`, in that order; codes are made for assets without one. */
    async labelsPdf(u: AssetActor, ids: number[]) {
      const found = await repo.byIds(ids);
      const visible = await scopes.contractIds(u);
      const allowed = found.filter((r) => visible === 'all' || visible.includes(r.contractId));
      if (allowed.length !== ids.length) throw notFound();
      await repo.ensureCodes(allowed.filter((r) => r.codigo === null).map((r) => r.id));
      const byId = new Map((await repo.byIds(ids)).map((r) => [r.id, r] as const));
      return renderAssetLabelsPdf(
        ids.map((id) => {
          const r = byId.get(id)!;
          return {
            tag: r.tag,
            tipo: r.tipo,
            local: assetSite(r),
            contrato: `${r.contratoCodigo} — ${r.contratoNome}`,
            url: this.publicUrl(r.codigo!),
          };
        }),
      );
    },

    /** The asset a scanned label names, if the caller may open it (404 otherwise). */
    async byCode(u: AssetActor, codigo: string) {
      const row = await repo.byCode(codigo);
      if (!row || !(await inScope(u, row))) {
        throw new AppError(
          'NOT_FOUND',
          'Etiqueta não encontrada: este ativo não existe mais ou não é dos seus contratos.',
        );
      }
      return { id: row.id };
    },

    /** What the public page shows; `interno_id` only for a signed-in person in scope. */
    async publicView(
      codigo: string,
      u: AssetActor | null,
      relatos: (contractId: number) => Promise<boolean>,
    ) {
      const row = await repo.byCode(codigo);
      if (!row) {
        throw new AppError(
          'NOT_FOUND',
          'Etiqueta não encontrada: este equipamento não está mais cadastrado.',
        );
      }
      return {
        codigo,
        tag: row.tag,
        tipo: row.tipo,
        local: assetSite(row),
        relatos: await relatos(row.contractId),
        interno_id: u && (await inScope(u, row)) ? row.id : null,
      };
    },
  };
}
