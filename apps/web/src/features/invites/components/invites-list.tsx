import type { Invite, Role } from '@eproto/domain';
import { Badge, Card, Group, Stack, Table, Text, Tooltip } from '@mantine/core';

import { formatDate, formatDateTime, fromNow } from '../../../lib/dates.ts';
import { InviteActions } from './invite-actions.tsx';
import { InviteStatusBadge } from './invite-status-badge.tsx';

interface Props {
  invites: Invite[];
  actorRole: Role;
}

function Who({ invite }: { invite: Invite }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="sm" fw={600} truncate="end">
        {invite.email}
      </Text>
      {invite.nome && (
        <Text size="xs" c="dimmed" truncate="end">
          {invite.nome}
        </Text>
      )}
    </div>
  );
}

function Contracts({ invite }: { invite: Invite }) {
  if (invite.contracts.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Sem contratos
      </Text>
    );
  }
  return (
    <Group gap={4}>
      {invite.contracts.map((c) => (
        <Tooltip key={c.id} label={c.nome}>
          <Badge variant="outline" color="gray" radius="sm" tt="none">
            {c.codigo}
          </Badge>
        </Tooltip>
      ))}
    </Group>
  );
}

function Sent({ invite }: { invite: Invite }) {
  return (
    <div>
      <Tooltip label={formatDateTime(invite.createdAt)}>
        <Text size="sm" component="span">
          {fromNow(invite.createdAt)}
        </Text>
      </Tooltip>
      {invite.invitedBy && (
        <Text size="xs" c="dimmed">
          por {invite.invitedBy.nome}
        </Text>
      )}
    </div>
  );
}

function Expiry({ invite }: { invite: Invite }) {
  const text =
    invite.status === 'pendente'
      ? `Expira ${fromNow(invite.expiresAt)}`
      : invite.status === 'expirado'
        ? `Expirou em ${formatDate(invite.expiresAt)}`
        : '—';
  return (
    <Text size="sm" c={invite.status === 'expirado' ? 'orange' : undefined}>
      {text}
    </Text>
  );
}

/** Invitations as a table from tablets up, as cards on phones. */
export function InvitesList({ invites, actorRole }: Props) {
  return (
    <>
      <Table.ScrollContainer minWidth={860} visibleFrom="sm">
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Convidado</Table.Th>
              <Table.Th>Papel</Table.Th>
              <Table.Th>Contratos</Table.Th>
              <Table.Th>Enviado</Table.Th>
              <Table.Th>Validade</Table.Th>
              <Table.Th w={120}>Status</Table.Th>
              <Table.Th w={90} aria-label="Ações" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invites.map((i) => (
              <Table.Tr key={i.id}>
                <Table.Td maw={280}>
                  <Who invite={i} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{i.role}</Text>
                </Table.Td>
                <Table.Td>
                  <Contracts invite={i} />
                </Table.Td>
                <Table.Td>
                  <Sent invite={i} />
                </Table.Td>
                <Table.Td>
                  <Expiry invite={i} />
                </Table.Td>
                <Table.Td>
                  <InviteStatusBadge status={i.status} />
                </Table.Td>
                <Table.Td>
                  <InviteActions invite={i} actorRole={actorRole} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Stack gap="sm" hiddenFrom="sm">
        {invites.map((i) => (
          <Card key={i.id} withBorder radius="md" padding="md">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Who invite={i} />
              <InviteActions invite={i} actorRole={actorRole} />
            </Group>
            <Group gap="xs" mt="sm">
              <InviteStatusBadge status={i.status} />
              <Text size="sm">{i.role}</Text>
            </Group>
            <Stack gap={4} mt="xs">
              <Contracts invite={i} />
              <Sent invite={i} />
              <Expiry invite={i} />
            </Stack>
          </Card>
        ))}
      </Stack>
    </>
  );
}
