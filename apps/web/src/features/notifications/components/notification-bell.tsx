import type { Notification } from '@eproto/domain';
import { ActionIcon, Popover, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read.ts';
import { useMarkNotificationRead } from '../api/mark-notification-read.ts';
import { BellIndicator, useUnreadBadge } from './bell-button.tsx';
import { NotificationPanel } from './notification-panel.tsx';
import { notificationTarget } from './notification-target.ts';
import classes from './notifications.module.css';

/**
 * Top-bar bell: unread count (9+) and the latest 20 notifications. `defaultOpened`: the bell was
 * tapped before this panel's code arrived (app/layout/top-bar.tsx).
 */
export function NotificationBell({ defaultOpened = false }: { defaultOpened?: boolean }) {
  const [opened, setOpened] = useState(defaultOpened);
  const navigate = useNavigate();
  const { query, unread, badge, label } = useUnreadBadge(opened);
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const { refetch } = query;
  useEffect(() => {
    if (defaultOpened) void refetch();
  }, [defaultOpened, refetch]);

  const toggle = () => {
    const next = !opened;
    setOpened(next);
    if (next) void query.refetch();
  };

  const open = (n: Notification) => {
    if (n.read_at === null) markRead.mutate(n.id);
    setOpened(false);
    const target = notificationTarget(n);
    if (target) void navigate(target);
  };

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width="min(380px, calc(100vw - 16px))"
      offset={10}
      radius="md"
      withinPortal
      // The ActionIcon carries the popup ARIA itself; on the Indicator wrapper it is invalid.
      withRoles={false}
    >
      <Popover.Target>
        <BellIndicator badge={badge}>
          <Tooltip label="Avisos" disabled={opened}>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              onClick={toggle}
              aria-label={label}
              aria-expanded={opened}
              aria-haspopup="dialog"
            >
              <IconBell size={20} stroke={1.7} />
            </ActionIcon>
          </Tooltip>
        </BellIndicator>
      </Popover.Target>
      <Popover.Dropdown p={0} className={classes.dropdown} role="dialog" aria-label="Avisos">
        <NotificationPanel
          items={query.data?.items ?? []}
          unread={unread}
          loading={query.isPending || (query.isFetching && !query.data)}
          markingAll={markAll.isPending}
          onOpen={open}
          onMarkAll={() => markAll.mutate()}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
