import {
  ASSET_FILE_ACCEPTED,
  ASSET_FILE_MAX_BYTES,
  can,
  type AssetFile,
  type AssetFileEvent,
  type AssetFiles,
} from '@eproto/domain';
import type { FastifyRequest } from 'fastify';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { safeFileName, sniffFileType } from '../../lib/file-type.ts';
import { incomingFile, usingFile, type IncomingFile } from '../../lib/incoming-file.ts';
import { removeAfterCommit } from '../../lib/storage-cleanup.ts';
import { PHOTO_TYPES, storePhoto } from '../service-orders/service-order-photo-store.ts';
import { createAssetFilesRepo, type AssetFileRow } from './asset-files.repo.ts';
import { publishAssetChanged } from './asset-events.ts';
import { createAssetsRepo } from './assets.repo.ts';
import type { AssetActor } from './assets.service.ts';

const fileNotFound = () => new AppError('NOT_FOUND', 'Arquivo não encontrado.');
const tooLarge = () =>
  new AppError(
    'VALIDATION',
    `Arquivo grande demais: o limite é ${ASSET_FILE_MAX_BYTES / 1_048_576} MB por arquivo.`,
    'file',
  );
const wrongType = () => new AppError('VALIDATION', ASSET_FILE_ACCEPTED, 'file');

type Joined = Awaited<ReturnType<ReturnType<typeof createAssetFilesRepo>['ofAsset']>>[number];

const person = (id: number | null, nome: string | null) =>
  id !== null && nome !== null ? { id, nome } : null;

function toFile(r: Joined): AssetFile {
  return {
    id: r.f.id,
    tipo: r.f.tipo,
    nome: r.f.fileName,
    mime: r.f.mimeType,
    tamanho: r.f.size,
    enviado_em: r.f.createdAt.toISOString(),
    enviado_por: person(r.f.uploadedBy, r.enviadoPorNome),
  };
}

/** The history of the asset's files, newest first: each addition and each removal. */
function historyOf(rows: Joined[]): AssetFileEvent[] {
  const events: AssetFileEvent[] = [];
  for (const r of rows) {
    const base = { arquivo_id: r.f.id, nome: r.f.fileName, tipo: r.f.tipo };
    events.push({
      ...base,
      acao: 'adicionado',
      quem: person(r.f.uploadedBy, r.enviadoPorNome),
      quando: r.f.createdAt.toISOString(),
    });
    if (r.f.removidoEm) {
      events.push({
        ...base,
        acao: 'removido',
        quem: person(r.f.removidoPor, r.removidoPorNome),
        quando: r.f.removidoEm.toISOString(),
      });
    }
  }
  return events.sort((a, b) => b.quando.localeCompare(a.quando) || b.arquivo_id - a.arquivo_id);
}

/** Upload errors said for this form: too big and wrong type are 400 with what is accepted. */
function inPortuguese(err: unknown): unknown {
  const code = (err as { code?: string } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'PAYLOAD_TOO_LARGE') return tooLarge();
  if (code === 'UNSUPPORTED_MEDIA') return wrongType();
  return err;
}

/**
 * Photos (JPEG/PNG, with a thumbnail) and documents (PDF) of an asset. Whoever reads the asset
 * (its contract in their scope) lists and downloads them; gestão (`assets.manage`) uploads and
 * removes. A removal keeps the row for the history; the stored bytes go after the commit.
 */
