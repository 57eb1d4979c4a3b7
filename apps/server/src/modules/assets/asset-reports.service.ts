import {
  ASSET_REPORT_HONEYPOT,
  ASSET_REPORT_PER_ADDRESS_HOUR,
  ASSET_REPORT_STATUS_LABELS,
  assetReportFields,
  assetReportPath,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { newToken, tokenHash } from '../../lib/crypto.ts';
import { AppError, RetryLaterError } from '../../lib/errors.ts';
import type { RequestsService } from '../requests/requests.service.ts';
import { createAssetPublicRepo } from './asset-public.repo.ts';
import { createAssetReportsRepo } from './asset-reports.repo.ts';
import type { AssetActor } from './assets.service.ts';

/** A photo already stored for a report (removed again if the report is refused). */
export interface StoredPhoto {
  storageKey: string;
  fileName: string;
  mimeType: string;
  size: number;
}

const labelGone = () =>
  new AppError('NOT_FOUND', 'Etiqueta não encontrada: este equipamento não está mais cadastrado.');

/**
 * "Relatar problema" (issue 34, point 5): a report from an asset's public page opens a
 * manutenção solicitação of its contract (through the requests service) and gives back a
 * protocol and a follow link. Switchable per contract; at most
 * ASSET_REPORT_PER_ADDRESS_HOUR reports per sender address per hour, on every node (counted in
 * PostgreSQL by the address's hash).
 */
export function createAssetReportsService(
  deps: Pick<
    ServiceDeps,
    'database' | 'events' | 'storage' | 'access' | 'config' | 'notifications'
  >,
  { requests: requestsService }: { requests: RequestsService },
) {
  const db = deps.database.db;
  const repo = createAssetReportsRepo(db);
  const labels = createAssetPublicRepo(db);

  return {
    enabled: (contractId: number) => repo.enabled(contractId),

    /** Refuses before any byte of the form is stored: unknown code, switched off, too many. */
    async admit(codigo: string, origin: string) {
      const asset = await labels.byCode(codigo);
      if (!asset) throw labelGone();
      if (!(await repo.enabled(asset.contractId))) {
        throw new AppError(
          'FORBIDDEN',
          'Este local não recebe relatos pela etiqueta. Fale com a administração do prédio.',
        );
      }
      const hour = new Date(Date.now() - 3_600_000);
      if ((await repo.sentSince(tokenHash(origin), hour)) >= ASSET_REPORT_PER_ADDRESS_HOUR) {
        throw new RetryLaterError(
          `Muitos relatos enviados desta conexão: no máximo ${ASSET_REPORT_PER_ADDRESS_HOUR} por hora. Tente de novo mais tarde.`,
          3600,
        );
      }
      return asset;
    },

    /** Checks the typed fields and writes the request, its photos and the report at once. */
    async report(
      codigo: string,
      origin: string,
      fields: Record<string, string>,
      photos: StoredPhoto[],
    ) {
      const asset = await this.admit(codigo, origin);
      if ((fields[ASSET_REPORT_HONEYPOT] ?? '') !== '') {
        // Filled by a robot (the field is hidden from people): refused, nothing written.
        throw new AppError('VALIDATION', 'Não foi possível enviar o relato.');
      }
      const parsed = assetReportFields.safeParse(fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new AppError('VALIDATION', issue.message, String(issue.path[0] ?? ''));
      }
      const f = parsed.data;
      const token = newToken();
      const { protocolo, after } = await db.transaction(async (tx) => {
        const opened = await requestsService.openPublic(tx, {
          contractId: asset.contractId,
          descricao: `[${asset.tag}] ${f.descricao}`,
          solicitante: `${f.nome} · ${f.contato}`,
          photos,
        });
        const protocolo = `${new Date().getFullYear()}-${String(opened.id).padStart(6, '0')}`;
        await createAssetReportsRepo(tx).insert({
          assetId: asset.id,
          requestId: opened.id,
          protocolo,
          tokenHash: tokenHash(token),
          nome: f.nome,
          contato: f.contato,
          origemHash: tokenHash(origin),
        });
        return { protocolo, after: opened.after };
      });
      await after();
      return { protocolo, acompanhar: assetReportPath(token) };
    },

    /** The follow page: protocol, tag and the state in plain words; nothing internal. */
    async status(token: string) {
      const row = await repo.byToken(tokenHash(token));
      if (!row) throw new AppError('NOT_FOUND', 'Relato não encontrado: confira o link.');
      return {
        protocolo: row.protocolo,
        tag: row.tag,
        situacao: ASSET_REPORT_STATUS_LABELS[row.status],
        concluido: row.status === 'atendida' || row.status === 'recusada',
        enviado_em: row.createdAt.toISOString(),
        atualizado_em: row.updatedAt.toISOString(),
      };
    },

    /** Gestão switches a contract's public reports (a contract outside its scope: 404). */
    async setEnabled(u: AssetActor, contractId: number, ativo: boolean) {
      try {
        await deps.access.scope(db).assertContractVisible(u, contractId);
      } catch {
        throw new AppError('NOT_FOUND', 'Contrato não encontrado.');
      }
      // In a transaction: the activity-log row commits with the switch (plugins/audit.ts).
      await db.transaction((tx) => createAssetReportsRepo(tx).setEnabled(contractId, ativo, u.id));
      return { contract_id: contractId, ativo };
    },

    async getEnabled(u: AssetActor, contractId: number) {
      try {
        await deps.access.scope(db).assertContractVisible(u, contractId);
      } catch {
        throw new AppError('NOT_FOUND', 'Contrato não encontrado.');
      }
      return { contract_id: contractId, ativo: await repo.enabled(contractId) };
    },
  };
}
