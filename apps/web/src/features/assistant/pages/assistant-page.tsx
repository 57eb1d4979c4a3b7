import type { AssistantMessage } from '@eproto/domain';
import { ActionIcon, Badge, Drawer, Group, Text, Tooltip } from '@mantine/core';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import {
  IconCloudOff,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconMenu2,
  IconPlus,
  IconSparkles,
} from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

import { ListError, ListLoading } from '../../../components/list-states.tsx';
import { useDecideAction } from '../api/decide-action.ts';
import { useAssistantStatus } from '../api/get-assistant-status.ts';
import { useConversation } from '../api/get-conversation.ts';
import { useConversations } from '../api/get-conversations.ts';
import classes from '../components/assistant.module.css';
import { ChatComposer, type ComposerHandle } from '../components/chat-composer.tsx';
import { ConversationSidebar } from '../components/conversation-sidebar.tsx';
import {
  AssistantBubble,
  FailedBubble,
  StreamingBubble,
  UserBubble,
} from '../components/message-item.tsx';
import { WelcomePanel } from '../components/welcome-panel.tsx';
import { useAssistantChat } from '../hooks/use-assistant-chat.ts';

/** /ai/assistente — chat with the assistant over the user's own data. */
export default function AssistantPage() {
  const [params, setParams] = useSearchParams();
  const selectedId = Number(params.get('c')) || null;
  const phone = useMediaQuery('(max-width: 48em)');
  const [sideOpen, setSideOpen] = useLocalStorage({
    key: 'eproto-assistant-sidebar',
    defaultValue: true,
  });
  const [drawer, setDrawer] = useState(false);
  const composer = useRef<ComposerHandle>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);

  const status = useAssistantStatus();
  const conversations = useConversations();
  const detail = useConversation(selectedId);
  const decide = useDecideAction();

  const open = useCallback(
    (id: number | null) => {
      setParams(id ? { c: String(id) } : {}, { replace: false });
      setDrawer(false);
    },
    [setParams],
  );
  const chat = useAssistantChat(selectedId, (id) => {
    if (id !== selectedId) setParams({ c: String(id) }, { replace: true });
  });

  const ask = (q: string) => {
    stick.current = true;
    void chat.send(q).then((result) => {
      // Refused before it was taken (limit, connection): give the question back for a retry.
      if (result === 'refused') composer.current?.restore(q);
    });
  };
  const onDecide = (m: AssistantMessage, decision: 'confirmar' | 'cancelar') =>
    decide.mutate({ messageId: m.id, conversationId: m.conversation_id, decision });

  const messages = selectedId ? (detail.data?.messages ?? []) : [];
  const pending = chat.pending;
  const failed = chat.failed && chat.failed.conversationId === selectedId ? chat.failed : null;
  const showPendingQuestion = pending && !pending.stored;
  const title =
    (selectedId && conversations.data?.find((c) => c.id === selectedId)?.titulo) ||
    detail.data?.conversation.titulo ||
    'Assistente';
  const empty = !selectedId && !pending && !failed;

  // Follow the answer as it grows, unless the reader scrolled up to read something else.
  useEffect(() => {
    stick.current = true;
  }, [selectedId]);
  const lastLength = (pending?.text.length ?? 0) + messages.length;
  useEffect(() => {
    const el = scroller.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [lastLength, selectedId, failed]);
  const onScroll = () => {
    const el = scroller.current;
    if (el) stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
  };

  const sidebar = (
    <ConversationSidebar
      selectedId={selectedId}
      onSelect={open}
      extra={
        !phone && (
          <Tooltip label="Recolher conversas">
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => setSideOpen(false)}
              aria-label="Recolher conversas"
            >
              <IconLayoutSidebarLeftCollapse size={18} />
            </ActionIcon>
          </Tooltip>
        )
      }
    />
  );

  return (
    <div className={classes.layout}>
      {sideOpen && !phone && <aside className={classes.side}>{sidebar}</aside>}
      <Drawer.Root
        opened={drawer && !!phone}
        onClose={() => setDrawer(false)}
        size={300}
        padding={0}
      >
        <Drawer.Overlay />
        {/* The name goes on the dialog itself: the root is a plain div. */}
        <Drawer.Content aria-label="Conversas">
          <Drawer.Body>
            <div style={{ height: '100dvh' }}>{sidebar}</div>
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>

      <section className={classes.main} aria-label="Assistente">
        <header className={classes.header}>
          {phone ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => setDrawer(true)}
              aria-label="Abrir conversas"
            >
              <IconMenu2 size={18} />
            </ActionIcon>
          ) : (
            !sideOpen && (
              <Tooltip label="Mostrar conversas">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={() => setSideOpen(true)}
                  aria-label="Mostrar conversas"
                >
                  <IconLayoutSidebarLeftExpand size={18} />
                </ActionIcon>
              </Tooltip>
            )
          )}
          <IconSparkles size={18} aria-hidden style={{ flexShrink: 0 }} />
          <Text component="h1" fw={700} size="md" truncate="end" style={{ flex: 1, minWidth: 0 }}>
            {title}
          </Text>
          <Group gap={6} wrap="nowrap">
            {status.data?.mode === 'offline' && (
              <Tooltip label="Nenhum provedor de IA configurado: respostas direto dos dados">
                <Badge color="yellow" variant="light" leftSection={<IconCloudOff size={12} />}>
                  {phone ? 'offline' : 'modo offline'}
                </Badge>
              </Tooltip>
            )}
            {status.data?.mode === 'online' && status.data.model && (
              <Badge color="teal" variant="light" visibleFrom="sm">
                {status.data.model}
              </Badge>
            )}
            {selectedId && (
              <Tooltip label="Nova conversa">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={() => open(null)}
                  aria-label="Nova conversa"
                  disabled={chat.busy}
                >
                  <IconPlus size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        </header>

        <div className={classes.scroll} ref={scroller} onScroll={onScroll}>
          {empty ? (
            <WelcomePanel status={status.data} loading={status.isPending} onPick={ask} />
          ) : (
            <div className={classes.thread}>
              {selectedId && detail.isPending && !pending && <ListLoading rows={3} height={64} />}
              {selectedId && detail.isError && (
                <ListError message={detail.error.message} onRetry={() => void detail.refetch()} />
              )}
              {messages.map((m) =>
                m.role === 'user' ? (
                  <UserBubble key={m.id} text={m.content} />
                ) : (
                  <AssistantBubble
                    key={m.id}
                    message={m}
                    deciding={decide.isPending && decide.variables.messageId === m.id}
                    onDecide={onDecide}
                  />
                ),
              )}
              {showPendingQuestion && <UserBubble text={pending.question} />}
              {pending && <StreamingBubble text={pending.text} status={pending.status} />}
              {failed?.question && <UserBubble text={failed.question} />}
              {failed && <FailedBubble error={failed.error} />}
            </div>
          )}
        </div>

        <ChatComposer ref={composer} busy={chat.busy} onSend={ask} onStop={chat.stop} />
      </section>
    </div>
  );
}