export function createAssetFilesService(
  deps: Pick<ServiceDeps, 'database' | 'events' | 'access' | 'storage' | 'jobs'>,
) {
  const db = deps.database.db;
  const scopes = deps.access.scope(db);
  const repo = createAssetFilesRepo(db);

  async function visibleAsset(u: AssetActor, id: number) {
    const row = await createAssetsRepo(db).byId(id);
    if (!row) throw new AppError('NOT_FOUND', 'Ativo não encontrado.');
    const ids = await scopes.contractIds(u);
    if (ids !== 'all' && !ids.includes(row.a.contractId)) {
      throw new AppError('NOT_FOUND', 'Ativo não encontrado.');
    }
    return row;
  }

  function assertManager(u: AssetActor) {
    if (!can(u, 'assets.manage')) {
      throw new AppError(
        'FORBIDDEN',
        'Só a gestão (coordenador, gerente ou diretoria) envia e remove arquivos de ativos.',
      );
    }
  }

  /** Stores the file by what its bytes are: a photo with its thumbnail, or a PDF. */
  async function store(assetId: number, file: IncomingFile) {
    const fileName = safeFileName(file.fileName);
    if (file.head.length === 0) throw new AppError('VALIDATION', 'O arquivo está vazio.', 'file');
    const type = sniffFileType(file.head, fileName);
    const prefix = `ativos/${assetId}`;
    if (type && PHOTO_TYPES.includes(type.mime)) {
      const photo = await storePhoto(deps.storage, prefix, file, fileName);
      return { tipo: 'foto' as const, fileName, ...photo };
    }
    if (type?.mime !== 'application/pdf') throw wrongType();
    const key = await deps.storage.put(prefix, 'pdf', file.stream);
    return {
      tipo: 'documento' as const,
      fileName,
      key,
      thumbKey: null,
      mimeType: type.mime,
      size: file.size(),
    };
  }

  async function currentFile(u: AssetActor, assetId: number, fileId: number) {
    await visibleAsset(u, assetId);
    const row = await repo.current(assetId, fileId);
    if (!row || !(await deps.storage.exists(row.storageKey))) throw fileNotFound();
    return row;
  }

  const outgoing = (row: AssetFileRow, thumb: boolean) => ({
    stream: deps.storage.get(thumb && row.thumbKey ? row.thumbKey : row.storageKey),
    mimeType: thumb && row.thumbKey ? 'image/jpeg' : row.mimeType,
    fileName: thumb && row.thumbKey ? 'miniatura.jpg' : row.fileName,
    size: thumb && row.thumbKey ? undefined : row.size,
  });

  return {
    async list(u: AssetActor, assetId: number): Promise<AssetFiles> {
      await visibleAsset(u, assetId);
      const rows = await repo.ofAsset(assetId);
      return {
        items: rows.filter((r) => r.f.removidoEm === null).map(toFile),
        historico: historyOf(rows),
        pode_editar: can(u, 'assets.manage'),
      };
    },

    /** multipart/form-data with the file in `file` (checked by its bytes, ≤ 10 MB). */
    async upload(u: AssetActor, assetId: number, req: FastifyRequest): Promise<AssetFile> {
      await visibleAsset(u, assetId);
      assertManager(u);
      if (!req.isMultipart()) {
        throw new AppError('VALIDATION', 'Envie o arquivo como multipart/form-data.', 'file');
      }
      let stored: Awaited<ReturnType<typeof store>>;
      try {
        const part = await req.file({ limits: { fileSize: ASSET_FILE_MAX_BYTES, files: 1 } });
        if (!part || part.fieldname !== 'file') {
          part?.file.resume();
          throw new AppError('VALIDATION', 'Selecione uma foto ou um documento.', 'file');
        }
        stored = await usingFile(await incomingFile(part), (f) => store(assetId, f));
      } catch (err) {
        throw inPortuguese(err);
      }
      try {
        const { row, version } = await db.transaction(async (tx) => ({
          row: await createAssetFilesRepo(tx).insert({
            assetId,
            tipo: stored.tipo,
            storageKey: stored.key,
            thumbKey: stored.thumbKey,
            fileName: stored.fileName,
            mimeType: stored.mimeType,
            size: stored.size,
            uploadedBy: u.id,
          }),
          // The asset's page shows its files: its version moves with them.
          version: await createAssetsRepo(tx).update(assetId),
        }));
        await publishAssetChanged(deps, version, { part: 'files' });
        const saved = (await repo.ofAsset(assetId)).find((r) => r.f.id === row.id)!;
        return toFile(saved);
      } catch (err) {
        await deps.storage.remove(stored.key).catch(() => undefined);
        if (stored.thumbKey) await deps.storage.remove(stored.thumbKey).catch(() => undefined);
        throw err;
      }
    },

    async download(u: AssetActor, assetId: number, fileId: number) {
      return outgoing(await currentFile(u, assetId, fileId), false);
    },

    /** A photo's thumbnail (JPEG); a document has none (404). */
    async thumbnail(u: AssetActor, assetId: number, fileId: number) {
      const row = await currentFile(u, assetId, fileId);
      if (!row.thumbKey) throw fileNotFound();
      return outgoing(row, true);
    },

    async remove(u: AssetActor, assetId: number, fileId: number) {
      await visibleAsset(u, assetId);
      assertManager(u);
      const { removeStored, version } = await db.transaction(async (tx) => {
        const row = await createAssetFilesRepo(tx).markRemoved(assetId, fileId, u.id);
        if (!row) throw fileNotFound();
        return {
          removeStored: await removeAfterCommit(deps, tx, [row.storageKey, row.thumbKey]),
          version: await createAssetsRepo(tx).update(assetId),
        };
      });
      await removeStored();
      await publishAssetChanged(deps, version, { part: 'files' });
    },
  };
}
