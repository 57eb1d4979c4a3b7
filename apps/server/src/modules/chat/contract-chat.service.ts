import {
  mentionedIds,
  roleOf,
  roomMentionText,
  RT_EVENTS,
  type ContractChatMessage,
  type ChatMessagesQuery,
  type ContractRoom,
  type RoomMessageEventData,
  type UserRef,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { contractScopeSql, seesEverything } from '../access/scope.service.ts';
import { toUserRef } from '../access/user-ref.ts';
import { avatarUrl } from '../users/users.mapper.ts';
import type { createChatFilesService } from './chat-files.service.ts';
import {
  canUseChat,
  conversationPage,
  eventPreview,
  excerpt,
  fileFields,
  toPreview,
} from './chat.mapper.ts';
import type { ChatUser } from './chat.service.ts';
import { createContractChatRepo, type RoomMessageRow } from './contract-chat.repo.ts';

export interface RoomSendInput {
  chatId: number;
  content: string;
  fileUrl: string | null;
  mentions?: number[];
}

const roomNotFound = () => new AppError('NOT_FOUND', 'Sala não encontrada.');

function toRoomMessage(r: RoomMessageRow): ContractChatMessage {
  return {
    id: r.id,
    chatId: r.chatId,
    senderId: r.senderId,
    senderNome: r.senderNome ?? 'Usuário removido',
    senderAvatar: r.senderAvatarPath
      ? avatarUrl({ id: r.senderId, avatarPath: r.senderAvatarPath })
      : null,
    content: r.content,
    ...fileFields(r),
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * Contract rooms (one per contract, chatId = contract id): readable and writable by the users
 * linked to the contract and by the all-seeing roles; anyone else gets 404.
 */
export function createContractChatService(
  deps: ServiceDeps,
  { files }: { files: ReturnType<typeof createChatFilesService> },
) {
  const db = deps.database.db;
  const repo = createContractChatRepo(db);

  async function roomFor(user: ChatUser, chatId: number) {
    const room = await repo.room(chatId);
    if (!room) throw roomNotFound();
    if (!seesEverything(user) && !(await repo.isLinked(user.id, chatId))) throw roomNotFound();
    return room;
  }

  /** Who reads the room: linked people plus the all-seeing roles, among chat users. */
  async function membersOf(chatId: number) {
    const [linked, everyone] = await Promise.all([repo.linkedPeople(chatId), repo.activePeople()]);
    const byId = new Map(linked.map((p) => [p.id, p]));
    for (const p of everyone)
      if (seesEverything({ id: p.id, type: roleOf(p.role) })) byId.set(p.id, p);
    return [...byId.values()].filter((p) => canUseChat(p.role));
  }

  return {
    async rooms(user: ChatUser): Promise<ContractRoom[]> {
      const rows = await repo.rooms(contractScopeSql(user));
      const ids = rows.map((r) => r.id);
      const [unread, last] = await Promise.all([
        repo.unreadByRoom(user.id, ids),
        repo.lastMessages(ids),
      ]);
      const rooms = rows.map((r) => {
        const lastRow = last.get(r.id);
        return {
          id: r.id,
          chatId: r.id,
          codigo: r.codigo,
          nome: r.nome,
          cliente: r.cliente,
          status: r.status,
          unread: unread.get(r.id) ?? 0,
          lastMessage: lastRow ? toPreview(lastRow, user.id) : null,
        };
      });
      return rooms.sort((a, b) => {
        const ta = a.lastMessage?.createdAt ?? '';
        const tb = b.lastMessage?.createdAt ?? '';
        if (ta !== tb) return ta < tb ? 1 : -1;
        return a.codigo.localeCompare(b.codigo, 'pt-BR');
      });
    },

    async members(user: ChatUser, chatId: number): Promise<UserRef[]> {
      await roomFor(user, chatId);
      const people = await membersOf(chatId);
      return people.map(toUserRef).sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));
    },

    /** A page of the room (`updated_since`: the messages posted since). */
    async messages(user: ChatUser, chatId: number, q: ChatMessagesQuery) {
      await roomFor(user, chatId);
      return conversationPage(q, (...a) => repo.page(chatId, ...a), toRoomMessage);
    },

    async send(user: ChatUser, input: RoomSendInput) {
      const room = await roomFor(user, input.chatId);
      const file = await files.attachmentFor(user, input.fileUrl);
      const members = await membersOf(room.id);
      const others = members.filter((p) => p.id !== user.id);
      const picked = new Set(input.mentions ?? []);
      const mentioned = new Set([
        ...mentionedIds(input.content, others),
        ...others.filter((p) => picked.has(p.id)).map((p) => p.id),
      ]);
      const text = excerpt(input.content, file?.fileName ?? null);
      const { message, publishMention } = await db.transaction(async (tx) => {
        const row = await createContractChatRepo(tx).insertMessage({
          contractId: room.id,
          senderId: user.id,
          content: input.content,
          fileId: file?.id ?? null,
        });
        const publish =
          mentioned.size > 0
            ? await deps.notifications.notify(
                {
                  userIds: [...mentioned],
                  type: 'mention',
                  authorId: user.id,
                  texto: text,
                  customText: roomMentionText(room.codigo, text),
                },
                tx,
              )
            : null;
        return { message: toRoomMessage(row), publishMention: publish };
      });
      const data: RoomMessageEventData = {
        chatId: room.id,
        messageId: message.id,
        from: user.id,
        preview: eventPreview(message, message.senderNome),
      };
      await deps.events.publish({
        type: RT_EVENTS.contractChatMessage,
        userIds: [...new Set([user.id, ...members.map((p) => p.id)])],
        data,
      });
      await publishMention?.();
      return message;
    },

    async read(user: ChatUser, chatId: number) {
      await roomFor(user, chatId);
      // In a transaction of its own: the request's audit row commits with it (plugins/audit.ts).
      const updated = await db.transaction((tx) =>
        createContractChatRepo(tx).markRead(user.id, chatId),
      );
      if (updated > 0) {
        await deps.events.publish({
          type: RT_EVENTS.contractChatRead,
          userIds: [user.id],
          data: { chatId },
        });
      }
      return { ok: true as const, updated };
    },
  };
}
