import type { Invite, Role } from '@eproto/domain';
import { Badge, Group, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';

import type { ListColumn } from '../../../components/list-page.tsx';
import { formatDate, formatDateTime, fromNow } from '../../../lib/dates.ts';
import { InviteActions } from './invite-actions.tsx';
import { InviteStatusBadge } from './invite-status-badge.tsx';

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

/** The invitation table's columns from tablets up. */
export function inviteColumns(actorRole: Role): ListColumn<Invite>[] {
  return [
    { header: 'Convidado', maw: 280, cell: (i) => <Who invite={i} /> },
    { header: 'Papel', cell: (i) => <Text size="sm">{i.role}</Text> },
    { header: 'Contratos', cell: (i) => <Contracts invite={i} /> },
    { header: 'Enviado', cell: (i) => <Sent invite={i} /> },
    { header: 'Validade', cell: (i) => <Expiry invite={i} /> },
    { header: 'Status', w: 120, cell: (i) => <InviteStatusBadge status={i.status} /> },
    {
      header: <VisuallyHidden>Ações</VisuallyHidden>,
      w: 90,
      cell: (i) => <InviteActions invite={i} actorRole={actorRole} />,
    },
  ];
}

/** An invitation on a phone: who, its actions, status and role, contracts and dates. */
export function InviteCard({ invite, actorRole }: { invite: Invite; actorRole: Role }) {
  return (
    <>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Who invite={invite} />
        <InviteActions invite={invite} actorRole={actorRole} />
      </Group>
      <Group gap="xs" mt="sm">
        <InviteStatusBadge status={invite.status} />
        <Text size="sm">{invite.role}</Text>
      </Group>
      <Stack gap={4} mt="xs">
        <Contracts invite={invite} />
        <Sent invite={invite} />
        <Expiry invite={invite} />
      </Stack>
    </>
  );
}
