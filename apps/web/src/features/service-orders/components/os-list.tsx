import type { OsSummary } from '@eproto/domain';
import { formatMinutes } from '@eproto/domain';
import { Anchor, Group, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';

import type { ListColumn } from '../../../components/list-page.tsx';
import { formatBrl, plannedPeriod } from '../utils/os-format.ts';
import { LateBadge, OsStatusBadge } from '../../../components/os-status-badge.tsx';

export const osPagePath = (item: OsSummary) => `/tatico/agenda/os/${item.id}`;

/**
 * Hours, materials and cost of a row. A list kept on the device by an older version lacks them
 * until it is fetched again: read as nothing yet, not as "undefined itens".
 */
const workOf = (os: OsSummary) => {
  const kept = os as Partial<Pick<OsSummary, 'minutos_trabalhados' | 'materiais_usados' | 'custo'>>;
  return {
    minutos: kept.minutos_trabalhados ?? 0,
    materiais: kept.materiais_usados ?? 0,
    custo: kept.custo ?? null,
  };
};

/** "2 h 30 min" worked by the team; "—" before anyone worked. */
const hoursOf = (os: OsSummary) => {
  const { minutos } = workOf(os);
  return minutos > 0 ? formatMinutes(minutos) : '—';
};

/** "3 itens" on the OS; "—" without materials. */
const materialsOf = (os: OsSummary) => {
  const n = workOf(os).materiais;
  return n === 0 ? '—' : `${n} ${n === 1 ? 'item' : 'itens'}`;
};

/** "1 material sem custo unitário" under a cost that leaves something out. */
const missingCost = (n: number) =>
  `${n} ${n === 1 ? 'material sem custo unitário' : 'materiais sem custo unitário'}`;

/** The materials' cost at their unit cost when used; a mark when some have none. */
function Cost({ custo }: { custo: NonNullable<OsSummary['custo']> }) {
  const value = (
    <Text size="sm" fw={custo.materiais > 0 ? 600 : undefined}>
      {formatBrl(custo.materiais)}
      {custo.sem_custo > 0 && (
        <Text span c="orange" fw={700} aria-hidden>
          {' '}
          *
        </Text>
      )}
    </Text>
  );
  if (custo.sem_custo === 0) return value;
  return (
    <Tooltip label={missingCost(custo.sem_custo)} withArrow>
      <span aria-label={`${formatBrl(custo.materiais)}, ${missingCost(custo.sem_custo)}`}>
        {value}
      </span>
    </Tooltip>
  );
}

/** Hours, materials and (for whoever sees costs) cost: the office's columns. */
const workColumns: ListColumn<OsSummary>[] = [
  { header: 'Horas', nowrap: true, right: true, cell: hoursOf },
  { header: 'Materiais', nowrap: true, right: true, cell: materialsOf },
  {
    header: 'Custo',
    nowrap: true,
    right: true,
    cell: (os) => {
      const { custo } = workOf(os);
      return custo ? <Cost custo={custo} /> : '—';
    },
  },
];

/** The OS table's columns; the number links to the OS page. */
export const osColumns: ListColumn<OsSummary>[] = [
  {
    header: 'OS',
    nowrap: true,
    cell: (os) => (
      <Anchor component={Link} to={osPagePath(os)} fw={700} size="sm">
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
  {
    // The contract under the service: room for the office's hours, materials and cost.
    header: 'Serviço',
    maw: 200,
    cell: (os) => (
      <>
        <Text size="sm" lineClamp={2}>
          {os.tipo.nome}
        </Text>
        <Text size="xs" c="dimmed" title={os.contrato.nome}>
          {os.contrato.codigo}
        </Text>
      </>
    ),
  },
  {
    header: 'Local',
    maw: 180,
    cell: (os) => (
      <Text size="sm" lineClamp={2} title={os.local}>
        {os.local}
      </Text>
    ),
  },
  {
    header: 'Previsto',
    nowrap: true,
    cell: (os) => <PlannedCell os={os} />,
  },
  {
    header: 'Equipe',
    maw: 160,
    cell: (os) => (
      <Text size="sm" lineClamp={2}>
        {os.pessoas.map((p) => p.nome).join(', ')}
      </Text>
    ),
  },
  ...workColumns,
];

/** "dom, 29/11" over "08:00 – 12:00": two short lines instead of one wide one. */
function PlannedCell({ os }: { os: OsSummary }) {
  const [day, time] = plannedPeriod(os.previsto_inicio, os.previsto_fim).split(' · ');
  return (
    <>
      <Text size="sm">{day}</Text>
      <Text size="xs" c="dimmed">
        {time}
      </Text>
    </>
  );
}

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
      <OsCardWork os={os} />
    </>
  );
}

/** The card's line of hours, materials and cost ("2 h 30 min · 3 itens · R$ 3.703,50"). */
function OsCardWork({ os }: { os: OsSummary }) {
  const w = workOf(os);
  if (w.minutos === 0 && w.materiais === 0) return null;
  const parts = [
    w.minutos > 0 ? formatMinutes(w.minutos) : null,
    w.materiais > 0 ? materialsOf(os) : null,
    w.custo && w.custo.materiais > 0 ? formatBrl(w.custo.materiais) : null,
  ].filter((p): p is string => p !== null);
  return (
    <Text size="xs" mt={4}>
      {parts.join(' · ')}
      {w.custo && w.custo.sem_custo > 0 ? ` (${missingCost(w.custo.sem_custo)})` : ''}
    </Text>
  );
}
