import {
  canChatDirect,
  mentionedIds,
  roleOf,
  RT_EVENTS,
  type ChatContact,
  type ChatMessageEventData,
  type ChatReadEventData,
  type ChatMessagesQuery,
  type Role,
} from '@eproto/domain';
import type { ServiceDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { isManager } from '../access/scope.service.ts';
import { avatarUrl } from '../users/users.mapper.ts';
import type { createChatFilesService } from './chat-files.service.ts';
import {
  canUseChat,
  conversationPage,
  eventPreview,
  excerpt,
  toChatMessage,
  toPreview,
} from './chat.mapper.ts';
import { createChatRepo, type PersonRow } from './chat.repo.ts';

/** The signed-in person as the chat sees them. */
export interface ChatUser {
  id: number;
  nome: string;
  type: Role;
}

export interface SendInput {
  to: number;
  content: string;
  fileUrl: string | null;
  mentions?: number[];
}

const contactNotFound = () => new AppError('NOT_FOUND', 'Contato não encontrado.');

/** Direct chat: who may talk to whom, conversations, unread counts, mentions, push. */
export function createChatService(
  deps: ServiceDeps,
  { files }: { files: ReturnType<typeof createChatFilesService> },
) {
  const db = deps.database.db;
  const repo = createChatRepo(db);

  /** The other person, when the user may talk to them now (else 404). */
  async function peerFor(user: ChatUser, otherId: number): Promise<PersonRow> {
    const other = otherId === user.id ? null : await repo.person(otherId);
    if (!other || !other.active || !canUseChat(other.role)) throw contactNotFound();
    const allowed =
      canChatDirect(user.type, roleOf(other.role), false) ||
      (await repo.sharesContract(user.id, other.id));
    if (!allowed) throw contactNotFound();
    return other;
  }

  /** Someone the user may talk to now, or had a conversation with (past chats stay readable). */
  async function assertReachable(user: ChatUser, otherId: number): Promise<void> {
    try {
      await peerFor(user, otherId);
    } catch (err) {
      if (otherId === user.id || !(await repo.hasConversation(user.id, otherId))) throw err;
    }
  }

  return {
    /** Of these active people, those the user may open a conversation with (contacts' rule). */
    async reachable<P extends { id: number; role: string }>(user: ChatUser, people: P[]) {
      const candidates = people.filter((p) => p.id !== user.id && canUseChat(p.role));
      if (candidates.length === 0) return [];
      const mates = isManager(user) ? null : await repo.contractMatesOf(user.id);
      return candidates.filter((p) =>
        canChatDirect(user.type, roleOf(p.role), mates === null || mates.has(p.id)),
      );
    },

    /** People the user may talk to, latest conversation first, with unread counts. */
    async contacts(user: ChatUser): Promise<ChatContact[]> {
      const [people, unread, last] = await Promise.all([
        repo.activePeople(),
        repo.unreadBySender(user.id),
        repo.lastMessages(user.id),
      ]);
      const mates = isManager(user) ? null : await repo.contractMatesOf(user.id);
      const contacts = people
        .filter((p) => p.id !== user.id && canUseChat(p.role))
        .filter((p) => {
          const role = roleOf(p.role);
          return canChatDirect(user.type, role, mates === null || mates.has(p.id));
        })
        .map((p) => {
          const lastRow = last.get(p.id);
          return {
            id: p.id,
            nome: p.nome,
            email: p.email,
            type: roleOf(p.role),
            rawType: p.role,
            avatar: avatarUrl(p),
            unread: unread.get(p.id) ?? 0,
            lastMessage: lastRow ? toPreview(lastRow, user.id) : null,
          };
        });
      return contacts.sort((a, b) => {
        const ta = a.lastMessage?.createdAt ?? '';
        const tb = b.lastMessage?.createdAt ?? '';
        if (ta !== tb) return ta < tb ? 1 : -1;
        return a.nome.localeCompare(b.nome, 'pt-BR');
      });
    },

    /** A page of the conversation (`updated_since`: the messages posted or read since). */
    async messages(user: ChatUser, otherId: number, q: ChatMessagesQuery) {
      await assertReachable(user, otherId);
      return conversationPage(q, (...a) => repo.page(user.id, otherId, ...a), toChatMessage);
    },

    async send(user: ChatUser, input: SendInput) {
      const other = await peerFor(user, input.to);
      const file = await files.attachmentFor(user, input.fileUrl);
      const named = mentionedIds(input.content, [other]);
      const mentioned = named.length > 0 || (input.mentions ?? []).includes(other.id);
      const { message, publishMention } = await db.transaction(async (tx) => {
        const row = await createChatRepo(tx).insertMessage({
          senderId: user.id,
          recipientId: other.id,
          content: input.content,
          fileId: file?.id ?? null,
        });
        const publish = mentioned
          ? await deps.notifications.notify(
              {
                userIds: [other.id],
                type: 'mention',
                authorId: user.id,
                texto: excerpt(input.content, file?.fileName ?? null),
              },
              tx,
            )
          : null;
        return { message: toChatMessage(row), publishMention: publish };
      });
      const data: ChatMessageEventData = {
        messageId: message.id,
        from: user.id,
        to: other.id,
        preview: eventPreview(message, null),
      };
      await deps.events.publish({
        type: RT_EVENTS.chatMessage,
        userIds: [user.id, other.id],
        data,
      });
      await publishMention?.();
      return message;
    },

    /** Marks what the other person sent as read (opening the conversation); 404 like the rest. */
    async read(user: ChatUser, otherId: number) {
      await assertReachable(user, otherId);
      // In a transaction of its own: the request's audit row commits with it (plugins/audit.ts).
      const read = await db.transaction((tx) => createChatRepo(tx).markRead(user.id, otherId));
      if (read) {
        const data: ChatReadEventData = { reader: user.id, other: otherId, ...read };
        await deps.events.publish({ type: RT_EVENTS.chatRead, userIds: [user.id, otherId], data });
      }
      return { ok: true as const, updated: read?.updated ?? 0 };
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
