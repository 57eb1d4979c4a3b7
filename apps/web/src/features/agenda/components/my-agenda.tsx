import type { AgendaEntry } from '@eproto/domain';
import { Anchor, Group, Stack, Title } from '@mantine/core';
import { IconCalendarOff, IconShieldCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { memo, useDeferredValue, useMemo, useState } from 'react';
import { Link } from 'react-router';

import { PageHeader } from '../../../components/page-header.tsx';
import { PeriodSegments } from '../../../components/period-segments.tsx';
import { ToggleSwitch } from '../../../components/toggle-switch.tsx';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states.tsx';
import { dayjs } from '../../../lib/dates.ts';
import { useAfterIdle } from '../../../lib/use-after-idle.ts';
import { useStoredFlag } from '../../../lib/use-stored-flag.ts';
import { UpdatedAt } from '../../../components/offline/updated-at.tsx';
import { myWeek, useMyAgenda } from '../api/get-my-agenda.ts';
import { usePendingEntryMoves } from '../api/set-entry-status.ts';
import { isCancelledEntry } from '../utils/entry-os.ts';
import { onDay } from '../utils/week.ts';
import { EntryCard } from './entry-card.tsx';

function dayTitle(day: string): string {
  const today = dayjs().format('YYYY-MM-DD');
  if (day === today) return `Hoje, ${dayjs(day).format('DD/MM')}`;
  if (day === dayjs().add(1, 'day').format('YYYY-MM-DD'))
    return `Amanhã, ${dayjs(day).format('DD/MM')}`;
  const s = dayjs(day).format('dddd, DD/MM');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

interface Day {
  day: string;
  entries: AgendaEntry[];
}

/**
 * The days and their cards. Memoised: the page's other renders (the refetch's "atualizado às",
 * the switches) leave it; the outbox is read here, once for all cards.
 */
const DayList = memo(function DayList({ days, manager }: { days: Day[]; manager: boolean }) {
  const moveOf = usePendingEntryMoves();
  return days.map(({ day, entries }) => (
    <Stack key={day} gap="sm">
      <Title order={3} fz={16}>
        {dayTitle(day)}
      </Title>
      {entries.map((e) => {
        const move = moveOf(e.id);
        return (
          <EntryCard
            key={e.id}
            e={e}
            manager={manager}
            pendingStatus={move.status}
            attention={move.attention}
          />
        );
      })}
    </Stack>
  ));
});

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
export function MyAgenda({
  manager,
  showTitle = true,
  children,
}: {
  manager: boolean;
  showTitle?: boolean;
  /** Shown under the list (the open OSs): rendered once the list has settled and idled. */
  children?: ReactNode;
}) {
  const [span, setSpan] = useState<'hoje' | 'semana'>('hoje');
  const { de: today, ate: weekEnd } = myWeek();
  const until = span === 'hoje' ? today : weekEnd;
  // One query for the week (the one kept on the phone); "Hoje" is cut from it.
  const query = useMyAgenda(today, weekEnd);
  // The answer reaches here through TanStack Query's external store, an update React renders in
  // one uninterrupted task: deferred, the cards render in 5 ms slices (issue 33). A list already
  // kept on the phone (second visit, offline) is the first value and renders at once.
  const list = useDeferredValue(query.data);
  const [showCancelled, setShowCancelled] = useStoredFlag(SHOW_CANCELLED_KEY);
  const { days, cancelled } = useMemo((): { days: Day[]; cancelled: number } => {
    const dates = Array.from({ length: dayjs(until).diff(dayjs(today), 'day') + 1 }, (_, i) =>
      dayjs(today).add(i, 'day').format('YYYY-MM-DD'),
    );
    const inSpan = (list?.items ?? []).filter((e) => dates.some((d) => onDay(e, d)));
    const shown = showCancelled ? inSpan : inSpan.filter((e) => !isCancelledEntry(e));
    return {
      days: dates
        .map((day) => ({ day, entries: shown.filter((e) => onDay(e, day)) }))
        .filter((d) => d.entries.length > 0),
      cancelled: inSpan.length - inSpan.filter((e) => !isCancelledEntry(e)).length,
    };
  }, [list, today, until, showCancelled]);
  const waiting = query.isPending || (list === undefined && !query.isError);
  // What is under the list (the open OSs, with their own query and answer) waits for the list.
  const below = useAfterIdle(!waiting);

  return (
    <Stack gap="xl">
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
        {waiting ? (
          <ListLoading rows={3} height={140} />
        ) : query.isError ? (
          <ListError message={query.error.message} onRetry={() => void query.refetch()} />
        ) : days.length === 0 ? (
          <ListEmpty
            icon={<IconCalendarOff size={24} />}
            title={
              span === 'hoje' ? 'Nada agendado para hoje' : 'Nada agendado nos próximos 7 dias'
            }
            hint={
              cancelled > 0
                ? `${cancelled === 1 ? '1 agendamento cancelado está oculto' : `${cancelled} agendamentos cancelados estão ocultos`}: ligue “Mostrar canceladas” para vê-los.`
                : 'Quando a coordenação agendar um serviço com você, ele aparece aqui.'
            }
          />
        ) : (
          <DayList days={days} manager={manager} />
        )}
      </Stack>
      {below && children}
    </Stack>
  );
}
