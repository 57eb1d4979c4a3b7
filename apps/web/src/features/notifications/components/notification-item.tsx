import type { Notification } from '@eproto/domain';
import { notificationLabel } from '@eproto/domain';
import { Avatar, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { IconBell, IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useState } from 'react';

import { fromNow, formatDateTime } from '../../../lib/dates.ts';
import classes from './notifications.module.css';

interface NotificationItemProps {
  notification: Notification;
  onOpen: (notification: Notification) => void;
}

/** Texts past about two lines of the dropdown start folded, with "Mostrar tudo". */
const FOLD_AT = 110;

/** One line of the bell dropdown: author, type label, the whole text on demand, relative time. */
export function NotificationItem({ notification: n, onOpen }: NotificationItemProps) {
  const [expanded, setExpanded] = useState(false);
  const unread = n.read_at === null;
  const author = n.author_nome ?? n.author_email ?? 'E-Proto';
  const system = n.author_nome === null && n.author_email === null;
  const text = n.custom_text ?? n.texto ?? '';
  const long = text.length > FOLD_AT || text.includes('\n');
  return (
    <div className={classes.item} data-unread={unread || undefined}>
      <UnstyledButton
        className={classes.itemMain}
        onClick={() => onOpen(n)}
        aria-label={`${notificationLabel(n.type)}: ${text}`}
      >
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {system ? (
            <Avatar size={36} radius="xl" color="brand" variant="light" aria-hidden="true">
              <IconBell size={18} />
            </Avatar>
          ) : (
            <Avatar src={n.author_avatar} name={author} color="initials" size={36} radius="xl" />
          )}
          <div className={classes.itemBody}>
            <Group gap={6} justify="space-between" wrap="nowrap">
              <Text size="xs" fw={700} c="brand" tt="uppercase" className={classes.label}>
                {notificationLabel(n.type)}
              </Text>
              <Text
                size="xs"
                c="dimmed"
                title={formatDateTime(n.created_at)}
                style={{ flexShrink: 0 }}
              >
                {fromNow(n.created_at)}
              </Text>
            </Group>
            {text && (
              <Text
                size="sm"
                mt={2}
                lineClamp={long && !expanded ? 2 : undefined}
                className={classes.text}
              >
                {text}
              </Text>
            )}
            <Text size="xs" c="dimmed" mt={2} truncate="end">
              {author}
            </Text>
          </div>
          {unread && <span className={classes.dot} aria-label="Não lido" />}
        </Group>
      </UnstyledButton>
      {long && (
        <Button
          variant="subtle"
          size="compact-xs"
          className={classes.more}
          onClick={() => setExpanded((v) => !v)}
          aria-expanded={expanded}
          rightSection={expanded ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
        >
          {expanded ? 'Mostrar menos' : 'Mostrar tudo'}
        </Button>
      )}
    </div>
  );
}
