import { Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useMemo, useState } from 'react';

import { PageHeader } from '../../../components/page-header.tsx';
import { useCalendar } from '../api/get-calendar.ts';
import type { CalendarParams } from '../api/keys.ts';
import { ViewError, ViewLoading } from '../components/view-states.tsx';

// FullCalendar loads only on the calendar screens.
const CalendarView = lazy(() => import('../calendar/calendar-view.tsx'));

type TypeFilter = 'todos' | 'mural' | 'task';
const TYPE_OPTIONS = [
  { value: 'todos', label: 'Tudo' },
  { value: 'mural', label: 'Demandas' },
  { value: 'task', label: 'Tarefas' },
];

/** /eproto/calendar: visible demands and tasks by their planned dates. */
export default function CalendarPage() {
  // Known on the first render: the calendar reads its initial view only once.
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [range, setRange] = useState<{ start: string; end: string } | null>(null);
  const [type, setType] = useState<TypeFilter>('todos');
  const params = useMemo<CalendarParams | null>(
    () => (range ? { ...range, ...(type === 'todos' ? {} : { type }) } : null),
    [range, type],
  );
  const query = useCalendar(params);

  return (
    <Stack gap="lg">
      <PageHeader
        title="Calendário"
        description="Demandas e tarefas pelas datas previstas. Clique para abrir; arraste para remarcar o que você pode editar."
      />
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
        {query.isFetching && (
          <Text size="xs" c="dimmed" mt="xs" aria-live="polite">
            Carregando...
          </Text>
        )}
      </Paper>
    </Stack>
  );
}
