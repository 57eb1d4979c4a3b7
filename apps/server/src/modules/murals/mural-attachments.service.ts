import type { MuralAttachment } from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { acceptedFileType, safeFileName } from '../../lib/file-type.ts';
import { createScopeService, type ScopeUser } from '../access/scope.service.ts';
import { createNotificationsService } from '../notifications/notifications.service.ts';
import { publishMuralChanged } from './mural-events.ts';
import { createMuralItemsRepo } from './mural-items.repo.ts';
import { muralPermissions } from './mural-permissions.ts';
import { createMuralsRepo } from './murals.repo.ts';

export interface UploadInput {
  data: Buffer;
  fileName: string | undefined;
  displayName: string | undefined;
}

const notFoundAttachment = () => new AppError('NOT_FOUND', 'Anexo não encontrado.');

const downloadUrl = (muralId: number, id: number) =>
  `/api/eproto/murals/${muralId}/attachments/${id}/download`;

/** Files of a demand: list, upload (type by content), download (scope checked), delete with reason. */
export function createMuralAttachmentsService(deps: ServiceDeps) {
  const { db } = deps.database;
  const scope = createScopeService(db);
  const notifications = createNotificationsService(deps);

  async function list(u: ScopeUser, muralId: number): Promise<MuralAttachment[]> {
    await scope.assertMuralVisible(u, muralId);
    const rows = await createMuralItemsRepo(db).attachments(muralId);
    return rows.map((r) => ({
      id: r.id,
      mural_id: r.muralId,
      display_name: r.displayName,
      file_name: r.fileName,
      mime_type: r.mimeType,
      size: r.size,
      uploaded_by: r.uploadedBy,
      uploaded_by_nome: r.uploadedByNome,
      created_at: r.createdAt.toISOString(),
      download_url: downloadUrl(r.muralId, r.id),
    }));
  }

  return {
    list,

    /** Checks scope and permission before the request body is read. */
    async assertCanUpload(u: ScopeUser, muralId: number) {
      const access = await scope.assertMuralVisible(u, muralId);
      if (!muralPermissions(access, u.id).upload) throw forbidden();
      return access;
    },

    async upload(
      u: ScopeUser & { nome: string },
      muralId: number,
      input: UploadInput,
    ): Promise<MuralAttachment> {
      const access = await this.assertCanUpload(u, muralId);
      const fileName = safeFileName(input.fileName);
      const type = acceptedFileType(input.data, fileName);
      const displayName = input.displayName?.trim() || fileName;
      const key = await deps.storage.put(`murals/${muralId}`, type.ext, input.data);
      try {
        const { row, publish } = await db.transaction(async (tx) => {
          const row = await createMuralItemsRepo(tx).insertAttachment({
            muralId,
            storageKey: key,
            displayName,
            fileName,
            mimeType: type.mime,
            size: input.data.length,
            uploadedBy: u.id,
          });
          const repo = createMuralsRepo(tx);
          await repo.touch(muralId, u.id);
          await repo.insertHistory({
            muralId,
            authorId: u.id,
            action: 'anexo_adicionado',
            before: null,
            after: {
              attachment_id: row.id,
              display_name: displayName,
              file_name: fileName,
              mime_type: type.mime,
              size: row.size,
            },
          });
          const m = (await repo.byId(muralId))!;
          const participants = await createMuralItemsRepo(tx).participantIds(muralId);
          const publish = await notifications.notify(
            {
              userIds: [m.responsavelId, m.createdBy, ...participants].filter(
                (x): x is number => x !== null,
              ),
              type: 'attachment',
              authorId: u.id,
              muralId,
              texto: `Novo anexo em "${access.titulo}": ${displayName}`,
            },
            tx,
          );
          return { row, publish };
        });
        await publish();
        await publishMuralChanged(deps, muralId, { part: 'attachments' });
        return {
          id: row.id,
          mural_id: muralId,
          display_name: row.displayName,
          file_name: row.fileName,
          mime_type: row.mimeType,
          size: row.size,
          uploaded_by: u.id,
          uploaded_by_nome: u.nome,
          created_at: row.createdAt.toISOString(),
          download_url: downloadUrl(muralId, row.id),
        };
      } catch (err) {
        await deps.storage.remove(key).catch(() => undefined);
        throw err;
      }
    },

    async download(u: ScopeUser, muralId: number, id: number) {
      await scope.assertMuralVisible(u, muralId);
      const row = await createMuralItemsRepo(db).attachment(muralId, id);
      if (!row || !(await deps.storage.exists(row.storageKey))) throw notFoundAttachment();
      return {
        stream: deps.storage.get(row.storageKey),
        mimeType: row.mimeType,
        fileName: row.fileName,
        size: row.size,
      };
    },

    async remove(u: ScopeUser, muralId: number, id: number, reason: string) {
      const access = await scope.assertMuralVisible(u, muralId);
      const row = await createMuralItemsRepo(db).attachment(muralId, id);
      if (!row) throw notFoundAttachment();
      if (row.uploadedBy !== u.id && !muralPermissions(access, u.id).delete_any_attachment) {
        throw forbidden();
      }
      await db.transaction(async (tx) => {
        if (!(await createMuralItemsRepo(tx).softDeleteAttachment(id, u.id, reason))) {
          throw notFoundAttachment();
        }
        const repo = createMuralsRepo(tx);
        await repo.touch(muralId, u.id);
        await repo.insertHistory({
          muralId,
          authorId: u.id,
          action: 'anexo_removido',
          before: {
            attachment_id: row.id,
            display_name: row.displayName,
            file_name: row.fileName,
            size: row.size,
          },
          after: { reason },
          texto: reason,
        });
      });
      await deps.storage.remove(row.storageKey).catch(() => undefined);
      await publishMuralChanged(deps, muralId, { part: 'attachments' });
    },
  };
}
