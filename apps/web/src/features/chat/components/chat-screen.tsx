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

/** The open conversation's id in the URL (`?com=` or `?sala=`), and how to open another. */
export function useOpenConversation(param: string) {
  const [params, setParams] = useSearchParams();
  const open = (id: number | null) => setParams(id ? { [param]: String(id) } : {});
  return [Number(params.get(param)) || null, open] as const;
}

/** What one kind of chat says on its screen. */
export interface ChatTexts {
  search: string;
  noConversations: string;
  pane: string;
  idle: readonly [title: string, hint: string];
  notFound: readonly [title: string, hint: string];
  noMessages: string;
  composer: string;
}

/** A message's fields as both sends take them (the conversation's id is the page's). */
type SendFields = Omit<ChatSendBody, 'to'>;

interface ChatScreenProps {
  kind: 'direto' | 'contratos';
  texts: ChatTexts;
  param: string;
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
  /**
   * Marks the open conversation read while the page is visible: whenever `unread` (given what
   * is loaded) is above 0 and, with `everyNew`, also when a newer message than the last marked
   * one arrives (rooms count unread on the server only).
   */
  markRead: { read: (id: number) => void; unread: (loaded: ChatItem[]) => number; everyNew?: true };
}

/**
 * A chat screen: the conversation list beside (on phones: before) the open conversation with
 * its header, messages and message box. Direct chat and contract rooms differ only in data.
 */
export function ChatScreen(props: ChatScreenProps) {
  const { kind, texts, list, messages, markRead } = props;
  const [selectedId, open] = useOpenConversation(props.param);
  const [search, setSearch] = useState('');
  const loaded = useMemo(() => flattenPages(messages.data), [messages.data]);
  const shown = useMemo(() => [...loaded, ...props.waiting], [loaded, props.waiting]);
  const key = `${kind === 'direto' ? 'direct' : 'room'}-${selectedId}`;

  const visibility = useDocumentVisibility();
  const lastRead = useRef('');
  const newest = markRead.everyNew ? (loaded.at(-1)?.id ?? 0) : 0;
  const unread = markRead.unread(loaded);
  const { read, everyNew } = markRead;
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
