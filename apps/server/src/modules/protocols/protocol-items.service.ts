import type { ProtocolAttachment, ProtocolHistory, ProtocolMessage } from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { acceptedFileType, safeFileName } from '../../lib/file-type.ts';
import type { ScopeUser } from '../access/scope.service.ts';
import { createMuralMessagesService } from '../murals/mural-messages.service.ts';
import { findMentions } from '../murals/mural-mentions.ts';
import { createNotificationsService } from '../notifications/notifications.service.ts';
import { avatarUrl } from '../users/users.mapper.ts';
import { loadProtocolAccess } from './protocol-access.ts';
import { publishProtocolsChanged } from './protocol-events.ts';
import { createProtocolItemsRepo } from './protocol-items.repo.ts';
import { toHistory } from './protocol-mapper.ts';

export interface UploadInput {
  data: Buffer;
  fileName: string | undefined;
  displayName: string | undefined;
}

const downloadUrl = (protocolId: number, id: number) =>
  `/api/eproto/protocols/${protocolId}/attachments/${id}/download`;

/** History notes, messages with @mentions and files of a task. */
export function createProtocolItemsService(deps: ServiceDeps) {
  const { db } = deps.database;
  const notifications = createNotificationsService(deps);
  const muralMessages = createMuralMessagesService(deps);
  const changed = (muralId: number, id: number) =>
    publishProtocolsChanged(deps, [{ muralId, ids: [id] }]);

  async function history(u: ScopeUser, id: number): Promise<ProtocolHistory[]> {
    await loadProtocolAccess(db, u, id);
    const rows = await createProtocolItemsRepo(db).history(id);
    return rows.map(toHistory);
  }

  return {
    history,

    async addNote(u: ScopeUser, id: number, texto: string): Promise<ProtocolHistory[]> {
      const access = await loadProtocolAccess(db, u, id);
      if (!access.permissions.message) throw forbidden();
      await createProtocolItemsRepo(db).insertHistory({
        protocolId: id,
        authorId: u.id,
        action: 'nota',
        before: null,
        after: null,
        texto,
      });
      await changed(access.task.muralId, id);
      return history(u, id);
    },

    async messages(u: ScopeUser, id: number): Promise<ProtocolMessage[]> {
      await loadProtocolAccess(db, u, id);
      const rows = await createProtocolItemsRepo(db).messages(id);
      return rows.map((r) => ({
        id: r.id,
        protocol_id: r.protocolId,
        texto: r.texto,
        author_id: r.authorId,
        author_nome: r.authorNome,
        author_avatar: r.authorId
          ? avatarUrl({ id: r.authorId, avatarPath: r.authorAvatarPath })
          : null,
        mentions: r.mentions,
        created_at: r.createdAt.toISOString(),
      }));
    },

    /** Posts a message; people who can see the demand and are "@Nome"-mentioned are notified. */
    async postMessage(
      u: ScopeUser & { nome: string; avatarPath: string | null },
      id: number,
      texto: string,
      ids: number[] = [],
    ): Promise<ProtocolMessage> {
      const access = await loadProtocolAccess(db, u, id);
      if (!access.permissions.message) throw forbidden();
      const people = await muralMessages.mentionables(u, access.task.muralId);
      const allowed = new Set(people.map((p) => p.id));
      const mentioned = [
        ...new Set([...findMentions(texto, people), ...ids.filter((x) => allowed.has(x))]),
      ].filter((x) => x !== u.id);
      const { message, publish } = await db.transaction(async (tx) => {
        const items = createProtocolItemsRepo(tx);
        const message = await items.insertMessage({
          protocolId: id,
          authorId: u.id,
          texto,
          mentions: mentioned,
        });
        await items.insertHistory({
          protocolId: id,
          authorId: u.id,
          action: 'mensagem',
          before: null,
          after: { message_id: message.id, mentions: mentioned },
          texto: texto.slice(0, 300),
        });
        const publish = await notifications.notify(
          {
            userIds: mentioned,
            type: 'mention',
            authorId: u.id,
            muralId: access.task.muralId,
            protocolId: id,
            texto: `${u.nome} mencionou você na tarefa "${access.task.titulo}": ${texto}`,
          },
          tx,
        );
        return { message, publish };
      });
      await publish();
      await changed(access.task.muralId, id);
      return {
        id: message.id,
        protocol_id: id,
        texto,
        author_id: u.id,
        author_nome: u.nome,
        author_avatar: avatarUrl(u),
        mentions: mentioned,
        created_at: message.createdAt.toISOString(),
      };
    },

    async attachments(u: ScopeUser, id: number): Promise<ProtocolAttachment[]> {
      await loadProtocolAccess(db, u, id);
      const rows = await createProtocolItemsRepo(db).attachments(id);
      return rows.map((r) => ({
        id: r.id,
        protocol_id: r.protocolId,
        display_name: r.displayName,
        file_name: r.fileName,
        mime_type: r.mimeType,
        size: r.size,
        uploaded_by: r.uploadedBy,
        uploaded_by_nome: r.uploadedByNome,
        created_at: r.createdAt.toISOString(),
        download_url: downloadUrl(r.protocolId, r.id),
      }));
    },

    /** Scope and permission, checked before the request body is read. */
    async assertCanUpload(u: ScopeUser, id: number) {
      const access = await loadProtocolAccess(db, u, id);
      if (!access.permissions.message) throw forbidden();
      return access;
    },

    async upload(
      u: ScopeUser & { nome: string },
      id: number,
      input: UploadInput,
    ): Promise<ProtocolAttachment> {
      const access = await this.assertCanUpload(u, id);
      const fileName = safeFileName(input.fileName);
      const type = acceptedFileType(input.data, fileName);
      const displayName = input.displayName?.trim() || fileName;
      const key = await deps.storage.put(`protocols/${id}`, type.ext, input.data);
      try {
        const { row, publish } = await db.transaction(async (tx) => {
          const items = createProtocolItemsRepo(tx);
          const row = await items.insertAttachment({
            protocolId: id,
            storageKey: key,
            displayName,
            fileName,
            mimeType: type.mime,
            size: input.data.length,
            uploadedBy: u.id,
          });
          await items.insertHistory({
            protocolId: id,
            authorId: u.id,
            action: 'anexo_adicionado',
            before: null,
            after: { attachment_id: row.id, display_name: displayName, file_name: fileName },
          });
          const publish = await notifications.notify(
            {
              userIds: [access.task.responsavelId, access.task.createdBy].filter(
                (x): x is number => x !== null,
              ),
              type: 'attachment',
              authorId: u.id,
              muralId: access.task.muralId,
              protocolId: id,
              texto: `Novo anexo na tarefa "${access.task.titulo}": ${displayName}`,
            },
            tx,
          );
          return { row, publish };
        });
        await publish();
        await changed(access.task.muralId, id);
        return {
          id: row.id,
          protocol_id: id,
          display_name: row.displayName,
          file_name: row.fileName,
          mime_type: row.mimeType,
          size: row.size,
          uploaded_by: u.id,
          uploaded_by_nome: u.nome,
          created_at: row.createdAt.toISOString(),
          download_url: downloadUrl(id, row.id),
        };
      } catch (err) {
        await deps.storage.remove(key).catch(() => undefined);
        throw err;
      }
    },

    async download(u: ScopeUser, id: number, attId: number) {
      await loadProtocolAccess(db, u, id);
      const row = await createProtocolItemsRepo(db).attachment(id, attId);
      if (!row || !(await deps.storage.exists(row.storageKey))) {
        throw new AppError('NOT_FOUND', 'Anexo não encontrado.');
      }
      return {
        stream: deps.storage.get(row.storageKey),
        mimeType: row.mimeType,
        fileName: row.fileName,
        size: row.size,
      };
    },
  };
}
