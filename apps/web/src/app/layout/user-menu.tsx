import { normalizeRole, ROLE_LABELS } from '@eproto/domain';
import { Menu, Text } from '@mantine/core';
import { IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';

import { logout } from '../../features/auth/api/logout.ts';
import { navigateTo } from '../../lib/navigation.ts';
import { clearSession } from '../../lib/session-expiry.ts';
import { useSession } from '../../lib/session.ts';
import classes from './top-bar.module.css';
import { UserButton } from './top-bar-buttons.tsx';

/** Avatar and name with "Perfil" and "Sair" (`defaultOpened`: tapped before this code arrived). */
export function UserMenu({ defaultOpened = false }: { defaultOpened?: boolean }) {
  const { user } = useSession();
  if (!user) return null;
  const role = normalizeRole(user.rawType);

  const signOut = async () => {
    await logout();
    clearSession();
    navigateTo('/login');
  };

  return (
    <Menu position="bottom-end" width={220} offset={8} defaultOpened={defaultOpened}>
      <Menu.Target>
        <UserButton />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate="end">
            {user.nome}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {user.email}
          </Text>
          {role && (
            <Text size="xs" c="dimmed">
              {user.rawType || ROLE_LABELS[role]}
            </Text>
          )}
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item component={Link} to="/profile" leftSection={<IconUserCircle size={16} />}>
          Perfil
        </Menu.Item>
        <Menu.Item
          color="red"
          className={classes.logout}
          leftSection={<IconLogout size={16} />}
          onClick={() => void signOut()}
        >
          Sair
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
