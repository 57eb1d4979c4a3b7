import type { InfiniteData, QueryKey } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';

import type { OutboxMeta } from '../../../lib/offline/outbox-types.ts';
import { useOutboxMutation } from '../../../lib/offline/use-outbox-mutation.ts';
import { toastError } from '../../../lib/toast.ts';
import { appendToNewestPage, removeFromPages } from '../utils/message-pages.ts';

/** Kind of the queued chat messages (outbox): direct and contract rooms alike. */
export const CHAT_MESSAGE_WRITE = 'chat.message';

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

/** The start of what is sent (text, else the file's name), for the Pendentes panel. */
export function sendPreview(body: { content?: string | null; fileName?: string | null }) {
  return (body.content ?? body.fileName ?? '').slice(0, 80);
}

type Pages<M> = InfiniteData<{ items: M[]; hasMore: boolean }, unknown>;

interface OptimisticSend<B, M> {
  /** API path of the send (POST), e.g. `/chat/send`. */
  path: string;
  /** What the Pendentes panel shows, and the small values the conversation shows it with. */
  label: (body: B) => string;
  meta: (body: B) => OutboxMeta;
  /** The conversation's message pages. */
  pagesKey: (body: B) => QueryKey;
  /** The message as it shows while it is on its way (`id` is the temporary one). */
  pending: (body: B, id: number) => M;
  /**
   * The list of conversations, with its last message: read again when a send is applied with
   * the push stream down or refused (the outbox's `invalidate`); else its push event patches it.
   */
  afterKey: QueryKey;
}

/**
 * Sends a chat message through the outbox. With signal it shows at once (optimistic, negative
 * temporary id) and is replaced by the stored one, or taken back with a toast when refused.
 * Without signal it is kept on the phone (Idempotency-Key: stored once) and the conversation
 * shows it from the outbox as "aguardando conexão" until the signal returns.
 */
export function useOptimisticSend<B extends object, M extends { id: number }>(
  options: OptimisticSend<B, M>,
) {
  const { path, label, meta, pagesKey, pending, afterKey } = options;
  const queryClient = useQueryClient();
  const temps = useRef(new WeakMap<B, number>());
  const takeBack = (body: B) => {
    const tempId = temps.current.get(body);
    if (tempId === undefined) return;
    temps.current.delete(body);
    queryClient.setQueryData<Pages<M>>(pagesKey(body), (data) => removeFromPages(data, tempId));
  };
  const mutation = useOutboxMutation<B, M>({
    kind: CHAT_MESSAGE_WRITE,
    request: (body) => ({
      method: 'POST',
      path,
      body,
      label: label(body),
      meta: meta(body),
      invalidate: [pagesKey(body), afterKey],
      // Its push event ('chat.message', 'contract-chat.message') patches every tab, this one
      // too: `invalidate` is read again only on a refusal or with the stream down.
      announced: true,
    }),
    onSent: (message, body) => {
      takeBack(body);
      // The list of conversations follows the message's push event (chat-changes.ts), which
      // reaches this tab too (a write with an Idempotency-Key carries no origin).
      queryClient.setQueryData<Pages<M>>(pagesKey(body), (data) =>
        appendToNewestPage(data, message),
      );
    },
    // The outbox shows it from now on (it survives closing the app; the cache copy would not).
    onQueued: takeBack,
    onRefused: (error, body) => {
      takeBack(body);
      toastError(error.message || 'Não foi possível enviar a mensagem.');
      return true;
    },
  });

  const mutateAsync = async (body: B) => {
    const key = pagesKey(body);
    await queryClient.cancelQueries({ queryKey: key });
    const tempId = -Date.now();
    temps.current.set(body, tempId);
    queryClient.setQueryData<Pages<M>>(key, (data) =>
      appendToNewestPage(data, pending(body, tempId)),
    );
    return mutation.mutateAsync(body);
  };
  return { ...mutation, mutateAsync, mutate: (body: B) => void mutateAsync(body).catch(() => {}) };
}
