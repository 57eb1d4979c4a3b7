import { CONTRACT_STATUS_LABELS, type ContractStatus } from '@eproto/domain';
import { Avatar } from '@mantine/core';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

import { useSession } from '../../../lib/session.ts';
import { useRoomMembers } from '../api/get-room-members.ts';
import { useRoomMessages } from '../api/get-room-messages.ts';
import { useRooms } from '../api/get-rooms.ts';
import { useMarkRoomRead } from '../api/mark-room-read.ts';
import { usePendingChatMessages } from '../api/pending-messages.ts';
import { useSendRoomMessage } from '../api/send-room-message.ts';
import { ChatScreen, useOpenConversation } from '../components/chat-screen.tsx';
import { previewText } from '../utils/previews.ts';
import { contractLabel } from '../../../components/pickers/contract-label.ts';

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
  const [selectedId] = useOpenConversation('contratos');
  const byCode = params.get('contrato');

  const rooms = useRooms();
  const messages = useRoomMessages(selectedId);
  const members = useRoomMembers(selectedId);
  const selected = rooms.data?.find((r) => r.chatId === selectedId) ?? null;
  const author = { id: myId, nome: me?.nome ?? '', avatar: me?.avatar ?? null };
  const send = useSendRoomMessage(author, selected ? `${selected.codigo}` : '');
  const { mutate: read } = useMarkRoomRead();
  const waiting = usePendingChatMessages(author, (w) => w.meta.chatId === selectedId);

  // A link from a mention names the room by contract code (?contrato=CT-001).
  useEffect(() => {
    if (!byCode || !rooms.data) return;
    const room = rooms.data.find((r) => r.codigo === byCode);
    setParams(room ? { sala: String(room.chatId) } : {}, { replace: true });
  }, [byCode, rooms.data, setParams]);

  const subtitle = selected && [
    selected.cliente,
    statusLabel(selected.status),
    members.data ? `${members.data.length} participantes` : null,
  ];

  return (
    <ChatScreen
      kind="contratos"
      list={rooms}
      entries={(rooms.data ?? []).map((r) => ({
        id: r.chatId,
        terms: [r.codigo, r.nome, r.cliente],
        title: contractLabel(r),
        avatar: <RoomAvatar />,
        unread: r.unread,
        preview: previewText(r.lastMessage, true) ?? r.cliente,
        lastAt: r.lastMessage?.createdAt,
      }))}
      found={selected !== null}
      header={{
        avatar: <RoomAvatar size={36} />,
        title: selected ? contractLabel(selected) : undefined,
        subtitle: subtitle?.filter(Boolean).join(' · '),
      }}
      messages={messages}
      waiting={waiting}
      me={myId}
      mentionNames={(members.data ?? []).map((p) => p.nome)}
      people={(members.data ?? []).filter((p) => p.id !== myId)}
      onSend={(m) => send.mutateAsync({ chatId: selectedId!, ...m })}
      // Opening a room, and each newer message while it is open and visible, marks it read.
      read={read}
      unread={() => selected?.unread ?? 0}
    />
  );
}
