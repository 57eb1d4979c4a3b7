import type { ContractChatMessage, ContractChatSendBody } from '@eproto/domain';

import { roomKeys } from './chat-keys.ts';
import { pendingContent, sendPreview, useOptimisticSend } from './optimistic-send.ts';

/**
 * POST /contract-chat/send {chatId, content, fileUrl, fileName, mimeType} through the outbox:
 * shown at once, kept on the phone without signal and sent exactly once when it returns.
 */
export function useSendRoomMessage(
  me: { id: number; nome: string; avatar: string | null },
  roomName = '',
) {
  return useOptimisticSend<ContractChatSendBody, ContractChatMessage>({
    path: '/contract-chat/send',
    label: (body) => `Mensagem em ${roomName || 'sala do contrato'}: ${sendPreview(body)}`,
    meta: (body) => ({ chatId: body.chatId, content: body.content?.trim() ?? '' }),
    pagesKey: (body) => roomKeys.messages(body.chatId),
    pending: (body, id) => ({
      id,
      chatId: body.chatId,
      senderId: me.id,
      senderNome: me.nome,
      senderAvatar: me.avatar,
      ...pendingContent(body),
    }),
    afterKey: roomKeys.rooms,
  });
}
