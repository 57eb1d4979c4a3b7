import { badgeText, pluralForm } from '@eproto/domain';
import { ActionIcon } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import type { ComponentPropsWithRef, ReactNode } from 'react';

import { useNotifications } from '../api/get-notifications.ts';
import classes from './notifications.module.css';

type ButtonProps = Omit<ComponentPropsWithRef<'button'>, 'color' | 'style'>;

/** Unread notifications as the bell shows them (9+). */
export function useUnreadBadge(opened: boolean) {
  const query = useNotifications({ dropdownOpen: opened });
  const unread = query.data?.unread ?? 0;
  const badge = badgeText(unread);
  const label = badge
    ? `Avisos: ${badge} ${pluralForm(unread, 'não lido', 'não lidos')}`
    : 'Avisos';
  return { query, unread, badge, label };
}

/**
 * The red count over the bell (Mantine's Indicator, size 18, offset 6, in CSS: the Indicator
 * brings its position resolver to every signed-in page's first load, issue 33). No count, no dot.
 */
export function BellIndicator({
  badge,
  children,
  className,
  ...props
}: ComponentPropsWithRef<'span'> & { badge: string; children: ReactNode }) {
  // Popover.Target passes its ref and attributes through here (notification-bell.tsx).
  return (
    <span
      {...props}
      className={className ? `${classes.indicator} ${className}` : classes.indicator}
    >
      {children}
      {badge !== '' && <span className={classes.count}>{badge}</span>}
    </span>
  );
}

/** The bell before its panel is loaded: same look and count; a tap opens the panel once loaded. */
export function BellButton(props: ButtonProps) {
  const { badge, label } = useUnreadBadge(false);
  return (
    <BellIndicator badge={badge}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={label}
        aria-expanded={false}
        aria-haspopup="dialog"
        {...props}
      >
        <IconBell size={20} stroke={1.7} />
      </ActionIcon>
    </BellIndicator>
  );
}
