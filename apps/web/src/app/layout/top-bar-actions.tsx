import { Tooltip } from '@mantine/core';

import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import { CollapseButton, collapseLabel } from './top-bar-buttons.tsx';
import { UserMenu } from './user-menu.tsx';

// Loaded when the top bar is first pointed at, focused or tapped (top-bar.tsx): the tooltips,
// the notifications popover with its panel and the account menu.

/** Sidebar collapse button with its tooltip. */
export function CollapseToggle({
  collapsed,
  onToggle,
}: {
  collapsed: boolean;
  onToggle: () => void;
}) {
  return (
    <Tooltip label={collapseLabel(collapsed)}>
      <CollapseButton collapsed={collapsed} onClick={onToggle} />
    </Tooltip>
  );
}

export { NotificationBell, ThemeToggle, UserMenu };
