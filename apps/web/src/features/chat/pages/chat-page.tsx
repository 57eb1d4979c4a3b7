import { useDocumentVisibility } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

import { useSession } from '../../../lib/session.ts';
import { useContacts } from '../api/get-contacts.ts';
import { useMessages } from '../api/get-messages.ts';
import { useMarkRead } from '../api/mark-read.ts';
import { usePendingChatMessages } from '../api/pending-messages.ts';
import { useSendMessage } from '../api/send-message.ts';
import { ChatPlaceholder } from '../components/chat-placeholder.tsx';
import { ChatSwitch } from '../components/chat-switch.tsx';
import { ConversationHeader } from '../components/conversation-header.tsx';
import {
  ConversationList,
  PersonAvatar,
  type ListEntry,
} from '../components/conversation-list.tsx';
import { MessageComposer, type OutgoingMessage } from '../components/message-composer.tsx';
import { MessageList } from '../components/message-list.tsx';
import classes from '../components/chat.module.css';
import { previewTime } from '../utils/chat-dates.ts';
import { flattenPages } from '../utils/message-pages.ts';
import { matchesSearch, previewText } from '../utils/previews.ts';

/** /operacional/chat — direct conversations (list, then the conversation on phones). */
export default function ChatPage() {
  const { user: me } = useSession();
  const myId = me?.id ?? 0;
  const [params, setParams] = useSearchParams();
  const selectedId = Number(params.get('com')) || null;
  const [search, setSearch] = useState('');
  const visibility = useDocumentVisibility();

  const contacts = useContacts();
  const messages = useMessages(selectedId);
  const selected = contacts.data?.find((c) => c.id === selectedId) ?? null;
  const send = useSendMessage(myId, selected?.nome);
  const markRead = useMarkRead();
  const waiting = usePendingChatMessages({ id: myId }, (w) => w.meta.to === selectedId);
  const loaded = useMemo(() => flattenPages(messages.data), [messages.data]);
  const list = useMemo(() => [...loaded, ...waiting], [loaded, waiting]);

  const entries: ListEntry[] = (contacts.data ?? [])
    .filter((c) => matchesSearch(search, c.nome, c.email, c.rawType))
    .map((c) => ({
      id: c.id,
      title: c.nome,
      avatar: <PersonAvatar name={c.nome} src={c.avatar} />,
      unread: c.unread,
      preview: previewText(c.lastMessage) ?? c.rawType,
      time: c.lastMessage ? previewTime(c.lastMessage.createdAt) : undefined,
    }));

  // Opening a conversation (and receiving while it is open and visible) marks it read.
  const unreadHere = list.some((m) => m.senderId === selectedId && m.readAt === null);
  const { mutate: read } = markRead;
  useEffect(() => {
    if (selectedId && unreadHere && visibility === 'visible') read(selectedId);
  }, [selectedId, unreadHere, visibility, read]);

  const open = (id: number | null) => setParams(id ? { com: String(id) } : {});

  const onSend = (m: OutgoingMessage) =>
    send.mutateAsync({
      to: selectedId!,
      content: m.content,
      fileUrl: m.file?.fileUrl ?? null,
      fileName: m.file?.fileName ?? null,
      mimeType: m.file?.mimeType ?? null,
      mentions: m.mentions,
    });

  return (
    <div className={classes.layout} data-view={selectedId ? 'conversation' : 'list'}>
      <aside className={classes.sidePane}>
        <ConversationList
          title="Chat"
          extra={<ChatSwitch value="direto" />}
          entries={entries}
          selectedId={selectedId}
          onSelect={open}
          search={search}
          onSearch={setSearch}
          searchPlaceholder="Buscar pessoa"
          loading={contacts.isPending}
          error={contacts.isError}
          onRetry={() => void contacts.refetch()}
          emptyText="Nenhum contato disponível."
        />
      </aside>
      <section className={classes.mainPane} aria-label="Conversa">
        {!selectedId ? (
          <ChatPlaceholder
            title="Suas conversas"
            hint="Escolha uma pessoa na lista para conversar. As mensagens chegam na hora, sem recarregar."
          />
        ) : contacts.isSuccess && !selected ? (
          <ChatPlaceholder
            title="Contato não encontrado"
            hint="Esta pessoa não está disponível para conversa."
          />
        ) : (
          <>
            <ConversationHeader
              avatar={<PersonAvatar name={selected?.nome ?? ''} src={selected?.avatar} size={36} />}
              title={selected?.nome ?? 'Carregando...'}
              subtitle={selected?.rawType}
              onBack={() => open(null)}
            />
            <MessageList
              conversationKey={`direct-${selectedId}`}
              messages={list}
              me={myId}
              showSender={false}
              showReceipt
              mentionNames={selected ? [selected.nome, me?.nome ?? ''] : []}
              loading={messages.isPending}
              error={messages.isError}
              onRetry={() => void messages.refetch()}
              hasOlder={messages.hasNextPage}
              loadingOlder={messages.isFetchingNextPage}
              onLoadOlder={() => void messages.fetchNextPage()}
              emptyText="Nenhuma mensagem ainda. Diga olá!"
            />
            <MessageComposer
              draftKey={`direct-${selectedId}`}
              people={selected ? [selected] : []}
              placeholder="Escreva uma mensagem (@ para mencionar)"
              onSend={onSend}
            />
          </>
        )}
      </section>
    </div>
  );
}
