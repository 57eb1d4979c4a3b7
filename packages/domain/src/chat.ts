import { z } from 'zod';

import { pageSize, positiveId, userRefSchema } from './common.ts';
import { CHAT_PAGE_SIZE } from './list-constants.ts';
import type { Role } from './roles.ts';
import { updatedSince } from './sync.ts';
import { foldRole } from './roles.ts';
import { can } from './permissions.ts';

/** Longest text of one chat message. */
export const CHAT_MESSAGE_MAX = 4000;
export { CHAT_PAGE_SIZE };
/** Where an uploaded chat file is downloaded from (access checked on every download). */
export const CHAT_FILE_URL_RE = /^\/api\/chat\/files\/(\d{1,10})$/;

/** The chat file URL for a stored file id. */
export function chatFileUrl(id: number): string {
  return `/api/chat/files/${id}`;
}

/**
 * Whether two people may talk in direct chat (PRODUCT.md "Chat"): either holds chat.anyone
 * (the gestores), or they share a contract.
 */
export function canChatDirect(a: Role, b: Role, shareContract: boolean): boolean {
  return can(a, 'chat.anyone') || can(b, 'chat.anyone') || shareContract;
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;

/**
 * Ids of the people written as "@Nome Completo" in a text (accents and case ignored); the
 * longest names win so "@Ana Souza Lima" is not read as "@Ana Souza".
 */
export function mentionedIds(text: string, people: ReadonlyArray<{ id: number; nome: string }>) {
  let folded = foldRole(text);
  const found: number[] = [];
  const byLength = [...people].sort((a, b) => b.nome.length - a.nome.length);
  for (const p of byLength) {
    const name = foldRole(p.nome);
    if (!name) continue;
    const token = `@${name}`;
    let at = folded.indexOf(token);
    while (at >= 0) {
      const after = folded[at + token.length];
      if (after === undefined || !WORD_CHAR.test(after)) {
        found.push(p.id);
        // Blank it out so a shorter name inside it is not matched again.
        folded = folded.slice(0, at) + ' '.repeat(token.length) + folded.slice(at + token.length);
        break;
      }
      at = folded.indexOf(token, at + 1);
    }
  }
  return [...new Set(found)];
}

const content = z
  .string({ error: 'Mensagem inválida.' })
  .trim()
  .max(CHAT_MESSAGE_MAX, `Mensagem com no máximo ${CHAT_MESSAGE_MAX} caracteres.`)
  .default('');

const fileFields = {
  fileUrl: z
    .string()
    .max(300, 'Arquivo inválido: envie-o primeiro.')
    .regex(CHAT_FILE_URL_RE, 'Arquivo inválido: envie-o primeiro.')
    .nullish()
    .transform((v) => v ?? null),
  fileName: z.string().max(255, 'Nome de arquivo longo demais.').nullish(),
  mimeType: z.string().max(150).nullish(),
  /** Picked people; names written as "@Nome Completo" are found too. */
  mentions: z.array(positiveId).max(50, 'Menções demais.').optional(),
};

const hasSomething = (v: { content: string; fileUrl: string | null }) =>
  v.content.length > 0 || v.fileUrl !== null;
const EMPTY_MESSAGE = { error: 'Escreva uma mensagem ou anexe um arquivo.', path: ['content'] };

/** POST /api/chat/send */
export const chatSendBody = z
  .object({ to: positiveId, content, ...fileFields })
  .refine(hasSomething, EMPTY_MESSAGE);
/** What the web app sends to POST /api/chat/send. */
export interface ChatSendBody {
  to: number;
  content?: string;
  fileUrl?: string | null;
  fileName?: string | null;
  mimeType?: string | null;
  mentions?: number[];
}

/** POST /api/contract-chat/send */
export const contractChatSendBody = z
  .object({ chatId: positiveId, content, ...fileFields })
  .refine(hasSomething, EMPTY_MESSAGE);
/** What the web app sends to POST /api/contract-chat/send. */
export type ContractChatSendBody = Omit<ChatSendBody, 'to'> & { chatId: number };

/**
 * ?before=<message id>&limit=: pages go backwards in time. ?updated_since= (the newest page's
 * `cursor`): only the messages posted (or, direct ones, read) since, `partial: true`.
 */
export const chatMessagesQuery = z
  .object({
    before: positiveId.optional(),
    limit: pageSize(100, CHAT_PAGE_SIZE),
    updated_since: updatedSince.optional(),
  })
  .refine((q) => !(q.before && q.updated_since), {
    message: 'Use "before" ou "updated_since", não os dois.',
    path: ['updated_since'],
  });
/** A conversation page's query as the server reads it. */
export type ChatMessagesQuery = z.infer<typeof chatMessagesQuery>;

const attachment = {
  fileUrl: z.string().nullable(),
  fileName: z.string().nullable(),
  mimeType: z.string().nullable(),
  fileSize: z.number().int().nullable(),
};

/** A direct message. */
export const chatMessageSchema = z.object({
  id: z.number().int(),
  senderId: z.number().int(),
  recipientId: z.number().int(),
  content: z.string(),
  ...attachment,
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** A message of a contract room. */
export const contractChatMessageSchema = z.object({
  id: z.number().int(),
  chatId: z.number().int(),
  senderId: z.number().int(),
  senderNome: z.string(),
  senderAvatar: z.string().nullable(),
  content: z.string(),
  ...attachment,
  createdAt: z.string(),
});
export type ContractChatMessage = z.infer<typeof contractChatMessageSchema>;

/**
 * What the newest page of a conversation adds for the phone's sync: `cursor` (send it back as
 * `updated_since`) and `partial`, true when `items` holds only what changed since, to merge
 * by id into the kept newest page (messages are never deleted).
 */
const syncedPageFields = {
  cursor: z.string().optional(),
  partial: z.boolean().optional(),
};

/** Oldest-first page of a conversation; hasMore says older messages remain. */
export const chatMessagePage = z.object({
  items: z.array(chatMessageSchema),
  hasMore: z.boolean(),
  ...syncedPageFields,
});
export type ChatMessagePage = z.infer<typeof chatMessagePage>;
export const contractChatMessagePage = z.object({
  items: z.array(contractChatMessageSchema),
  hasMore: z.boolean(),
  ...syncedPageFields,
});
export type ContractChatMessagePage = z.infer<typeof contractChatMessagePage>;

/** Last message of a conversation, for the list preview. */
export const chatPreviewSchema = z.object({
  content: z.string(),
  fileName: z.string().nullable(),
  createdAt: z.string(),
  fromMe: z.boolean(),
  senderNome: z.string().nullable(),
});
export type ChatPreview = z.infer<typeof chatPreviewSchema>;

/** GET /api/chat/contacts: people one may talk to, with unread counts. */
export const chatContactSchema = userRefSchema.extend({
  unread: z.number().int(),
  lastMessage: chatPreviewSchema.nullable(),
});
export type ChatContact = z.infer<typeof chatContactSchema>;
export const chatContactsResponse = z.array(chatContactSchema);

/** GET /api/contract-chat/contracts: the rooms one may read (chatId = contract id). */
export const contractRoomSchema = z.object({
  id: z.number().int(),
  chatId: z.number().int(),
  codigo: z.string(),
  nome: z.string(),
  cliente: z.string(),
  status: z.string(),
  unread: z.number().int(),
  lastMessage: chatPreviewSchema.nullable(),
});
export type ContractRoom = z.infer<typeof contractRoomSchema>;
export const contractRoomsResponse = z.array(contractRoomSchema);

/** GET /api/contract-chat/members/{id}: people of a room (for @mentions). */
export const contractRoomMembersResponse = z.array(userRefSchema);

/** POST /api/chat/upload answer: pass these to send. */
export const chatUploadResponse = z.object({
  fileUrl: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
  fileSize: z.number().int(),
});
export type ChatUpload = z.infer<typeof chatUploadResponse>;

/** POST /api/chat/read/{id} and /api/contract-chat/read/{id}. */
export const chatReadResponse = z.object({ ok: z.literal(true), updated: z.number().int() });

/** Longest text of a message a push event carries (the lists' preview, as toPreview cuts it). */
export const CHAT_PREVIEW_CHARS = 140;

/** What a push event tells of a new message: enough for the conversation lists' preview. */
export type ChatEventPreview = {
  content: string;
  fileName: string | null;
  createdAt: string;
  senderNome: string | null;
};

/**
 * data of 'chat.message' (to the two people): the message's id, who sent it to whom and its
 * preview. An open conversation asks `?updated_since=` for it; the contact list and the
 * menu badge are patched from the event alone.
 */
export type ChatMessageEventData = {
  messageId: number;
  from: number;
  to: number;
  preview: ChatEventPreview;
};

/**
 * data of 'chat.read' (to the two people): `reader` read the `updated` messages `other` sent,
 * up to message `upTo`, at `readAt`; the conversations mark them read in place and the
 * reader's unread counts drop by `updated`.
 */
export type ChatReadEventData = {
  reader: number;
  other: number;
  readAt: string;
  upTo: number;
  updated: number;
};

/** data of 'contract-chat.message' (to the room's people): the room, message and preview. */
export type RoomMessageEventData = {
  chatId: number;
  messageId: number;
  from: number;
  preview: ChatEventPreview;
};

/** True when a mime type is an image the browser can preview. */
export function isPreviewableImage(mimeType: string | null | undefined): boolean {
  return ['image/png', 'image/jpeg', 'image/gif', 'image/webp'].includes(mimeType ?? '');
}

const ROOM_MENTION_PREFIX = 'Chat do contrato ';

/** custom_text of a mention in a contract room ("Chat do contrato CT-001: texto"). */
export function roomMentionText(codigo: string, text: string): string {
  return `${ROOM_MENTION_PREFIX}${codigo}: ${text}`;
}

/**
 * Page a chat mention opens: the contract room named in its text, else the direct conversation
 * with its author. Null for notifications that are not chat mentions.
 */
export function chatMentionTarget(n: {
  type: string;
  custom_text: string | null;
  author_id: number | null;
  mural_id: number | null;
  protocol_id: number | null;
}): string | null {
  if (n.type !== 'mention' || n.mural_id !== null || n.protocol_id !== null) return null;
  if (n.custom_text?.startsWith(ROOM_MENTION_PREFIX)) {
    const rest = n.custom_text.slice(ROOM_MENTION_PREFIX.length);
    const end = rest.indexOf(': ');
    const codigo = end > 0 ? rest.slice(0, end) : '';
    return `/operacional/chat-contrato${codigo ? `?contrato=${encodeURIComponent(codigo)}` : ''}`;
  }
  return n.author_id === null ? '/operacional/chat' : `/operacional/chat?com=${n.author_id}`;
}
