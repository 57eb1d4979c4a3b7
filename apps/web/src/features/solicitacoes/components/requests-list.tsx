import type { Solicitacao } from '@eproto/domain';
import { countOf, REQUEST_TYPE_LABELS } from '@eproto/domain';
import { Group, Text, Tooltip } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';

import type { ListColumn } from '../../../components/list-page.tsx';
import { formatDateTime, fromNow } from '../../../lib/dates.ts';
import { RequestStatusBadge, UrgencyBadge } from './request-badges.tsx';

/** The requests table's columns. */
export const requestColumns: ListColumn<Solicitacao>[] = [
  {
    header: 'Nº',
    w: 64,
    cell: (r) => (
      <Text size="sm" c="dimmed">
        #{r.id}
      </Text>
    ),
  },
  {
    header: 'Tipo',
    cell: (r) => (
      <Text size="sm" fw={500}>
        {REQUEST_TYPE_LABELS[r.tipo]}
      </Text>
    ),
  },
  {
    header: 'Descrição',
    maw: 340,
    cell: (r) => (
      <Group gap={4} wrap="nowrap">
        <Text size="sm" truncate="end">
          {r.descricao}
        </Text>
        {r.anexos > 0 && (
          <IconPaperclip
            size={14}
            style={{ flexShrink: 0 }}
            aria-label={countOf(r.anexos, 'anexo', 'anexos')}
          />
        )}
      </Group>
    ),
  },
  { header: 'Solicitante', cell: (r) => <Text size="sm">{r.solicitante.nome}</Text> },
  {
    header: 'Contrato',
    cell: (r) => (
      <Text size="sm" c={r.contrato ? undefined : 'dimmed'}>
        {r.contrato?.codigo ?? '—'}
      </Text>
    ),
  },
  { header: 'Urgência', cell: (r) => <UrgencyBadge urgencia={r.urgencia} /> },
  { header: 'Situação', cell: (r) => <RequestStatusBadge status={r.status} /> },
  {
    header: 'Aberta',
    cell: (r) => (
      <Tooltip label={formatDateTime(r.created_at)}>
        <Text size="sm" c="dimmed" component="span">
          {fromNow(r.created_at)}
        </Text>
      </Tooltip>
    ),
  },
];

/** A request on a phone: number and type, situation, description, urgency, who and when. */
export function RequestCard({ r }: { r: Solicitacao }) {
  return (
    <>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600}>
          #{r.id} · {REQUEST_TYPE_LABELS[r.tipo]}
        </Text>
        <RequestStatusBadge status={r.status} />
      </Group>
      <Text size="sm" lineClamp={2} mt={4}>
        {r.descricao}
      </Text>
      <Group gap="xs" mt={6}>
        <UrgencyBadge urgencia={r.urgencia} />
        <Text size="xs" c="dimmed">
          {r.solicitante.nome} · {fromNow(r.created_at)}
        </Text>
      </Group>
    </>
  );
}
