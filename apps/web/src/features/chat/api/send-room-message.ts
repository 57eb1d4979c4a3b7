import type { ContractChatMessage, ContractChatSendBody } from '@eproto/domain';

import { api } from '../../../lib/api-client.ts';
import { roomKeys } from './chat-keys.ts';
import { pendingContent, useOptimisticSend } from './optimistic-send.ts';

/** POST /contract-chat/send {chatId, content, fileUrl, fileName, mimeType} */
export function sendRoomMessage(body: ContractChatSendBody): Promise<ContractChatMessage> {
  return api.post<ContractChatMessage>('/contract-chat/send', body);
}

/** Sends to a contract room, shown at once and rolled back with a toast on failure. */
export function useSendRoomMessage(me: { id: number; nome: string; avatar: string | null }) {
  return useOptimisticSend<ContractChatSendBody, ContractChatMessage>({
    send: sendRoomMessage,
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
