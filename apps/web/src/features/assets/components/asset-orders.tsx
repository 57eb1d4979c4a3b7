import {
  OCCURRENCE_STATE_LABELS,
  OS_FINAL_STATUSES,
  type AssetMaintenance,
  type Occurrence,
  type OsStatus,
} from '@eproto/domain';
import { Anchor, Badge, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { OsStatusBadge } from '../../../components/os-status-badge.tsx';
import { buildUrl } from '../../../lib/api-client.ts';
import { dayjs } from '../../../lib/dates.ts';

type HistoryRow = AssetMaintenance['historico'][number];

const osPath = (id: number) => `/tatico/agenda/os/${id}`;
const day = (d: string) => dayjs(d).format('ddd, DD/MM/YYYY');
const when = (iso: string) => dayjs(iso).format('DD/MM/YYYY HH:mm');

export function Section({
  title,
  count,
  children,
  empty,
  testId,
}: {
  title: string;
  count?: number;
  children: ReactNode;
  empty: string | false;
  testId: string;
}) {
  return (
    <Stack gap="xs" data-testid={testId}>
      <Title order={2} fz="lg">
        {title}
        {count ? ` (${count})` : ''}
      </Title>
      {empty ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        children
      )}
    </Stack>
  );
}

/** A row that opens its OS: the whole card is the link (a big target on the phone). */
function OsLinkCard({ id, children, label }: { id: number; children: ReactNode; label: string }) {
  return (
    <UnstyledButton component={Link} to={osPath(id)} aria-label={label}>
      <Paper withBorder p="sm" style={{ cursor: 'pointer' }}>
        {children}
      </Paper>
    </UnstyledButton>
  );
}

/**
 * OSs of the asset not concluded nor cancelled, soonest first; one that serves an overdue
 * preventive date (`late`: OS ids) says "Atrasada" in red.
 */
export function AssetOpenOrders({ rows, late }: { rows: HistoryRow[]; late: ReadonlySet<number> }) {
  const open = rows
    .filter((h) => !OS_FINAL_STATUSES.includes(h.os.status as OsStatus))
    .sort((a, b) => a.previsto_inicio.localeCompare(b.previsto_inicio));
  return (
    <Section
      title="OSs abertas"
      count={open.length}
      empty={open.length === 0 && 'Nenhuma OS aberta para este ativo.'}
      testId="asset-open-orders"
    >
      {open.map((h) => (
        <OsLinkCard key={h.os.id} id={h.os.id} label={`Abrir ${h.os.codigo}`}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={700} ff="monospace" size="sm">
              {h.os.codigo}
            </Text>
            <Group gap={4} wrap="nowrap">
              {late.has(h.os.id) && (
                <Badge color="red" variant="filled" size="sm">
                  Atrasada
                </Badge>
              )}
              <OsStatusBadge status={h.os.status as OsStatus} size="sm" />
            </Group>
          </Group>
          <Text size="sm">{h.servico}</Text>
          <Text size="xs" c={late.has(h.os.id) ? 'red' : 'dimmed'}>
            Prevista para {when(h.previsto_inicio)}
          </Text>
        </OsLinkCard>
      ))}
    </Section>
  );
}

/** Concluded and cancelled OSs, newest first, each concluded one with its sealed report. */
export function AssetOsHistory({ rows }: { rows: HistoryRow[] }) {
  const done = rows.filter((h) => OS_FINAL_STATUSES.includes(h.os.status as OsStatus));
  return (
    <Section
      title="Histórico de OSs"
      count={done.length}
      empty={done.length === 0 && 'Nenhuma OS concluída para este ativo ainda.'}
      testId="asset-os-history"
    >
      {done.map((h) => (
        <Paper key={h.os.id} withBorder p="sm" data-testid="asset-history-row">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Anchor component={Link} to={osPath(h.os.id)} fw={700} ff="monospace" size="sm">
              {h.os.codigo}
            </Anchor>
            <OsStatusBadge status={h.os.status as OsStatus} size="sm" />
          </Group>
          <Text size="sm">{h.servico}</Text>
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              {h.concluida_em
                ? `Concluída em ${when(h.concluida_em)} · ${h.respostas} ${h.respostas === 1 ? 'resposta' : 'respostas'} do checklist`
                : `Prevista para ${when(h.previsto_inicio)}`}
            </Text>
            {h.os.status === 'concluida' && h.selada && (
              <Anchor
                href={buildUrl(`/tatico/os/${h.os.id}/relatorio.pdf`)}
                size="sm"
                target="_blank"
                rel="noopener"
              >
                <Group gap={4} wrap="nowrap">
                  <IconFileTypePdf size={16} /> Relatório selado
                </Group>
              </Anchor>
            )}
          </Group>
        </Paper>
      ))}
    </Section>
  );
}

function OccurrenceRow({ o, plan, late }: { o: Occurrence; plan: string; late: boolean }) {
  const body = (
    <>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600}>
          {day(o.dia)}
        </Text>
        <Badge variant="light" color={late ? 'red' : o.os ? 'blue' : 'gray'} radius="sm">
          {OCCURRENCE_STATE_LABELS[o.estado]}
        </Badge>
      </Group>
      <Text size="sm">{plan}</Text>
      {o.os && (
        <Text size="xs" c="dimmed">
          {o.os.codigo}
        </Text>
      )}
    </>
  );
  return o.os ? (
    <OsLinkCard id={o.os.id} label={`Abrir ${o.os.codigo}`}>
      {body}
    </OsLinkCard>
  ) : (
    <Paper withBorder p="sm">
      {body}
    </Paper>
  );
}

/** Next planned maintenance and the overdue ones (a skipped or late date of a plan). */
export function AssetPlannedDates({ m }: { m: AssetMaintenance }) {
  const plan = (id: number) => m.planos.find((p) => p.id === id)?.servico.nome ?? 'Plano';
  const next = [...m.proximas].sort((a, b) => a.dia.localeCompare(b.dia)).slice(0, 5);
  // A plan whose next date is beyond the horizon has no occurrence yet: its date still shows.
  const later = m.planos.filter(
    (p) => p.ativo && p.proxima && !next.some((o) => o.plano_id === p.id),
  );
  return (
    <Stack gap="lg">
      {m.atrasadas.length > 0 && (
        <Section
          title="Manutenções atrasadas"
          count={m.atrasadas.length}
          empty={false}
          testId="asset-overdue"
        >
          {m.atrasadas.map((o) => (
            <OccurrenceRow
              key={`${o.plano_id}-${o.vencimento}`}
              o={o}
              plan={plan(o.plano_id)}
              late
            />
          ))}
        </Section>
      )}
      <Section
        title="Próximas manutenções"
        empty={
          next.length + later.length === 0 &&
          (m.planos.length === 0
            ? 'Nenhum plano de manutenção cobre este ativo.'
            : 'Nenhuma data prevista no horizonte do contrato.')
        }
        testId="asset-next"
      >
        {next.map((o) => (
          <OccurrenceRow
            key={`${o.plano_id}-${o.vencimento}`}
            o={o}
            plan={plan(o.plano_id)}
            late={false}
          />
        ))}
        {later.map((p) => (
          <Paper key={p.id} withBorder p="sm">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" fw={600}>
                {day(p.proxima!)}
              </Text>
              <Badge variant="light" color="gray" radius="sm">
                {OCCURRENCE_STATE_LABELS.prevista}
              </Badge>
            </Group>
            <Text size="sm">{p.servico.nome}</Text>
          </Paper>
        ))}
      </Section>
    </Stack>
  );
}
