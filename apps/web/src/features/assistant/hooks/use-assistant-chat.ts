import type {
  AssistantConversation,
  AssistantConversationDetail,
  AssistantMessage,
  AssistantStreamEvent,
} from '@eproto/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';

import { assistantKeys } from '../api/assistant-keys.ts';
import { streamChat } from '../api/stream-chat.ts';

/** The question being answered right now, and what has arrived of its answer. */
export interface PendingTurn {
  conversationId: number | null;
  question: string;
  /** The server stored the question (it is in the conversation already). */
  stored: boolean;
  text: string;
  status: string | null;
}

/** A question the server refused before answering (limit, network...): shown in the chat. */
export interface FailedTurn {
  conversationId: number | null;
  question: string;
  error: string;
}

const upsert = (list: AssistantConversation[] | undefined, c: AssistantConversation) => [
  c,
  ...(list ?? []).filter((x) => x.id !== c.id),
];

/**
 * Sends questions and follows their streamed answers, writing the stored messages into the
 * query cache of the conversation. `onConversation` is told when a new conversation starts.
 */
export function useAssistantChat(
  conversationId: number | null,
  onConversation: (id: number) => void,
) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingTurn | null>(null);
  const current = useRef<PendingTurn | null>(null);
  const setTurn = useCallback((next: PendingTurn | null) => {
    current.current = next;
    setPending(next);
  }, []);
  const patchTurn = useCallback(
    (patch: (p: PendingTurn) => Partial<PendingTurn>) => {
      if (current.current) setTurn({ ...current.current, ...patch(current.current) });
    },
    [setTurn],
  );
  const [failed, setFailed] = useState<FailedTurn | null>(null);
  const controller = useRef<AbortController | null>(null);
  const navigate = useRef(onConversation);
  navigate.current = onConversation;

  useEffect(() => () => controller.current?.abort(), []);

  const append = useCallback(
    (conversation: AssistantConversation, message: AssistantMessage) => {
      // A fetch started before this message was stored must not overwrite it: neither the
      // conversation's nor the list's (the page's first list, still on its way when the first
      // question is sent, would come back empty and hide the new conversation).
      void queryClient.cancelQueries({ queryKey: assistantKeys.conversation(conversation.id) });
      void queryClient.cancelQueries({ queryKey: assistantKeys.conversations, exact: true });
      queryClient.setQueryData<AssistantConversationDetail>(
        assistantKeys.conversation(conversation.id),
        (d) => ({
          conversation,
          messages: [...(d?.messages ?? []).filter((m) => m.id !== message.id), message],
        }),
      );
      queryClient.setQueryData<AssistantConversation[]>(assistantKeys.conversations, (list) =>
        upsert(list, conversation),
      );
    },
    [queryClient],
  );

  const onEvent = useCallback(
    (e: AssistantStreamEvent) => {
      if (e.type === 'start') {
        append(e.conversation, e.user_message);
        patchTurn(() => ({ conversationId: e.conversation.id, stored: true }));
        navigate.current(e.conversation.id);
      } else if (e.type === 'delta') {
        patchTurn((p) => ({ text: p.text + e.text, status: null }));
      } else if (e.type === 'status') {
        patchTurn(() => ({ status: e.text }));
      } else {
        append(e.conversation, e.message);
        setTurn(null);
      }
    },
    [append, patchTurn, setTurn],
  );

  const keepInterrupted = useCallback(
    (id: number, text: string) => {
      const local: AssistantMessage = {
        id: -Date.now(),
        conversation_id: id,
        role: 'assistant',
        content: text,
        sources: [],
        action: null,
        status: 'interrompida',
        offline: false,
        created_at: new Date().toISOString(),
      };
      queryClient.setQueryData<AssistantConversationDetail>(
        assistantKeys.conversation(id),
        (d) => d && { ...d, messages: [...d.messages, local] },
      );
      const refetch = () =>
        void queryClient.invalidateQueries({ queryKey: assistantKeys.conversation(id) });
      window.setTimeout(refetch, 1_000);
    },
    [queryClient],
  );

  const send = useCallback(
    async (question: string): Promise<'sent' | 'refused' | 'dropped' | 'ignored'> => {
      const content = question.trim();
      if (!content || controller.current) return 'ignored';
      const stop = new AbortController();
      controller.current = stop;
      setFailed(null);
      setTurn({ conversationId, question: content, stored: false, text: '', status: null });
      try {
        await streamChat(
          { content, ...(conversationId ? { conversation_id: conversationId } : {}) },
          { signal: stop.signal, onEvent },
        );
        return 'sent';
      } catch (error) {
        const p = current.current;
        if (stop.signal.aborted) {
          // Stopped: the server keeps what arrived; show it until the stored copy is fetched.
          if (p?.conversationId && p.text) keepInterrupted(p.conversationId, p.text);
          return 'sent';
        }
        const message =
          error instanceof Error ? error.message : 'Não foi possível enviar a pergunta.';
        // Refused before the server took the question: show the question with the reason.
        setFailed({
          conversationId: p?.conversationId ?? conversationId,
          question: p?.stored ? '' : content,
          error: message,
        });
        if (p?.stored && p.conversationId) {
          void queryClient.invalidateQueries({
            queryKey: assistantKeys.conversation(p.conversationId),
          });
        }
        return p?.stored ? 'dropped' : 'refused';
      } finally {
        controller.current = null;
        setTurn(null);
      }
    },
    [conversationId, onEvent, queryClient, keepInterrupted, setTurn],
  );

  const stop = useCallback(() => controller.current?.abort(), []);

  return { pending, failed, send, stop, busy: pending !== null };
}
