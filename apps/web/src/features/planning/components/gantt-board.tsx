import type { GanttTask } from '@eproto/domain';
import { Button, Group, Stack, Switch } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { IApi } from '@svar-ui/react-gantt';
import { IconCalendarDown } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

import { useNonWorkingDays } from '../api/get-non-working-days.ts';
import { useUpdateTaskDates } from '../api/update-task-dates.ts';
import { toIsoDate } from '../gantt/gantt-dates.ts';
import type { GanttArrow, GanttRow } from '../gantt/gantt-rows.ts';
import { axisStartOf, type GanttZoom } from '../gantt/gantt-scales.ts';
import { DaysOffNote } from './days-off-note.tsx';
import { GanttLegend } from './gantt-legend.tsx';
import { TaskDetails } from './task-details.tsx';
import { ViewLoading } from './view-states.tsx';

// SVAR and its CSS load only with a Gantt on screen (/eproto/gantt and the demand's Gantt tab).
const GanttChart = lazy(() => import('../gantt/gantt-chart.tsx'));

interface Props {
  rows: GanttRow[];
  arrows: GanttArrow[];
  zoom: GanttZoom;
  start?: Date;
  end?: Date;
  height: string;
  /** Controls shown left of "Hoje" (zoom, grouping...). */
  controls?: ReactNode;
  /**
   * Whether "Caminho crítico" starts on. Off on the team timeline, where most bars of unrelated
   * demands would be outlined; on in a demand's Gantt tab, where the path means something.
   */
  criticalByDefault?: boolean;
  /** Whose holidays are shaded: a contract's (its state and city), else Brazil's. */
  contratoId?: number | null;
  /** Rows carry a baseline (its bars and the variance column are drawn). */
  withBaseline?: boolean;
  /** Variances count working days. */
  diasUteis?: boolean;
}

/** The selected task's panel, with its baseline (whose demand may count working days). */
function Selected({
  task,
  rows,
  diasUteis,
}: {
  task: GanttTask;
  rows: GanttRow[];
  diasUteis: boolean;
}) {
  const baseline = rows.find((r) => r.id === task.id)?.baseline;
  return (
    <TaskDetails task={task} baseline={baseline} diasUteis={baseline?.dias_uteis ?? diasUteis} />
  );
}

/** First and last planned day of the rows ('YYYY-MM-DD'), or of the given period. */
function spanOf(rows: GanttRow[], start?: Date, end?: Date) {
  if (start && end) return { start: toIsoDate(start), end: toIsoDate(end) };
  let first: string | null = null;
  let last: string | null = null;
  for (const r of rows) {
    if (!r.task) continue;
    if (first === null || r.task.start < first) first = r.task.start;
    if (last === null || r.task.end > last) last = r.task.end;
  }
  return first && last ? { start: first, end: last } : null;
}

/**
 * The first planned day a chart without a period starts from: its earliest bar's, held while
 * the board is open and only ever moved earlier. Left to itself SVAR fits its axis to the bars
 * again on every new `tasks`, so when a demand's first bar moved (a drag here, a change heard
 * from another tab) the whole axis moved with it and the bar stayed put on screen, a drag
 * seeming undone once saved. The end still follows the bars: a later bar only adds days.
 */
function useSteadyFirstDay(first: string | null): string | null {
  const [held, setHeld] = useState(first);
  const steady = held === null || (first !== null && first < held) ? first : held;
  if (steady !== held) setHeld(steady);
  return steady;
}

/**
 * A Gantt with its toolbar, legend and the selected task. Moving a bar saves the new dates
 * through PATCH /eproto/protocols/{id}; the server moves the successors and every view refetches.
 * A refused move goes back to where it was.
 */
export function GanttBoard({
  rows,
  arrows,
  zoom,
  start,
  end,
  height,
  controls,
  criticalByDefault = false,
  contratoId = null,
  withBaseline = false,
  diasUteis = false,
}: Props) {
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const [revision, setRevision] = useState(0);
  const [selected, setSelected] = useState<GanttTask | null>(null);
  const [critical, setCritical] = useState(criticalByDefault);
  const api = useRef<IApi | null>(null);
  const move = useUpdateTaskDates(() => setRevision((r) => r + 1));
  const span = useMemo(() => spanOf(rows, start, end), [rows, start, end]);
  // Without a period (a demand's tab) the axis starts a cell before the earliest bar seen.
  const firstDay = useSteadyFirstDay(start ? null : (span?.start ?? null));
  const axisStart = useMemo(
    () => start ?? (firstDay ? axisStartOf(firstDay, zoom) : undefined),
    [start, firstDay, zoom],
  );
  const daysOff = useNonWorkingDays(span, contratoId);
  const onReady = useCallback((a: IApi) => {
    api.current = a;
  }, []);
  // Today a little in from the left edge, so the days just before it stay in view.
  const scrollToToday = () => {
    const back = { dia: 3, semana: 14, mes: 45 }[zoom];
    void api.current?.exec('scroll-chart', { date: new Date(Date.now() - back * 86_400_000) });
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        <Group gap="sm">{controls}</Group>
        <Group gap="sm">
          <Switch
            size="sm"
            label="Caminho crítico"
            checked={critical}
            onChange={(e) => setCritical(e.currentTarget.checked)}
          />
          <Button
            variant="default"
            size="xs"
            leftSection={<IconCalendarDown size={16} />}
            onClick={scrollToToday}
          >
            Hoje
          </Button>
        </Group>
      </Group>
      <Suspense fallback={<ViewLoading height={height} />}>
        <GanttChart
          rows={rows}
          arrows={arrows}
          zoom={zoom}
          start={axisStart}
          end={end}
          height={height}
          compact={phone}
          showCritical={critical}
          revision={revision}
          onMove={(task, dates) => move.mutate({ id: task.id, dates })}
          onOpen={(task) => void navigate(task.links.web)}
          onSelect={setSelected}
          onReady={onReady}
          daysOff={daysOff}
          withBaseline={withBaseline}
        />
      </Suspense>
      {selected && <Selected task={selected} rows={rows} diasUteis={diasUteis} />}
      {span && <DaysOffNote daysOff={daysOff} start={span.start} end={span.end} />}
      <GanttLegend withBaseline={withBaseline} />
    </Stack>
  );
}
