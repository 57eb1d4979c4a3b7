import { isPreviewableImage } from '@eproto/domain';
import { Avatar, Text } from '@mantine/core';
import { IconCheck, IconChecks, IconClock, IconFileDescription } from '@tabler/icons-react';

import { formatFileSize } from '../utils/file-size.ts';
import { timeOf } from '../utils/chat-dates.ts';
import { mentionSegments } from '../../../lib/mentions.ts';
import classes from './chat.module.css';

/** What a bubble shows, for direct and contract messages alike. */
export interface ChatItem {
  id: number;
  senderId: number;
  senderNome?: string;
  senderAvatar?: string | null;
  content: string;
  fileUrl: string | null;
  fileName: string | null;
  mimeType: string | null;
  fileSize: number | null;
  createdAt: string;
  /** Direct chat only: when the other person read it. */
  readAt?: string | null;
  /** Written without signal and kept on the phone (outbox): not on the server yet. */
  waiting?: 'pending' | 'attention';
}

interface MessageBubbleProps {
  message: ChatItem;
  mine: boolean;
  /** Rooms show who wrote each message (first of a run). */
  showSender: boolean;
  /** Rooms keep other people's bubbles aligned under the avatar column. */
  indent: boolean;
  /** Direct chat shows "sent/read" ticks on one's own messages. */
  showReceipt: boolean;
  mentionNames: readonly string[];
  onOpenImage: (message: ChatItem) => void;
}

/** One message: text with highlighted @mentions, image preview or file card, time and ticks. */
export function MessageBubble(props: MessageBubbleProps) {
  const { message: m, mine } = props;
  const pending = m.id < 0;
  const waiting = m.waiting;
  const image = m.fileUrl && isPreviewableImage(m.mimeType);
  return (
    <div className={classes.row} data-mine={mine || undefined}>
      {props.showSender && !mine ? (
        <Avatar
          src={m.senderAvatar ?? null}
          name={m.senderNome ?? ''}
          color="initials"
          radius="xl"
          size={28}
        />
      ) : props.indent && !mine ? (
        <span style={{ width: 28, flexShrink: 0 }} aria-hidden />
      ) : null}
      <div className={classes.bubble} data-pending={pending || undefined}>
        {props.showSender && !mine && m.senderNome && (
          <Text size="xs" fw={700} c="brand" mb={2}>
            {m.senderNome}
          </Text>
        )}
        {m.fileUrl && image && (
          <img
            src={m.fileUrl}
            alt={m.fileName ?? 'Imagem'}
            className={classes.image}
            loading="lazy"
            onClick={() => props.onOpenImage(m)}
          />
        )}
        {m.fileUrl && !image && (
          <a className={classes.fileCard} href={m.fileUrl} download={m.fileName ?? true}>
            <IconFileDescription size={28} stroke={1.5} />
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600} truncate="end">
                {m.fileName ?? 'Arquivo'}
              </Text>
              <Text size="xs" opacity={0.75}>
                {[formatFileSize(m.fileSize), 'Baixar'].filter(Boolean).join(' · ')}
              </Text>
            </div>
          </a>
        )}
        {m.content && (
          <div className={classes.text}>
            {mentionSegments(m.content, props.mentionNames).map((s, i) =>
              s.mention ? (
                <span key={i} className={classes.mention}>
                  {s.text}
                </span>
              ) : (
                <span key={i}>{s.text}</span>
              ),
            )}
          </div>
        )}
        <div className={classes.meta}>
          {waiting && (
            <span data-testid="pending-chat-message" className={classes.waiting}>
              {waiting === 'attention' ? 'precisa de atenção' : 'aguardando conexão'}
            </span>
          )}
          <span>{timeOf(m.createdAt)}</span>
          {mine && props.showReceipt && <Receipt pending={pending} read={Boolean(m.readAt)} />}
          {mine && !props.showReceipt && pending && <IconClock size={12} aria-label="Enviando" />}
        </div>
      </div>
    </div>
  );
}

function Receipt({ pending, read }: { pending: boolean; read: boolean }) {
  if (pending) return <IconClock size={12} aria-label="Enviando" />;
  if (read) return <IconChecks size={14} aria-label="Lida" />;
  return <IconCheck size={14} aria-label="Enviada" />;
}
