import { CHAT_FILE_URL_RE, chatFileUrl, type ChatUpload } from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { acceptedFileType, safeFileName } from '../../lib/file-type.ts';
import type { IncomingFile } from '../../lib/incoming-file.ts';
import type { ScopeUser } from '../access/scope.service.ts';
import { seesEverything } from '../access/scope.service.ts';
import { createChatRepo, type ChatFileRow } from './chat.repo.ts';
import { createContractChatRepo } from './contract-chat.repo.ts';

const fileNotFound = () => new AppError('NOT_FOUND', 'Arquivo não encontrado.');

/** Chat attachments: upload (type by content, size limit), access-checked download. */
export function createChatFilesService(deps: Pick<ServiceDeps, 'database' | 'storage'>) {
  const repo = createChatRepo(deps.database.db);
  const rooms = createContractChatRepo(deps.database.db);

  return {
    /** Stores an uploaded file for the user; its URL is then passed to send. */
    async upload(user: ScopeUser, file: IncomingFile): Promise<ChatUpload> {
      const fileName = safeFileName(file.fileName);
      const type = acceptedFileType(file.head, fileName);
      const storageKey = await deps.storage.put('chat', type.ext, file.stream);
      const row = await deps.database.db
        .transaction((tx) =>
          createChatRepo(tx).insertFile({
            storageKey,
            ownerId: user.id,
            fileName,
            mimeType: type.mime,
            size: file.size(),
          }),
        )
        .catch(async (err: unknown) => {
          await deps.storage.remove(storageKey).catch(() => undefined);
          throw err;
        });
      return {
        fileUrl: chatFileUrl(row.id),
        fileName: row.fileName,
        mimeType: row.mimeType,
        fileSize: row.size,
      };
    },

    /**
     * The file of a message being sent: it must have been uploaded by the sender.
     * Null when the message has no file.
     */
    async attachmentFor(user: ScopeUser, fileUrl: string | null): Promise<ChatFileRow | null> {
      if (fileUrl === null) return null;
      const id = Number(CHAT_FILE_URL_RE.exec(fileUrl)?.[1]);
      const row = Number.isSafeInteger(id) ? await repo.file(id) : null;
      if (!row || row.ownerId !== user.id) {
        throw new AppError('VALIDATION', 'Arquivo inválido: envie-o primeiro.', 'fileUrl');
      }
      return row;
    },

    /**
     * A file the user may download: they uploaded it, or it travels in a conversation of
     * theirs, or in a contract room they can read. Anything else is 404.
     */
    async download(user: ScopeUser, id: number) {
      const row = await repo.file(id);
      if (!row) throw fileNotFound();
      const allowed =
        row.ownerId === user.id ||
        (await repo.fileInDirectChatOf(id, user.id)) ||
        (await canReadAnyRoom(user, await rooms.roomsOfFile(id)));
      if (!allowed || !(await deps.storage.exists(row.storageKey))) throw fileNotFound();
      return { row, stream: deps.storage.get(row.storageKey) };
    },
  };

  async function canReadAnyRoom(user: ScopeUser, contractIds: number[]) {
    if (contractIds.length === 0) return false;
    if (seesEverything(user)) return true;
    for (const id of contractIds) if (await rooms.isLinked(user.id, id)) return true;
    return false;
  }
}
