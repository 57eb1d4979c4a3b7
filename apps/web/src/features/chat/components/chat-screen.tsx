import type { ChatSendBody } from '@eproto/domain';
import { useDocumentVisibility } from '@mantine/hooks';
import type { InfiniteData, UseInfiniteQueryResult, UseQueryResult } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';

import type { MentionPerson } from '../../../components/mention-suggestions.tsx';
import { flattenPages } from '../utils/message-pages.ts';
import { matchesSearch } from '../utils/previews.ts';
import { ChatPlaceholder } from './chat-placeholder.tsx';
import { ChatSwitch } from './chat-switch.tsx';
import { ConversationHeader } from './conversation-header.tsx';
import { ConversationList, type ListEntry } from './conversation-list.tsx';
import type { ChatItem } from './message-bubble.tsx';
import { MessageComposer } from './message-composer.tsx';
import { MessageList } from './message-list.tsx';
import classes from './chat.module.css';

/**
 * What each kind of chat says, which URL parameter names its open conversation, and whether a
 * newer message than the one last marked read marks it again (rooms: their unread count lives
 * on the server only; direct messages carry `readAt`).
 */
const KINDS = {
  direto: {
    param: 'com',
    key: 'direct',
    everyNew: false,
    search: 'Buscar pessoa',
    noConversations: 'Nenhum contato disponível.',
    pane: 'Conversa',
    idle: [
      'Suas conversas',
      'Escolha uma pessoa na lista para conversar. As mensagens chegam na hora, sem recarregar.',
    ],
    notFound: ['Contato não encontrado', 'Esta pessoa não está disponível para conversa.'],
    noMessages: 'Nenhuma mensagem ainda. Diga olá!',
    composer: 'Escreva uma mensagem (@ para mencionar)',
  },
  contratos: {
    param: 'sala',
    key: 'room',
    everyNew: true,
    search: 'Buscar contrato',
    noConversations: 'Você não está vinculado a nenhum contrato.',
    pane: 'Sala do contrato',
    idle: [
      'Salas dos contratos',
      'Cada contrato tem uma sala com todas as pessoas vinculadas a ele. Escolha uma na lista.',
    ],
    notFound: ['Sala não encontrada', 'Você não tem acesso a esta sala.'],
    noMessages: 'Nenhuma mensagem nesta sala ainda.',
    composer: 'Mensagem para a sala (@ para mencionar)',
  },
} as const;
type ChatKind = keyof typeof KINDS;

/** The open conversation's id in the URL (`?com=` or `?sala=`), and how to open another. */
export function useOpenConversation(kind: ChatKind) {
  const { param } = KINDS[kind];
  const [params, setParams] = useSearchParams();
  const open = (id: number | null) => setParams(id ? { [param]: String(id) } : {});
  return [Number(params.get(param)) || null, open] as const;
}

/** A message's fields as both sends take them (the conversation's id is the page's). */
type SendFields = Omit<ChatSendBody, 'to'>;

interface ChatScreenProps {
  kind: ChatKind;
  /** The conversations; each entry's `terms` are what the search looks in. */
  list: UseQueryResult<unknown>;
  entries: Array<ListEntry & { terms: Array<string | null> }>;
  /** The open conversation, once the list found it. */
  found: boolean;
  header: { avatar: ReactNode; title?: string; subtitle?: string };
  messages: UseInfiniteQueryResult<InfiniteData<{ items: ChatItem[]; hasMore: boolean }>>;
  /** Messages written without signal, still on the phone. */
  waiting: ChatItem[];
  me: number;
  mentionNames: readonly string[];
  people: MentionPerson[];
  onSend: (fields: SendFields) => Promise<unknown>;
  /** Marks the open conversation read (while visible, when `unread` of what is loaded > 0). */
  read: (id: number) => void;
  unread: (loaded: ChatItem[]) => number;
}

/**
 * A chat screen: the conversation list beside (on phones: before) the open conversation with
 * its header, messages and message box. Direct chat and contract rooms differ only in data.
 */
export function ChatScreen(props: ChatScreenProps) {
  const { kind, list, messages, read } = props;
  const { everyNew, ...texts } = KINDS[kind];
  const [selectedId, open] = useOpenConversation(kind);
  const [search, setSearch] = useState('');
  const loaded = useMemo(() => flattenPages(messages.data), [messages.data]);
  const shown = useMemo(() => [...loaded, ...props.waiting], [loaded, props.waiting]);
  const key = `${texts.key}-${selectedId}`;

  const visibility = useDocumentVisibility();
  const lastRead = useRef('');
  const newest = everyNew ? (loaded.at(-1)?.id ?? 0) : 0;
  const unread = props.unread(loaded);
  useEffect(() => {
    if (!selectedId || visibility !== 'visible' || (everyNew && newest <= 0)) return;
    const mark = `${selectedId}:${newest}`;
    if (unread === 0 && (!everyNew || lastRead.current === mark)) return;
    lastRead.current = mark;
    read(selectedId);
  }, [selectedId, newest, unread, everyNew, visibility, read]);

  return (
    <div className={classes.layout} data-view={selectedId ? 'conversation' : 'list'}>
      <aside className={classes.sidePane}>
        <ConversationList
          title="Chat"
          extra={<ChatSwitch value={kind} />}
          entries={props.entries.filter((e) => matchesSearch(search, ...e.terms))}
          selectedId={selectedId}
          onSelect={open}
          search={search}
          onSearch={setSearch}
          searchPlaceholder={texts.search}
          query={list}
          emptyText={texts.noConversations}
        />
      </aside>
      <section className={classes.mainPane} aria-label={texts.pane}>
        {!selectedId ? (
          <ChatPlaceholder title={texts.idle[0]} hint={texts.idle[1]} />
        ) : list.isSuccess && !props.found ? (
          <ChatPlaceholder title={texts.notFound[0]} hint={texts.notFound[1]} />
        ) : (
          <>
            <ConversationHeader
              {...props.header}
              title={props.header.title ?? 'Carregando...'}
              onBack={() => open(null)}
            />
            <MessageList
              conversationKey={key}
              messages={shown}
              me={props.me}
              showSender={kind === 'contratos'}
              showReceipt={kind === 'direto'}
              mentionNames={props.mentionNames}
              query={messages}
              emptyText={texts.noMessages}
            />
            <MessageComposer
              draftKey={key}
              people={props.people}
              placeholder={texts.composer}
              onSend={(m) =>
                props.onSend({
                  content: m.content,
                  fileUrl: m.file?.fileUrl ?? null,
                  fileName: m.file?.fileName ?? null,
                  mimeType: m.file?.mimeType ?? null,
                  mentions: m.mentions,
                })
              }
            />
          </>
        )}
      </section>
    </div>
  );
}
