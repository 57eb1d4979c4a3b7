import type { OsSummary } from '@eproto/domain';
import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';

import type { ListColumn } from '../../../components/list-page.tsx';
import { plannedPeriod } from '../utils/os-format.ts';
import { LateBadge, OsStatusBadge } from './os-status-badge.tsx';

export const osPagePath = (item: OsSummary) => `/tatico/agenda/os/${item.id}`;

/** The OS table's columns; the number links to the OS page. */
export const osColumns: ListColumn<OsSummary>[] = [
  {
    header: 'OS',
    nowrap: true,
    cell: (os) => (
      <Anchor component={Link} to={osPagePath(os)} fw={700}>
        {os.codigo}
      </Anchor>
    ),
  },
  {
    header: 'Situação',
    nowrap: true,
    cell: (os) => (
      <Group gap={4} wrap="nowrap">
        <OsStatusBadge status={os.status} />
        {os.atrasada && <LateBadge />}
      </Group>
    ),
  },
  { header: 'Tipo de serviço', cell: (os) => os.tipo.nome },
  {
    header: 'Contrato',
    cell: (os) => (
      <Text size="sm" title={os.contrato.nome}>
        {os.contrato.codigo}
      </Text>
    ),
  },
  {
    header: 'Local',
    maw: 240,
    cell: (os) => (
      <Text size="sm" lineClamp={1} title={os.local}>
        {os.local}
      </Text>
    ),
  },
  {
    header: 'Previsto',
    nowrap: true,
    cell: (os) => plannedPeriod(os.previsto_inicio, os.previsto_fim),
  },
  {
    header: 'Equipe',
    maw: 220,
    cell: (os) => (
      <Text size="sm" lineClamp={1}>
        {os.pessoas.map((p) => p.nome).join(', ')}
      </Text>
    ),
  },
];

/** An OS on a phone: number and status on one line, type, period, place and team. */
export function OsCard({ os }: { os: OsSummary }) {
  return (
    <>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={700}>{os.codigo}</Text>
        <Group gap={4} wrap="nowrap">
          {os.atrasada && <LateBadge />}
          <OsStatusBadge status={os.status} />
        </Group>
      </Group>
      <Text size="sm" fw={500}>
        {os.tipo.nome}
      </Text>
      <Text size="sm" c="dimmed">
        {plannedPeriod(os.previsto_inicio, os.previsto_fim)}
      </Text>
      <Text size="sm" c="dimmed" lineClamp={1}>
        {os.local} · {os.contrato.codigo}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={1}>
        {os.pessoas.map((p) => p.nome).join(', ')}
      </Text>
    </>
  );
}
