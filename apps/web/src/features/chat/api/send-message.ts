import type { ChatMessage, ChatSendBody } from '@eproto/domain';

import { api } from '../../../lib/api-client.ts';
import { chatKeys } from './chat-keys.ts';
import { pendingContent, useOptimisticSend } from './optimistic-send.ts';

/** POST /chat/send {to, content, fileUrl, fileName, mimeType} */
export function sendMessage(body: ChatSendBody): Promise<ChatMessage> {
  return api.post<ChatMessage>('/chat/send', body);
}

/** Sends a direct message, shown at once (marked as sending) and rolled back on failure. */
export function useSendMessage(me: number) {
  return useOptimisticSend<ChatSendBody, ChatMessage>({
    send: sendMessage,
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
