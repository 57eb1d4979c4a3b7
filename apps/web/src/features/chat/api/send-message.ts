import type { ChatMessage, ChatSendBody } from '@eproto/domain';

import { chatKeys } from './chat-keys.ts';
import { pendingContent, sendPreview, useOptimisticSend } from './optimistic-send.ts';

/**
 * POST /chat/send {to, content, fileUrl, fileName, mimeType} through the outbox: shown at once,
 * kept on the phone without signal and sent exactly once when it returns.
 */
export function useSendMessage(me: number, otherName = '') {
  return useOptimisticSend<ChatSendBody, ChatMessage>({
    path: '/chat/send',
    label: (body) => `Mensagem para ${otherName || 'contato'}: ${sendPreview(body)}`,
    meta: (body) => ({ to: body.to, content: body.content?.trim() ?? '' }),
    pagesKey: (body) => chatKeys.messages(body.to),
    pending: (body, id) => ({
      id,
      senderId: me,
      recipientId: body.to,
      ...pendingContent(body),
      readAt: null,
    }),
    afterKey: chatKeys.contacts,
  });
}
