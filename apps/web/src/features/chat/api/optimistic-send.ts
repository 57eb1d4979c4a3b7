import type { InfiniteData, QueryKey } from '@tanstack/react-query';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { toastError } from '../../../lib/toast.ts';
import { appendToNewestPage, removeFromPages } from '../utils/message-pages.ts';

/** What a message on its way shows of what was typed or attached. */
export function pendingContent(body: {
  content?: string | null;
  fileUrl?: string | null;
  fileName?: string | null;
  mimeType?: string | null;
}) {
  return {
    content: body.content?.trim() ?? '',
    fileUrl: body.fileUrl ?? null,
    fileName: body.fileName ?? null,
    mimeType: body.mimeType ?? null,
    fileSize: null,
    createdAt: new Date().toISOString(),
  };
}

type Pages<M> = InfiniteData<{ items: M[]; hasMore: boolean }, unknown>;

interface OptimisticSend<B, M> {
  send: (body: B) => Promise<M>;
  /** The conversation's message pages. */
  pagesKey: (body: B) => QueryKey;
  /** The message as it shows while it is on its way (`id` is the temporary one). */
  pending: (body: B, id: number) => M;
  /** Refreshed once the send is over (the list of conversations, with its last message). */
  afterKey: QueryKey;
}

/**
 * Sends a chat message that shows at once (optimistic, with a negative temporary id) and is
 * replaced by the stored one; on failure it is removed again with a toast.
 */
export function useOptimisticSend<B, M extends { id: number }>(options: OptimisticSend<B, M>) {
  const { send, pagesKey, pending, afterKey } = options;
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onMutate: async (body: B) => {
      const key = pagesKey(body);
      await queryClient.cancelQueries({ queryKey: key });
      const tempId = -Date.now();
      queryClient.setQueryData<Pages<M>>(key, (data) =>
        appendToNewestPage(data, pending(body, tempId)),
      );
      return { tempId };
    },
    onError: (error, body, context) => {
      if (context) {
        queryClient.setQueryData<Pages<M>>(pagesKey(body), (data) =>
          removeFromPages(data, context.tempId),
        );
      }
      toastError(error instanceof Error ? error.message : 'Não foi possível enviar a mensagem.');
    },
    onSuccess: (message, body, context) => {
      queryClient.setQueryData<Pages<M>>(pagesKey(body), (data) =>
        appendToNewestPage(removeFromPages(data, context.tempId), message),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: afterKey }),
  });
}
