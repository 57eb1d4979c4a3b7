import { CONTRACT_STATUS_LABELS, type ContractStatus } from '@eproto/domain';
import { Avatar } from '@mantine/core';
import { useDocumentVisibility } from '@mantine/hooks';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

import { useSession } from '../../../lib/session.ts';
import { useRoomMembers } from '../api/get-room-members.ts';
import { useRoomMessages } from '../api/get-room-messages.ts';
import { useRooms } from '../api/get-rooms.ts';
import { useMarkRoomRead } from '../api/mark-room-read.ts';
import { usePendingChatMessages } from '../api/pending-messages.ts';
import { useSendRoomMessage } from '../api/send-room-message.ts';
import { ChatPlaceholder } from '../components/chat-placeholder.tsx';
import { ChatSwitch } from '../components/chat-switch.tsx';
import { ConversationHeader } from '../components/conversation-header.tsx';
import { ConversationList, type ListEntry } from '../components/conversation-list.tsx';
import { MessageComposer, type OutgoingMessage } from '../components/message-composer.tsx';
import { MessageList } from '../components/message-list.tsx';
import classes from '../components/chat.module.css';
import { previewTime } from '../utils/chat-dates.ts';
import { flattenPages } from '../utils/message-pages.ts';
import { matchesSearch, previewText } from '../utils/previews.ts';

function RoomAvatar({ size = 40 }: { size?: number }) {
  return (
    <Avatar radius="md" size={size} color="brand" variant="light">
      <IconBuildingCommunity size={size * 0.5} />
    </Avatar>
  );
}

const statusLabel = (s: string) => CONTRACT_STATUS_LABELS[s as ContractStatus] ?? s;

/** /operacional/chat-contrato — one room per contract for the people linked to it. */
export default function ContractChatPage() {
  const { user: me } = useSession();
  const myId = me?.id ?? 0;
  const [params, setParams] = useSearchParams();
  const selectedId = Number(params.get('sala')) || null;
  const byCode = params.get('contrato');
  const [search, setSearch] = useState('');
  const visibility = useDocumentVisibility();

  const rooms = useRooms();
  const messages = useRoomMessages(selectedId);
  const members = useRoomMembers(selectedId);
  const selected = rooms.data?.find((r) => r.chatId === selectedId) ?? null;
  const author = { id: myId, nome: me?.nome ?? '', avatar: me?.avatar ?? null };
  const send = useSendRoomMessage(author, selected ? `${selected.codigo}` : '');
  const { mutate: read } = useMarkRoomRead();
  const loaded = useMemo(() => flattenPages(messages.data), [messages.data]);
  const waiting = usePendingChatMessages(author, (w) => w.meta.chatId === selectedId);
  const list = useMemo(() => [...loaded, ...waiting], [loaded, waiting]);

  // A link from a mention names the room by contract code (?contrato=CT-001).
  useEffect(() => {
    if (!byCode || !rooms.data) return;
    const room = rooms.data.find((r) => r.codigo === byCode);
    setParams(room ? { sala: String(room.chatId) } : {}, { replace: true });
  }, [byCode, rooms.data, setParams]);

  // Opening a room, and new messages while it is open and visible, mark it read.
  const newestId = loaded.at(-1)?.id ?? 0;
  const lastRead = useRef<string>('');
  const unread = selected?.unread ?? 0;
  useEffect(() => {
    if (!selectedId || visibility !== 'visible' || newestId <= 0) return;
    const mark = `${selectedId}:${newestId}`;
    if (lastRead.current === mark && unread === 0) return;
    lastRead.current = mark;
    read(selectedId);
  }, [selectedId, newestId, unread, visibility, read]);

  const entries: ListEntry[] = (rooms.data ?? [])
    .filter((r) => matchesSearch(search, r.codigo, r.nome, r.cliente))
    .map((r) => ({
      id: r.chatId,
      title: `${r.codigo} · ${r.nome}`,
      avatar: <RoomAvatar />,
      unread: r.unread,
      preview: previewText(r.lastMessage, true) ?? r.cliente,
      time: r.lastMessage ? previewTime(r.lastMessage.createdAt) : undefined,
    }));

  const open = (id: number | null) => setParams(id ? { sala: String(id) } : {});

  const onSend = (m: OutgoingMessage) =>
    send.mutateAsync({
      chatId: selectedId!,
      content: m.content,
      fileUrl: m.file?.fileUrl ?? null,
      fileName: m.file?.fileName ?? null,
      mimeType: m.file?.mimeType ?? null,
      mentions: m.mentions,
    });

  const people = (members.data ?? []).filter((p) => p.id !== myId);

  return (
    <div className={classes.layout} data-view={selectedId ? 'conversation' : 'list'}>
      <aside className={classes.sidePane}>
        <ConversationList
          title="Chat"
          extra={<ChatSwitch value="contratos" />}
          entries={entries}
          selectedId={selectedId}
          onSelect={open}
          search={search}
          onSearch={setSearch}
          searchPlaceholder="Buscar contrato"
          loading={rooms.isPending}
          error={rooms.isError}
          onRetry={() => void rooms.refetch()}
          emptyText="Você não está vinculado a nenhum contrato."
        />
      </aside>
      <section className={classes.mainPane} aria-label="Sala do contrato">
        {!selectedId ? (
          <ChatPlaceholder
            title="Salas dos contratos"
            hint="Cada contrato tem uma sala com todas as pessoas vinculadas a ele. Escolha uma na lista."
          />
        ) : rooms.isSuccess && !selected ? (
          <ChatPlaceholder title="Sala não encontrada" hint="Você não tem acesso a esta sala." />
        ) : (
          <>
            <ConversationHeader
              avatar={<RoomAvatar size={36} />}
              title={selected ? `${selected.codigo} · ${selected.nome}` : 'Carregando...'}
              subtitle={
                selected
                  ? [
                      selected.cliente,
                      statusLabel(selected.status),
                      members.data ? `${members.data.length} participantes` : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')
                  : undefined
              }
              onBack={() => open(null)}
            />
            <MessageList
              conversationKey={`room-${selectedId}`}
              messages={list}
              me={myId}
              showSender
              showReceipt={false}
              mentionNames={(members.data ?? []).map((p) => p.nome)}
              loading={messages.isPending}
              error={messages.isError}
              onRetry={() => void messages.refetch()}
              hasOlder={messages.hasNextPage}
              loadingOlder={messages.isFetchingNextPage}
              onLoadOlder={() => void messages.fetchNextPage()}
              emptyText="Nenhuma mensagem nesta sala ainda."
            />
            <MessageComposer
              draftKey={`room-${selectedId}`}
              people={people}
              placeholder="Mensagem para a sala (@ para mencionar)"
              onSend={onSend}
            />
          </>
        )}
      </section>
    </div>
  );
}
