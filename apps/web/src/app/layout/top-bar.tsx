import { ActionIcon, Burger, Group, Tooltip } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Link } from 'react-router';

import { Logo } from '../../components/logo.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { SearchButton } from '../../features/search/components/search-button.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import classes from './top-bar.module.css';
import { UserMenu } from './user-menu.tsx';

interface TopBarProps {
  drawerOpened: boolean;
  onBurger: () => void;
  sidebarCollapsed: boolean;
  onToggleSidebar: () => void;
}

/** 48 px bar: menu toggles, logo (to /ai/assistente), search (Ctrl+K), theme, bell and user menu. */
export function TopBar({ drawerOpened, onBurger, sidebarCollapsed, onToggleSidebar }: TopBarProps) {
  const collapseLabel = sidebarCollapsed ? 'Expandir menu' : 'Recolher menu';
  return (
    <Group h="100%" px={{ base: 8, sm: 12 }} gap={6} wrap="nowrap" className={classes.bar}>
      <Burger
        opened={drawerOpened}
        onClick={onBurger}
        hiddenFrom="sm"
        size="sm"
        aria-label={drawerOpened ? 'Fechar menu' : 'Abrir menu'}
      />
      <Tooltip label={collapseLabel}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          visibleFrom="sm"
          onClick={onToggleSidebar}
          aria-label={collapseLabel}
        >
          {sidebarCollapsed ? (
            <IconLayoutSidebarLeftExpand size={20} stroke={1.7} />
          ) : (
            <IconLayoutSidebarLeftCollapse size={20} stroke={1.7} />
          )}
        </ActionIcon>
      </Tooltip>
      <Link to="/ai/assistente" className={classes.logo} aria-label="E-Proto — Assistente">
        <Logo size={26} />
      </Link>
      <div className={classes.spacer} />
      <SearchButton />
      <ThemeToggle />
      <NotificationBell />
      <UserMenu />
    </Group>
  );
}
