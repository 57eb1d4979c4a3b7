import type { TicketSummary } from '@eproto/domain';
import { TICKET_CATEGORY_LABELS } from '@eproto/domain';
import { Avatar, Group, Text, Tooltip } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { Link } from 'react-router';

import type { ListColumn } from '../../../components/list-page.tsx';
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

/** Where a ticket opens. */
export const ticketPath = (t: TicketSummary) => `/ti/help/${t.id}`;

/** The ticket table's columns (the whole row opens the ticket); "Aberto por" for ti only. */
export function ticketColumns(showOpener: boolean): ListColumn<TicketSummary>[] {
  return [
    {
      header: 'Nº',
      w: 70,
      cell: (t) => (
        <Text size="sm" c="dimmed">
          #{t.id}
        </Text>
      ),
    },
    {
      header: 'Assunto',
      maw: 360,
      cell: (t) => (
        <>
          <Text
            size="sm"
            fw={600}
            truncate="end"
            component={Link}
            to={ticketPath(t)}
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
        </>
      ),
    },
    ...(showOpener ? [{ header: 'Aberto por', cell: (t: TicketSummary) => <Opener t={t} /> }] : []),
    { header: 'Prioridade', cell: (t) => <PriorityBadge prioridade={t.prioridade} /> },
    { header: 'Status', cell: (t) => <TicketStatusBadge status={t.status} /> },
    { header: 'Atualizado', cell: (t) => <Updated t={t} /> },
  ];
}

/** A ticket on a phone (a link to it): number and subject, status, priority, category. */
export function TicketCard({ t, showOpener }: { t: TicketSummary; showOpener: boolean }) {
  return (
    <>
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
    </>
  );
}
