import type { AdminUser, Role } from '@eproto/domain';
import { Avatar, Group, Text, VisuallyHidden } from '@mantine/core';

import type { ListColumn } from '../../../components/list-page.tsx';
import { LastSignIn } from './last-sign-in.tsx';
import { UserActionsMenu } from './user-actions-menu.tsx';
import { UserContracts } from './user-contracts.tsx';
import { UserStatusBadge } from './user-status-badge.tsx';

/** What a row's actions menu needs. */
interface Actions {
  actorId: number;
  actorRole: Role;
  onEdit: (user: AdminUser) => void;
}

function Person({ user }: { user: AdminUser }) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Avatar src={user.avatar} name={user.nome} color="initials" radius="xl" size={34} />
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} truncate="end">
          {user.nome}
        </Text>
        <Text size="xs" c="dimmed" truncate="end">
          {user.anonymizedAt ? 'Dados pessoais removidos (LGPD)' : user.email}
        </Text>
      </div>
    </Group>
  );
}

/** The user table's columns from tablets up. */
export function userColumns(actions: Actions): ListColumn<AdminUser>[] {
  return [
    { header: 'Nome', maw: 320, cell: (u) => <Person user={u} /> },
    { header: 'Papel', cell: (u) => <Text size="sm">{u.rawType}</Text> },
    { header: 'Contratos', cell: (u) => <UserContracts contracts={u.contracts} /> },
    {
      header: 'Status',
      cell: (u) => <UserStatusBadge active={u.active} anonymized={u.anonymizedAt !== null} />,
    },
    { header: 'Último acesso', cell: (u) => <LastSignIn at={u.lastLoginAt} /> },
    {
      header: <VisuallyHidden>Ações</VisuallyHidden>,
      w: 48,
      cell: (u) => <UserActionsMenu user={u} {...actions} />,
    },
  ];
}

/** A user on a phone: who, the actions, status and role, contracts and last sign-in. */
export function UserCard({ user: u, ...actions }: Actions & { user: AdminUser }) {
  return (
    <>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Person user={u} />
        <UserActionsMenu user={u} {...actions} />
      </Group>
      <Group gap="xs" mt="sm">
        <UserStatusBadge active={u.active} anonymized={u.anonymizedAt !== null} />
        <Text size="sm">{u.rawType}</Text>
      </Group>
      <Group justify="space-between" mt="xs" gap="xs">
        <UserContracts contracts={u.contracts} />
        <LastSignIn at={u.lastLoginAt} />
      </Group>
    </>
  );
}
