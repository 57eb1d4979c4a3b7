import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarEvent } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';

import { useMuralCalendar } from '../api/get-mural-calendar.ts';
import { useNonWorkingDays } from '../api/get-non-working-days.ts';
import { toIsoDate } from '../gantt/gantt-dates.ts';
import { DaysOffNote } from './days-off-note.tsx';
import { ViewEmpty, ViewError, ViewLoading } from './view-states.tsx';

const CalendarView = lazy(() => import('../calendar/calendar-view.tsx'));

/**
 * The "Calendário" tab of a demand page: the demand and its tasks by planned dates, over the
 * holidays and days off of its contract's place.
 */
export default function MuralCalendarTab(props: { muralId: number; contratoId: number | null }) {
  const { muralId, contratoId } = props;
  // Known on the first render: the calendar reads its initial view only once.
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const query = useMuralCalendar(muralId);
  const [range, setRange] = useState<{ start: string; end: string } | null>(null);
  const daysOff = useNonWorkingDays(range, contratoId);
  if (query.isPending) return <ViewLoading height={420} />;
  if (query.isError) {
    return <ViewError message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  if (query.data.length === 0) {
    return (
      <ViewEmpty
        icon={<IconCalendarEvent size={22} />}
        title="Nada com datas nesta demanda"
        hint="Defina as datas previstas da demanda e das tarefas para vê-las no calendário."
      />
    );
  }
  const first = query.data.reduce((a, i) => (i.start < a ? i.start : a), query.data[0]!.start);
  const today = toIsoDate(new Date());
  const last = query.data.reduce((a, i) => (i.end > a ? i.end : a), first);
  return (
    <Suspense fallback={<ViewLoading height={420} />}>
      <CalendarView
        items={query.data}
        initialView={phone ? 'lista' : 'mes'}
        // open on today when it is inside the demand, else on its first date
        initialDate={today >= first && today <= last ? today : first}
        height="auto"
        onRangeChange={setRange}
        daysOff={daysOff}
      />
      {range && <DaysOffNote daysOff={daysOff} start={range.start} end={range.end} mt="xs" />}
    </Suspense>
  );
}
