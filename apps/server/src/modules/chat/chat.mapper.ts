import {
  canAccess,
  CHAT_PREVIEW_CHARS,
  chatFileUrl,
  type ChatEventPreview,
  type ChatMessage,
  type ChatPreview,
} from '@eproto/domain';
import type { ChatMessagesQuery } from '@eproto/domain';
import { nextSyncCursor } from '../../lib/sync-cursor.ts';
import type { DirectMessageRow } from './chat.repo.ts';

/** True when a stored role title may use the chat (screen /operacional/chat of ROUTE_ACCESS). */
export function canUseChat(rawRole: string): boolean {
  return canAccess(rawRole, '/operacional/chat');
}

/** Attachment fields of a message row. */
export function fileFields(r: {
  fileId: number | null;
  fileName: string | null;
  mimeType: string | null;
  fileSize: number | null;
}) {
  return {
    fileUrl: r.fileId === null ? null : chatFileUrl(r.fileId),
    fileName: r.fileId === null ? null : r.fileName,
    mimeType: r.fileId === null ? null : r.mimeType,
    fileSize: r.fileId === null ? null : r.fileSize,
  };
}

export function toChatMessage(r: DirectMessageRow): ChatMessage {
  return {
    id: r.id,
    senderId: r.senderId,
    recipientId: r.recipientId,
    content: r.content,
    ...fileFields(r),
    createdAt: r.createdAt.toISOString(),
    readAt: r.readAt?.toISOString() ?? null,
  };
}

/** The list preview of a conversation's last message. */
export function toPreview(
  r: {
    sender_id: number;
    content: string;
    created_at: Date;
    file_name: string | null;
    sender_nome?: string | null;
  },
  me: number,
): ChatPreview {
  return {
    content: r.content.slice(0, CHAT_PREVIEW_CHARS),
    fileName: r.file_name,
    createdAt: r.created_at.toISOString(),
    fromMe: r.sender_id === me,
    senderNome: r.sender_nome ?? null,
  };
}

/** The preview a push event carries of a message just sent (the lists' toPreview, per tab). */
export function eventPreview(
  m: { content: string; fileName: string | null; createdAt: string },
  senderNome: string | null,
): ChatEventPreview {
  return {
    content: m.content.slice(0, CHAT_PREVIEW_CHARS),
    fileName: m.fileName,
    createdAt: m.createdAt,
    senderNome,
  };
}

/** Short text of a message for a notification. */
export function excerpt(content: string, fileName: string | null): string {
  const text = content.replace(/\s+/g, ' ').trim();
  if (text) return text.length > 200 ? `${text.slice(0, 197)}...` : text;
  return fileName ? `Arquivo: ${fileName}` : '';
}

/**
 * A page of a conversation, oldest first, from `rows` (newest first, one more than asked for to
 * tell whether more remain). The newest page answers `cursor`; with `updated_since` only the
 * messages changed since, `partial: true` (more than a page changed: the whole newest page, to
 * replace the kept one).
 */
export async function conversationPage<R, M>(
  q: ChatMessagesQuery,
  rows: (before: number | undefined, limit: number, changedSince?: string) => Promise<R[]>,
  map: (row: R) => M,
) {
  const cursor = q.before ? undefined : nextSyncCursor();
  if (q.updated_since) {
    const changed = await rows(undefined, q.limit, q.updated_since);
    if (changed.length <= q.limit) {
      return { items: changed.reverse().map(map), hasMore: false, cursor, partial: true };
    }
  }
  const page = await rows(q.before, q.limit);
  const hasMore = page.length > q.limit;
  return { items: page.slice(0, q.limit).reverse().map(map), hasMore, cursor };
}
