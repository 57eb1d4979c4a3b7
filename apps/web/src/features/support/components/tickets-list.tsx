import type { TicketSummary } from '@eproto/domain';
import { TICKET_CATEGORY_LABELS } from '@eproto/domain';
import { Avatar, Card, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';

import { formatDateTime, fromNow } from '../../../lib/dates.ts';
import { PriorityBadge, TicketStatusBadge } from './ticket-badges.tsx';

function Opener({ t }: { t: TicketSummary }) {
  return (
    <Group gap={8} wrap="nowrap">
      <Avatar
        src={t.openedBy.avatar}
        name={t.openedBy.nome}
        color="initials"
        size={24}
        radius="xl"
      />
      <Text size="sm" truncate="end">
        {t.openedBy.nome}
      </Text>
    </Group>
  );
}

function Updated({ t }: { t: TicketSummary }) {
  return (
    <Tooltip label={formatDateTime(t.updatedAt)}>
      <Text size="sm" c="dimmed" component="span">
        {fromNow(t.updatedAt)}
      </Text>
    </Tooltip>
  );
}

/** Tickets as a table from tablets up (whole row opens the ticket), as cards on phones. */
export function TicketsList({
  tickets,
  showOpener,
}: {
  tickets: TicketSummary[];
  showOpener: boolean;
}) {
  const navigate = useNavigate();
  return (
    <>
      <Table.ScrollContainer minWidth={760} visibleFrom="sm">
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70}>Nº</Table.Th>
              <Table.Th>Assunto</Table.Th>
              {showOpener && <Table.Th>Aberto por</Table.Th>}
              <Table.Th>Prioridade</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Atualizado</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tickets.map((t) => (
              <Table.Tr
                key={t.id}
                style={{ cursor: 'pointer' }}
                onClick={() => void navigate(`/ti/help/${t.id}`)}
              >
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    #{t.id}
                  </Text>
                </Table.Td>
                <Table.Td maw={360}>
                  <Text
                    size="sm"
                    fw={600}
                    truncate="end"
                    component={Link}
                    to={`/ti/help/${t.id}`}
                    display="block"
                  >
                    {t.assunto}
                  </Text>
                  <Group gap={6}>
                    <Text size="xs" c="dimmed">
                      {TICKET_CATEGORY_LABELS[t.categoria]}
                    </Text>
                    {t.commentCount > 0 && (
                      <Group gap={2} c="dimmed">
                        <IconMessageCircle size={12} />
                        <Text size="xs">{t.commentCount}</Text>
                      </Group>
                    )}
                  </Group>
                </Table.Td>
                {showOpener && (
                  <Table.Td>
                    <Opener t={t} />
                  </Table.Td>
                )}
                <Table.Td>
                  <PriorityBadge prioridade={t.prioridade} />
                </Table.Td>
                <Table.Td>
                  <TicketStatusBadge status={t.status} />
                </Table.Td>
                <Table.Td>
                  <Updated t={t} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Stack gap="sm" hiddenFrom="sm">
        {tickets.map((t) => (
          <Card
            key={t.id}
            withBorder
            radius="md"
            padding="md"
            component={Link}
            to={`/ti/help/${t.id}`}
          >
            <Text size="sm" fw={600} lineClamp={2}>
              #{t.id} · {t.assunto}
            </Text>
            <Group gap="xs" mt="xs">
              <TicketStatusBadge status={t.status} />
              <PriorityBadge prioridade={t.prioridade} />
              <Text size="xs" c="dimmed">
                {TICKET_CATEGORY_LABELS[t.categoria]}
              </Text>
            </Group>
            <Group justify="space-between" mt="xs" gap="xs">
              {showOpener ? <Opener t={t} /> : <span />}
              <Updated t={t} />
            </Group>
          </Card>
        ))}
      </Stack>
    </>
  );
}
