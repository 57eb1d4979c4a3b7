import { Paper, SegmentedControl, Stack, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarEvent, IconCalendarOff } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';

import { PageHeader } from '../../../components/page-header.tsx';
import { useCalendar } from '../api/get-calendar.ts';
import { useNonWorkingDays } from '../api/get-non-working-days.ts';
import type { CalendarParams } from '../api/keys.ts';
import { DaysOffNote } from '../components/days-off-note.tsx';
import { ViewError, ViewLoading } from '../components/view-states.tsx';

// FullCalendar loads only on the calendar screens.
const CalendarView = lazy(() => import('../calendar/calendar-view.tsx'));
// The days-off lists and form load when their tab opens.
const DaysOffTab = lazy(() => import('../days-off/days-off-tab.tsx'));

type Tab = 'calendario' | 'folgas';

type TypeFilter = 'todos' | 'mural' | 'task';
const TYPE_OPTIONS = [
  { value: 'todos', label: 'Tudo' },
  { value: 'mural', label: 'Demandas' },
  { value: 'task', label: 'Tarefas' },
];

/**
 * /eproto/calendar: visible demands and tasks by their planned dates over the days off
 * (tab "Calendário"), and the year's holidays and the company's days off (tab "Folgas e
 * feriados", ?aba=folgas).
 */
export default function CalendarPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('aba') === 'folgas' ? 'folgas' : 'calendario';
  const openTab = (t: string | null) =>
    setParams(
      (p) => {
        if (t === 'folgas') p.set('aba', 'folgas');
        else p.delete('aba');
        return p;
      },
      { replace: true },
    );
  return (
    <Stack gap="lg">
      <PageHeader
        title="Calendário"
        description="Demandas e tarefas pelas datas previstas, sobre os feriados e folgas. Clique para abrir; arraste para remarcar o que você pode editar."
      />
      <Tabs value={tab} onChange={openTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="calendario" leftSection={<IconCalendarEvent size={16} />}>
            Calendário
          </Tabs.Tab>
          <Tabs.Tab value="folgas" leftSection={<IconCalendarOff size={16} />}>
            Folgas e feriados
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="calendario">
          <PlanningCalendar />
        </Tabs.Panel>
        <Tabs.Panel value="folgas">
          <Suspense fallback={<ViewLoading height={360} />}>
            <DaysOffTab />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** The calendar of demands and tasks, with the holidays and days off shaded. */
function PlanningCalendar() {
  // Known on the first render: the calendar reads its initial view only once.
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [range, setRange] = useState<{ start: string; end: string } | null>(null);
  const [type, setType] = useState<TypeFilter>('todos');
  const params = useMemo<CalendarParams | null>(
    () => (range ? { ...range, ...(type === 'todos' ? {} : { type }) } : null),
    [range, type],
  );
  const query = useCalendar(params);
  const daysOff = useNonWorkingDays(range);

  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} pos="relative">
      {query.isError && (
        <ViewError message={query.error.message} onRetry={() => void query.refetch()} />
      )}
      <Suspense fallback={<ViewLoading height={560} />}>
        <CalendarView
          items={query.data ?? []}
          initialView={phone ? 'lista' : 'mes'}
          height="auto"
          onRangeChange={setRange}
          daysOff={daysOff}
          extra={
            <SegmentedControl
              size="xs"
              aria-label="Mostrar"
              data={TYPE_OPTIONS}
              value={type}
              onChange={(v) => setType(v as TypeFilter)}
            />
          }
        />
      </Suspense>
      {range && <DaysOffNote daysOff={daysOff} start={range.start} end={range.end} mt="xs" />}
      {query.isFetching && (
        <Text size="xs" c="dimmed" mt="xs" aria-live="polite">
          Carregando...
        </Text>
      )}
    </Paper>
  );
}
