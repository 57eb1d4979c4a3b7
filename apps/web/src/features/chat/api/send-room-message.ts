import type {
  ContractChatMessage,
  ContractChatMessagePage,
  ContractChatSendBody,
} from '@eproto/domain';
import type { InfiniteData } from '@tanstack/react-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError } from '../../../lib/toast.ts';
import { appendToNewestPage, removeFromPages } from '../utils/message-pages.ts';
import { roomKeys } from './chat-keys.ts';

/** POST /contract-chat/send {chatId, content, fileUrl, fileName, mimeType} */
export function sendRoomMessage(body: ContractChatSendBody): Promise<ContractChatMessage> {
  return api.post<ContractChatMessage>('/contract-chat/send', body);
}

type Pages = InfiniteData<ContractChatMessagePage, unknown>;

/** Sends to a contract room, shown at once and rolled back with a toast on failure. */
export function useSendRoomMessage(me: { id: number; nome: string; avatar: string | null }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendRoomMessage,
    onMutate: async (body) => {
      const key = roomKeys.messages(body.chatId);
      await queryClient.cancelQueries({ queryKey: key });
      const tempId = -Date.now();
      const pending: ContractChatMessage = {
        id: tempId,
        chatId: body.chatId,
        senderId: me.id,
        senderNome: me.nome,
        senderAvatar: me.avatar,
        content: body.content?.trim() ?? '',
        fileUrl: body.fileUrl ?? null,
        fileName: body.fileName ?? null,
        mimeType: body.mimeType ?? null,
        fileSize: null,
        createdAt: new Date().toISOString(),
      };
      queryClient.setQueryData<Pages>(key, (data) => appendToNewestPage(data, pending));
      return { tempId };
    },
    onError: (error, body, context) => {
      if (context) {
        queryClient.setQueryData<Pages>(roomKeys.messages(body.chatId), (data) =>
          removeFromPages(data, context.tempId),
        );
      }
      toastError(error instanceof Error ? error.message : 'Não foi possível enviar a mensagem.');
    },
    onSuccess: (message, body, context) => {
      queryClient.setQueryData<Pages>(roomKeys.messages(body.chatId), (data) =>
        appendToNewestPage(removeFromPages(data, context.tempId), message),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: roomKeys.rooms }),
  });
}
