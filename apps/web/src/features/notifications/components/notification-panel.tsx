import type { Notification } from '@eproto/domain';
import { MSG } from '@eproto/domain';
import { Button, Center, Group, Loader, ScrollArea, Stack, Text } from '@mantine/core';
import { IconBellOff, IconChecks } from '@tabler/icons-react';

import { NotificationItem } from './notification-item.tsx';
import classes from './notifications.module.css';

interface NotificationPanelProps {
  items: Notification[];
  unread: number;
  loading: boolean;
  markingAll: boolean;
  onOpen: (notification: Notification) => void;
  onMarkAll: () => void;
}

/** Dropdown content of the bell: header, list, loading and empty states. */
export function NotificationPanel(props: NotificationPanelProps) {
  const { items, unread, loading, markingAll, onOpen, onMarkAll } = props;
  return (
    <div>
      <Group justify="space-between" className={classes.header} wrap="nowrap">
        <Text fw={700} size="sm">
          Avisos
        </Text>
        <Button
          variant="subtle"
          size="compact-xs"
          leftSection={<IconChecks size={14} />}
          disabled={unread === 0}
          loading={markingAll}
          onClick={onMarkAll}
        >
          Marcar todas como lidas
        </Button>
      </Group>
      {loading ? (
        <Center py="xl" className={classes.state}>
          <Group gap="xs">
            <Loader size="xs" type="dots" />
            <Text size="sm" c="dimmed">
              {MSG.loading}
            </Text>
          </Group>
        </Center>
      ) : items.length === 0 ? (
        <Stack align="center" gap={6} py="xl" className={classes.state}>
          <IconBellOff size={28} stroke={1.5} opacity={0.5} />
          <Text size="sm" c="dimmed">
            {MSG.notificationsEmpty}
          </Text>
        </Stack>
      ) : (
        <ScrollArea.Autosize mah="min(440px, 70dvh)" type="auto">
          <div role="list" aria-label="Avisos">
            {items.map((n) => (
              <div role="listitem" key={n.id}>
                <NotificationItem notification={n} onOpen={onOpen} />
              </div>
            ))}
          </div>
        </ScrollArea.Autosize>
      )}
    </div>
  );
}
