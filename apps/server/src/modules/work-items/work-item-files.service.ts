import type { ServiceDeps } from '../../deps.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import type { AttachmentForm } from '../../lib/file-http.ts';
import { acceptedFileType, safeFileName } from '../../lib/file-type.ts';
import { removeAfterCommit } from '../../lib/storage-cleanup.ts';
import type { ScopeUser } from '../access/scope.service.ts';
import type { WorkItemAccess, WorkItemKind } from './work-item-kind.ts';
import { toAttachment } from './work-item-mapper.ts';
import { createWorkItemsRepo } from './work-items.repo.ts';

const notFoundAttachment = () => new AppError('NOT_FOUND', 'Anexo não encontrado.');

/**
 * Files of any work item: list, upload (type by content), download (scope checked), delete
 * with a reason kept in history (the row stays, the stored file goes).
 */
export function createWorkItemFilesService<F extends string, A extends WorkItemAccess>(
  deps: ServiceDeps,
  kind: WorkItemKind<F, A>,
) {
  const { db } = deps.database;
  const notifications = deps.notifications;
  const repo = () => createWorkItemsRepo(db, kind.tables);

  /** Checks scope and permission before the request body is read. */
  async function assertCanUpload(u: ScopeUser, id: number) {
    const item = await kind.access(deps.access, db, u, id);
    if (!item.can.upload) throw forbidden();
    return item;
  }

  return {
    assertCanUpload,

    async list(u: ScopeUser, id: number) {
      await kind.access(deps.access, db, u, id);
      return (await repo().attachments(id)).map((r) => toAttachment(kind, r));
    },

    async upload(u: ScopeUser & { nome: string }, id: number, input: AttachmentForm) {
      const item = await assertCanUpload(u, id);
      const fileName = safeFileName(input.file.fileName);
      const type = acceptedFileType(input.file.head, fileName);
      const displayName = input.displayName?.trim() || fileName;
      const key = await deps.storage.put(`${kind.name}/${id}`, type.ext, input.file.stream);
      try {
        const { row, publish } = await db.transaction(async (tx) => {
          const items = createWorkItemsRepo(tx, kind.tables);
          const row = await items.insertAttachment(id, {
            storageKey: key,
            displayName,
            fileName,
            mimeType: type.mime,
            size: input.file.size(),
            uploadedBy: u.id,
          });
          await kind.touched(tx, item, u.id);
          await items.insertHistory(id, {
            authorId: u.id,
            action: 'anexo_adicionado',
            after: {
              attachment_id: row.id,
              display_name: displayName,
              file_name: fileName,
              mime_type: type.mime,
              size: row.size,
            },
          });
          const publish = await notifications.notify(
            {
              userIds: await kind.watchers(tx, item),
              type: 'attachment',
              authorId: u.id,
              muralId: item.muralId,
              protocolId: item.protocolId,
              link: item.link,
              texto: `Novo anexo ${item.where}: ${displayName}`,
            },
            tx,
          );
          return { row, publish };
        });
        await publish();
        await kind.changed(deps, item, 'attachments');
        return toAttachment(kind, {
          ...row,
          itemId: id,
          displayName,
          fileName,
          mimeType: type.mime,
          uploadedBy: u.id,
          uploadedByNome: u.nome,
        });
      } catch (err) {
        await deps.storage.remove(key).catch(() => undefined);
        throw err;
      }
    },

    async download(u: ScopeUser, id: number, attId: number) {
      await kind.access(deps.access, db, u, id);
      const row = await repo().attachment(id, attId);
      if (!row || !(await deps.storage.exists(row.storageKey))) throw notFoundAttachment();
      return {
        stream: deps.storage.get(row.storageKey),
        mimeType: row.mimeType,
        fileName: row.fileName,
        size: row.size,
      };
    },

    /** Uploaders delete their own files; those with deleteAnyAttachment any file. */
    async remove(u: ScopeUser, id: number, attId: number, reason: string) {
      const item = await kind.access(deps.access, db, u, id);
      const row = await repo().attachment(id, attId);
      if (!row) throw notFoundAttachment();
      if (row.uploadedBy !== u.id && !item.can.deleteAnyAttachment) throw forbidden();
      const removeFile = await db.transaction(async (tx) => {
        const items = createWorkItemsRepo(tx, kind.tables);
        if (!(await items.softDeleteAttachment(attId, u.id, reason))) throw notFoundAttachment();
        await kind.touched(tx, item, u.id);
        await items.insertHistory(id, {
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
        // The row stays (history) but no longer serves the file.
        return removeAfterCommit(deps, tx, [row.storageKey]);
      });
      await removeFile();
      await kind.changed(deps, item, 'attachments');
    },
  };
}
