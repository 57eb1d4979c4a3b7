import type { AdminUser, Role } from '@eproto/domain';
import { Avatar, Card, Group, Stack, Table, Text } from '@mantine/core';

import { LastSignIn } from './last-sign-in.tsx';
import { UserActionsMenu } from './user-actions-menu.tsx';
import { UserContracts } from './user-contracts.tsx';
import { UserStatusBadge } from './user-status-badge.tsx';

interface Props {
  users: AdminUser[];
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
          {user.email}
        </Text>
      </div>
    </Group>
  );
}

/** Users as a table from tablets up, as cards on phones. */
export function UsersTable({ users, ...actions }: Props) {
  return (
    <>
      <Table.ScrollContainer minWidth={820} visibleFrom="sm">
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Nome</Table.Th>
              <Table.Th>Papel</Table.Th>
              <Table.Th>Contratos</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Último acesso</Table.Th>
              <Table.Th w={48} aria-label="Ações" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.map((u) => (
              <Table.Tr key={u.id} opacity={u.active ? 1 : 0.65}>
                <Table.Td maw={320}>
                  <Person user={u} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{u.rawType}</Text>
                </Table.Td>
                <Table.Td>
                  <UserContracts contracts={u.contracts} />
                </Table.Td>
                <Table.Td>
                  <UserStatusBadge active={u.active} />
                </Table.Td>
                <Table.Td>
                  <LastSignIn at={u.lastLoginAt} />
                </Table.Td>
                <Table.Td>
                  <UserActionsMenu user={u} {...actions} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Stack gap="sm" hiddenFrom="sm">
        {users.map((u) => (
          <Card key={u.id} withBorder radius="md" padding="md" opacity={u.active ? 1 : 0.7}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Person user={u} />
              <UserActionsMenu user={u} {...actions} />
            </Group>
            <Group gap="xs" mt="sm">
              <UserStatusBadge active={u.active} />
              <Text size="sm">{u.rawType}</Text>
            </Group>
            <Group justify="space-between" mt="xs" gap="xs">
              <UserContracts contracts={u.contracts} />
              <LastSignIn at={u.lastLoginAt} />
            </Group>
          </Card>
        ))}
      </Stack>
    </>
  );
}
