import type { AgendaEntry } from '@eproto/domain';
import { OS_STATUS_LABELS } from '@eproto/domain';
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarOff, IconClipboardList, IconShieldCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';

import { OS_STATUS_COLOR, OsStatusBadge } from '../../../components/os-status-badge.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { PeriodSegments } from '../../../components/period-segments.tsx';
import { ToggleSwitch } from '../../../components/toggle-switch.tsx';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import { dayjs } from '../../../lib/dates.ts';
import { useStoredFlag } from '../../../lib/use-stored-flag.ts';
import { PendingBadge } from '../../../components/offline/pending-badge.tsx';
import { UpdatedAt } from '../../../components/offline/updated-at.tsx';
import { myWeek, useMyAgenda } from '../api/get-my-agenda.ts';
import { useEntryWithPending } from '../api/set-entry-status.ts';
import { entryOsStatus, isCancelledEntry } from '../utils/entry-os.ts';
import { onDay } from '../utils/week.ts';
import { AgendaStatusBadge, ConflictFlag, STATUS_COLOR } from './agenda-badges.tsx';
import { EntryDetails } from './entry-details.tsx';
import { EntryStatusActions } from './entry-status-actions.tsx';

function dayTitle(day: string): string {
  const today = dayjs().format('YYYY-MM-DD');
  if (day === today) return `Hoje, ${dayjs(day).format('DD/MM')}`;
  if (day === dayjs().add(1, 'day').format('YYYY-MM-DD'))
    return `Amanhã, ${dayjs(day).format('DD/MM')}`;
  const s = dayjs(day).format('dddd, DD/MM');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function EntryCard({ e: saved, manager }: { e: AgendaEntry; manager: boolean }) {
  // A start/finish done offline shows at once, marked until the server has it.
  const { entry: e, pending, attention } = useEntryWithPending(saved);
  // With an OS, the OS's status is the entry's real one (started, concluded, cancelled).
  const os = entryOsStatus(e);
  const color = os ? OS_STATUS_COLOR[os] : STATUS_COLOR[e.status];
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      style={{ borderLeft: `4px solid var(--mantine-color-${color}-6)` }}
      data-testid="minha-agenda-entry"
    >
      {/* The badges go under the title when beside it the title would have less than 14rem
          (a phone with "Conflito" and the status: four short lines of title otherwise). */}
      <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start" mb={6}>
        <Text fw={600} style={{ minWidth: 0, flex: '1 1 14rem' }}>
          {e.descricao}
        </Text>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          <ConflictFlag entry={e} />
          {os ? <OsStatusBadge status={os} /> : <AgendaStatusBadge status={e.status} />}
        </Group>
      </Group>
      {/* Its own line: beside the title it would squeeze it on a phone. */}
      {(pending || attention) && (
        <div style={{ marginBottom: 6 }}>
          <PendingBadge attention={attention && !pending} />
        </div>
      )}
      <EntryDetails entry={e} compact />
      {e.os && (
        <Button
          component={Link}
          to={`/tatico/agenda/os/${e.os.id}`}
          size="md"
          fullWidth
          mt={12}
          leftSection={<IconClipboardList size={20} />}
          data-testid="minha-agenda-os"
          // "Abrir OS-2026-000123 · Em deslocamento" is wider than a 390 px phone's card: the
          // label wraps to a second line instead of being cut.
          h="auto"
          mih={44}
          py={8}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } }}
        >
          Abrir {e.os.codigo}
          {os ? ` · ${OS_STATUS_LABELS[os]}` : ''}
        </Button>
      )}
      <div style={{ marginTop: 12 }}>
        <EntryStatusActions entry={e} manager={manager} fullWidth />
      </div>
    </Card>
  );
}

const SPANS = [
  { value: 'hoje', label: 'Hoje' },
  { value: 'semana', label: 'Próximos 7 dias' },
] as const;

/** Where the phone remembers "Mostrar canceladas" (per device, off by default). */
export const SHOW_CANCELLED_KEY = 'eproto-minha-agenda-canceladas';

/**
 * "Minha agenda": the signed-in person's entries, today first, phone-first. Cancelled entries
 * (and entries of a cancelled OS) are hidden unless "Mostrar canceladas" is on (remembered on the device): a cancelled visit
 * is not work for the day, but the person can still see that it was cancelled.
 */
export function MyAgenda({ manager, showTitle = true }: { manager: boolean; showTitle?: boolean }) {
  const [span, setSpan] = useState<'hoje' | 'semana'>('hoje');
  const { de: today, ate: weekEnd } = myWeek();
  const until = span === 'hoje' ? today : weekEnd;
  // One query for the week (the one kept on the phone); "Hoje" is cut from it.
  const query = useMyAgenda(today, weekEnd);
  const days = Array.from({ length: dayjs(until).diff(dayjs(today), 'day') + 1 }, (_, i) =>
    dayjs(today).add(i, 'day').format('YYYY-MM-DD'),
  );
  const [showCancelled, setShowCancelled] = useStoredFlag(SHOW_CANCELLED_KEY);
  const inSpan = (query.data?.items ?? []).filter((e) => days.some((d) => onDay(e, d)));
  const cancelled = inSpan.filter(isCancelledEntry).length;
  const items = showCancelled ? inSpan : inSpan.filter((e) => !isCancelledEntry(e));

  return (
    <Stack gap="md">
      {showTitle && (
        <PageHeader
          title="Minha agenda"
          description="Seus serviços de campo. Toque em Iniciar ao chegar e em Concluir ao terminar."
        >
          <Anchor component={Link} to="/tatico/epi" size="sm">
            <Group gap={4}>
              <IconShieldCheck size={16} /> Meus EPIs
            </Group>
          </Anchor>
        </PageHeader>
      )}
      <PeriodSegments label="Período" data={SPANS} value={span} onChange={setSpan} />
      <Group justify="space-between" gap="xs" wrap="wrap">
        <UpdatedAt at={query.dataUpdatedAt} />
        <ToggleSwitch
          label={`Mostrar canceladas${cancelled > 0 ? ` (${cancelled})` : ''}`}
          checked={showCancelled}
          onChange={(e) => setShowCancelled(e.currentTarget.checked)}
          data-testid="minha-agenda-canceladas"
        />
      </Group>
      {query.isPending ? (
        <ListLoading rows={3} height={140} />
      ) : query.isError ? (
        <ListError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <ListEmpty
          icon={<IconCalendarOff size={24} />}
          title={span === 'hoje' ? 'Nada agendado para hoje' : 'Nada agendado nos próximos 7 dias'}
          hint={
            cancelled > 0
              ? `${cancelled === 1 ? '1 agendamento cancelado está oculto' : `${cancelled} agendamentos cancelados estão ocultos`}: ligue “Mostrar canceladas” para vê-los.`
              : 'Quando a coordenação agendar um serviço com você, ele aparece aqui.'
          }
        />
      ) : (
        days.map((day) => {
          const list = items.filter((e) => onDay(e, day));
          if (list.length === 0) return null;
          return (
            <Stack key={day} gap="sm">
              <Title order={3} fz={16}>
                {dayTitle(day)}
              </Title>
              {list.map((e) => (
                <EntryCard key={e.id} e={e} manager={manager} />
              ))}
            </Stack>
          );
        })
      )}
    </Stack>
  );
}
