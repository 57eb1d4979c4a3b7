import type { ChatMessage, ChatMessagePage, ChatSendBody } from '@eproto/domain';
import type { InfiniteData } from '@tanstack/react-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client.ts';
import { toastError } from '../../../lib/toast.ts';
import { appendToNewestPage, removeFromPages } from '../utils/message-pages.ts';
import { chatKeys } from './chat-keys.ts';

/** POST /chat/send {to, content, fileUrl, fileName, mimeType} */
export function sendMessage(body: ChatSendBody): Promise<ChatMessage> {
  return api.post<ChatMessage>('/chat/send', body);
}

type Pages = InfiniteData<ChatMessagePage, unknown>;

/**
 * Sends a direct message. It shows at once (optimistic, marked as sending) and is replaced by
 * the stored one; on failure it is removed again with a toast.
 */
export function useSendMessage(me: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onMutate: async (body) => {
      const key = chatKeys.messages(body.to);
      await queryClient.cancelQueries({ queryKey: key });
      const tempId = -Date.now();
      const pending: ChatMessage = {
        id: tempId,
        senderId: me,
        recipientId: body.to,
        content: body.content?.trim() ?? '',
        fileUrl: body.fileUrl ?? null,
        fileName: body.fileName ?? null,
        mimeType: body.mimeType ?? null,
        fileSize: null,
        createdAt: new Date().toISOString(),
        readAt: null,
      };
      queryClient.setQueryData<Pages>(key, (data) => appendToNewestPage(data, pending));
      return { tempId };
    },
    onError: (error, body, context) => {
      if (context) {
        queryClient.setQueryData<Pages>(chatKeys.messages(body.to), (data) =>
          removeFromPages(data, context.tempId),
        );
      }
      toastError(error instanceof Error ? error.message : 'Não foi possível enviar a mensagem.');
    },
    onSuccess: (message, body, context) => {
      queryClient.setQueryData<Pages>(chatKeys.messages(body.to), (data) =>
        appendToNewestPage(removeFromPages(data, context.tempId), message),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: chatKeys.contacts }),
  });
}
