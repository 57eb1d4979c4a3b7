import {
  ActionIcon,
  Group,
  Text,
  UnstyledButton,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import {
  IconChevronDown,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconMoon,
  IconSun,
} from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';

import { InitialsAvatar } from '../../components/initials-avatar.tsx';
import { saveTheme } from '../../features/profile/api/save-theme.ts';
import { useSession } from '../../lib/session.ts';
import classes from './top-bar.module.css';

// The top bar's buttons without their tooltips, popover and menu (floating-ui, ~35 KB gzip with
// the panels): a fresh tab paints these, and top-bar-actions.tsx wraps them once the bar is
// pointed at, focused or tapped (top-bar.tsx).

type ButtonProps = Omit<ComponentPropsWithRef<'button'>, 'color' | 'style'>;

export function collapseLabel(collapsed: boolean): string {
  return collapsed ? 'Expandir menu' : 'Recolher menu';
}

/** Desktop: collapses the sidebar to its icons (remembered). */
export function CollapseButton({ collapsed, ...props }: ButtonProps & { collapsed: boolean }) {
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      visibleFrom="sm"
      aria-label={collapseLabel(collapsed)}
      {...props}
    >
      {collapsed ? (
        <IconLayoutSidebarLeftExpand size={20} stroke={1.7} />
      ) : (
        <IconLayoutSidebarLeftCollapse size={20} stroke={1.7} />
      )}
    </ActionIcon>
  );
}

export function useThemeSwitch() {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('dark');
  const next = scheme === 'dark' ? 'light' : 'dark';
  return {
    scheme,
    label: next === 'light' ? 'Usar tema claro' : 'Usar tema escuro',
    toggle: () => {
      setColorScheme(next);
      saveTheme(next);
    },
  };
}

/** Light/dark switch; the choice is remembered under 'eproto-theme'. */
export function ThemeButton({ onClick, ...props }: ButtonProps) {
  const theme = useThemeSwitch();
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={theme.label}
      {...props}
      // A tooltip around it passes its own (maybe undefined) onClick: both run.
      onClick={(e) => {
        theme.toggle();
        onClick?.(e);
      }}
    >
      {theme.scheme === 'dark' ? (
        <IconSun size={20} stroke={1.7} />
      ) : (
        <IconMoon size={20} stroke={1.7} />
      )}
    </ActionIcon>
  );
}

/** Avatar and name of the signed-in person (the target of the account menu). */
export function UserButton({ className, ...props }: ButtonProps) {
  const { user } = useSession();
  if (!user) return null;
  return (
    <UnstyledButton
      aria-label={`Conta de ${user.nome}`}
      {...props}
      // The menu around it passes its own className: both apply.
      className={className ? `${classes.userButton} ${className}` : classes.userButton}
    >
      <Group gap={8} wrap="nowrap">
        <InitialsAvatar src={user.avatar} name={user.nome} size={30} />
        <Text size="sm" fw={600} visibleFrom="sm" truncate="end" maw={160}>
          {user.nome}
        </Text>
        <IconChevronDown size={14} className={classes.userChevron} />
      </Group>
    </UnstyledButton>
  );
}
