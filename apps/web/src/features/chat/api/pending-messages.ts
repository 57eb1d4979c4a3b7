import type { OutboxItem } from '../../../lib/offline/outbox-types.ts';
import { usePendingWrites } from '../../../lib/offline/use-outbox.ts';
import type { ChatItem } from '../components/message-bubble.tsx';
import { CHAT_MESSAGE_WRITE } from './optimistic-send.ts';

/**
 * Messages of one conversation written without signal and still on the phone, as bubbles
 * ("aguardando conexão", or "precisa de atenção" when the server refused one).
 */
export function usePendingChatMessages(
  me: { id: number; nome?: string; avatar?: string | null },
  match: (item: OutboxItem) => boolean,
): ChatItem[] {
  return usePendingWrites(CHAT_MESSAGE_WRITE, match).map((w) => ({
    id: -1 - w.seq,
    senderId: me.id,
    senderNome: me.nome,
    senderAvatar: me.avatar ?? null,
    content: String(w.meta.content ?? ''),
    fileUrl: null,
    fileName: null,
    mimeType: null,
    fileSize: null,
    createdAt: w.deviceTime,
    waiting: w.state === 'attention' ? 'attention' : 'pending',
  }));
}
