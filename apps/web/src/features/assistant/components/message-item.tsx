import type { AssistantMessage } from '@eproto/domain';
import { Group, Loader, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconSparkles } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import { dayjs } from '../../../lib/dates.ts';
import { tidyPartial } from '../utils/rich-text.ts';
import { ActionCard } from './action-card.tsx';
import classes from './assistant.module.css';
import { RichText } from './rich-text.tsx';
import { SourceLinks } from './source-links.tsx';

export function UserBubble({ text }: { text: string }) {
  return (
    <div className={classes.userRow}>
      <div className={classes.userBubble}>{text}</div>
    </div>
  );
}

function AssistantAvatar({ error }: { error?: boolean }) {
  return (
    <ThemeIcon
      size={30}
      radius="xl"
      variant={error ? 'light' : 'gradient'}
      color={error ? 'red' : undefined}
      aria-hidden
    >
      {error ? <IconAlertTriangle size={16} /> : <IconSparkles size={16} />}
    </ThemeIcon>
  );
}

function AssistantRow({ error, children }: { error?: boolean; children: ReactNode }) {
  return (
    <div className={classes.assistantRow}>
      <AssistantAvatar error={error} />
      <div className={classes.assistantBody}>{children}</div>
    </div>
  );
}

interface AssistantBubbleProps {
  message: AssistantMessage;
  deciding: boolean;
  onDecide: (message: AssistantMessage, decision: 'confirmar' | 'cancelar') => void;
}

/** A stored answer: text, the proposed action (if any) and the linked items it used. */
export function AssistantBubble({ message, deciding, onDecide }: AssistantBubbleProps) {
  const error = message.status === 'erro';
  return (
    <AssistantRow error={error}>
      <div className={classes.answer} data-error={error || undefined}>
        <RichText text={message.content} />
      </div>
      {message.action && (
        <ActionCard
          action={message.action}
          busy={deciding}
          onDecide={(d) => onDecide(message, d)}
        />
      )}
      <SourceLinks sources={message.sources} />
      <Group gap={6}>
        <Text size="xs" c="dimmed">
          {dayjs(message.created_at).format('DD/MM/YYYY HH:mm')}
          {message.offline ? ' · modo offline' : ''}
          {message.status === 'interrompida' ? ' · resposta interrompida' : ''}
        </Text>
      </Group>
    </AssistantRow>
  );
}

/** The answer while it streams in, with what the assistant is doing right now. */
export function StreamingBubble({ text, status }: { text: string; status: string | null }) {
  return (
    <AssistantRow>
      {text ? (
        <div className={classes.answer} aria-live="polite">
          <RichText
            text={tidyPartial(text)}
            trailing={<span className={classes.cursor} aria-hidden />}
          />
        </div>
      ) : null}
      {(status || !text) && (
        <Group gap={8}>
          <Loader size={14} type="dots" />
          <Text size="sm" c="dimmed">
            {status ?? 'Pensando…'}
          </Text>
        </Group>
      )}
    </AssistantRow>
  );
}

/** A question refused before it was answered (limit, connection): the reason in the chat. */
export function FailedBubble({ error }: { error: string }) {
  return (
    <AssistantRow error>
      <div className={classes.answer} data-error role="alert">
        {error}
      </div>
    </AssistantRow>
  );
}
