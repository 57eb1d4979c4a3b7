import { useSession } from '../../../lib/session.ts';
import { useContacts } from '../api/get-contacts.ts';
import { useMessages } from '../api/get-messages.ts';
import { useMarkRead } from '../api/mark-read.ts';
import { usePendingChatMessages } from '../api/pending-messages.ts';
import { useSendMessage } from '../api/send-message.ts';
import { ChatScreen, useOpenConversation } from '../components/chat-screen.tsx';
import { PersonAvatar } from '../components/conversation-list.tsx';
import { previewText } from '../utils/previews.ts';

/** /operacional/chat — direct conversations (list, then the conversation on phones). */
export default function ChatPage() {
  const { user: me } = useSession();
  const myId = me?.id ?? 0;
  const [selectedId] = useOpenConversation('direto');
  const contacts = useContacts();
  const messages = useMessages(selectedId);
  const selected = contacts.data?.find((c) => c.id === selectedId) ?? null;
  const send = useSendMessage(myId, selected?.nome);
  const { mutate: read } = useMarkRead();
  const waiting = usePendingChatMessages({ id: myId }, (w) => w.meta.to === selectedId);

  return (
    <ChatScreen
      kind="direto"
      list={contacts}
      entries={(contacts.data ?? []).map((c) => ({
        id: c.id,
        terms: [c.nome, c.email, c.rawType],
        title: c.nome,
        avatar: <PersonAvatar name={c.nome} src={c.avatar} />,
        unread: c.unread,
        preview: previewText(c.lastMessage) ?? c.rawType,
        lastAt: c.lastMessage?.createdAt,
      }))}
      found={selected !== null}
      header={{
        avatar: <PersonAvatar name={selected?.nome ?? ''} src={selected?.avatar} size={36} />,
        title: selected?.nome,
        subtitle: selected?.rawType,
      }}
      messages={messages}
      waiting={waiting}
      me={myId}
      mentionNames={selected ? [selected.nome, me?.nome ?? ''] : []}
      people={selected ? [selected] : []}
      onSend={(m) => send.mutateAsync({ to: selectedId!, ...m })}
      // Opening a conversation, and receiving while it is open and visible, marks it read.
      read={read}
      unread={(loaded) => Number(loaded.some((m) => m.senderId === selectedId && !m.readAt))}
    />
  );
}
