import type { Notification } from '@eproto/domain';
import { notificationLabel } from '@eproto/domain';
import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';

import { fromNow, formatDateTime } from '../../../lib/dates.ts';
import classes from './notifications.module.css';

interface NotificationItemProps {
  notification: Notification;
  onOpen: (notification: Notification) => void;
}

/** One line of the bell dropdown: author, type label, text and relative time. */
export function NotificationItem({ notification: n, onOpen }: NotificationItemProps) {
  const unread = n.read_at === null;
  const author = n.author_nome ?? n.author_email ?? 'E-Proto';
  const system = n.author_nome === null && n.author_email === null;
  const text = n.custom_text ?? n.texto ?? '';
  return (
    <UnstyledButton
      className={classes.item}
      data-unread={unread || undefined}
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
            <Text size="sm" lineClamp={2} mt={2}>
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
  );
}
