import './gantt.css';

import type { GanttTask } from '@eproto/domain';
import { useComputedColorScheme } from '@mantine/core';
import {
  Gantt,
  Tooltip,
  Willow,
  WillowDark,
  type IApi,
  type IColumnConfig,
  type IScaleConfig,
} from '@svar-ui/react-gantt';
import type { ComponentProps, CSSProperties } from 'react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

import type { DayOffInfo } from '../api/get-non-working-days.ts';
import type { PlannedDates } from '../api/update-task-dates.ts';
import { fromBarDates, toIsoDate } from './gantt-dates.ts';
import { useArrowCanvas } from './arrow-canvas.ts';
import { criticalLinkIds, type GanttArrow, type GanttRow } from './gantt-rows.ts';
import {
  cellHasToday,
  dayOffClass,
  scalesOf,
  todayOffsetPercent,
  ZOOM,
  type GanttZoom,
} from './gantt-scales.ts';
import { GanttTooltip } from './gantt-tooltip.tsx';
import { useSvarAriaFix } from './svar-aria.ts';
import { varianceText } from './variance.ts';
import { ensureSvarStyles } from './svar-styles.ts';
import { makeTaskBar } from './task-bar.tsx';

ensureSvarStyles();

type TooltipContent = NonNullable<ComponentProps<typeof Tooltip>['content']>;
type BarTemplate = NonNullable<ComponentProps<typeof Gantt>['taskTemplate']>;

export interface GanttChartProps {
  rows: GanttRow[];
  arrows: GanttArrow[];
  zoom: GanttZoom;
  /**
   * First and last day on the axis (a period's; a demand's tab gives only a steady first day,
   * components/gantt-board.tsx). Without `end` SVAR ends the axis a cell after the last bar;
   * without either it fits the axis to the bars on every change of them.
   */
  start?: Date;
  end?: Date;
  /** Chart height (CSS). */
  height: string;
  /**
   * Narrow screen: no grid (SVAR would show only the grid below 650 px); task names are written
   * beside the bars instead.
   */
  compact?: boolean;
  /** Paint the critical path (bars ringed in red, red arrows). */
  showCritical?: boolean;
  /** A bar was dragged or resized to new dates (it already shows there). */
  onMove: (task: GanttTask, dates: PlannedDates) => void;
  /** Double click or Enter on a bar: open the task. */
  onOpen: (task: GanttTask) => void;
  onSelect?: (task: GanttTask | null) => void;
  /** Changing it rebuilds the chart from `rows` (puts back a move the server refused). */
  revision?: number;
  onReady?: (api: IApi) => void;
  /** Holidays and company days off by 'YYYY-MM-DD': shaded, named in the day header's tooltip. */
  daysOff?: ReadonlyMap<string, DayOffInfo>;
  /** A baseline is compared: taller rows with its bars, and the variance column. */
  withBaseline?: boolean;
}

const NO_DAYS_OFF: ReadonlyMap<string, DayOffInfo> = new Map();

const BLOCKED = [
  'add-task',
  'delete-task',
  'copy-task',
  'move-task',
  'indent-task',
  'add-link',
  'update-link',
  'delete-link',
] as const;

/** Row height on a phone: a label line above a thinner bar (gantt.css, compact). */
const COMPACT_ROW = 46;

const shortDate = (iso: string | undefined) =>
  iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}` : '';

const VARIANCE_COLUMN = {
  id: 'variacao',
  header: 'Var.',
  width: 68,
  align: 'center' as const,
  template: (_v: unknown, row: GanttRow) =>
    row.baseline
      ? varianceText(row.baseline.variacao_fim)
      : row.groupVariance !== undefined
        ? varianceText(row.groupVariance)
        : '',
} as unknown as IColumnConfig;

const COLUMNS = [
  { id: 'text', header: 'Tarefa', flexgrow: 1 },
  {
    id: 'inicio',
    header: 'Início',
    width: 72,
    align: 'center' as const,
    template: (_v: unknown, row: GanttRow) => shortDate(row.task?.start),
  },
  {
    id: 'fim',
    header: 'Fim',
    width: 72,
    align: 'center' as const,
    template: (_v: unknown, row: GanttRow) => shortDate(row.task?.end),
  },
] as unknown as IColumnConfig[];

/**
 * SVAR React Gantt (MIT core) with our rules on top: bars move and resize in whole days and
 * only when the task is editable; links, the editor and row changes are blocked (they are edited
 * on the task page); critical path, real dates and the today line are drawn by our template and
 * CSS, the arrows on a canvas of ours (arrow-canvas.ts). Rows and bars are virtualised by SVAR.
 */
export default function GanttChart(props: GanttChartProps) {
  const { rows, arrows, zoom, start, end, height, compact = false, revision = 0 } = props;
  const daysOff = props.daysOff ?? NO_DAYS_OFF;
  const withBaseline = props.withBaseline ?? false;
  const columns = compact ? false : withBaseline ? [...COLUMNS, VARIANCE_COLUMN] : COLUMNS;
  const rowHeight = (compact ? COMPACT_ROW : 34) + (withBaseline ? 10 : 0);
  const showCritical = props.showCritical ?? true;
  const scheme = useComputedColorScheme('dark');
  const Theme = scheme === 'dark' ? WillowDark : Willow;
  const [api, setApi] = useState<IApi>();
  const handlers = useRef(props);
  handlers.current = props;
  const box = useRef<HTMLDivElement>(null);
  useSvarAriaFix(box);

  const today = useMemo(() => new Date(), []);
  const todayIso = toIsoDate(today);
  const [areaWidth, setAreaWidth] = useState(0);
  const TaskBar = useMemo(
    () => makeTaskBar(todayIso, { compact, areaWidth: compact ? areaWidth : 0 }),
    [todayIso, compact, areaWidth],
  );
  const config = ZOOM[zoom];
  // SVAR re-reads its whole store when these arrays change identity, so they follow the data.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const tasks = useMemo(() => rows.map((r) => ({ ...r })), [rows, revision]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const links = useMemo(() => arrows.map((a) => ({ ...a })), [arrows, revision]);
  const highlight = useCallback(
    (date: Date, unit: string) => {
      const classes: string[] = [];
      if (unit === 'day' && (date.getDay() === 0 || date.getDay() === 6))
        classes.push('eproto-weekend');
      const off = unit === 'day' ? daysOff.get(toIsoDate(date)) : undefined;
      if (off) classes.push(dayOffClass(off));
      if (cellHasToday(zoom, date, today)) classes.push('eproto-today');
      return classes.join(' ');
    },
    [zoom, today, daysOff],
  );
  const scales = useMemo(() => scalesOf(zoom, daysOff), [zoom, daysOff]);

  const init = useCallback((a: IApi) => {
    const row = (id: unknown) => a.getTask(id as number) as unknown as GanttRow | undefined;
    const editable = (id: unknown) => row(id)?.editable === true;
    a.intercept('drag-task', (ev) => editable(ev.id));
    a.intercept('update-task', (ev) => ev.diff === undefined || editable(ev.id));
    a.intercept('show-editor', (ev) => {
      const t = row(ev.id)?.task;
      if (t) handlers.current.onOpen(t);
      return false;
    });
    for (const action of BLOCKED) a.intercept(action, () => false);
    a.on('update-task', (ev) => {
      if (ev.diff === undefined || ev.inProgress) return;
      const r = row(ev.id);
      if (!r?.task) return;
      const current = a.getTask(ev.id) as unknown as GanttRow;
      handlers.current.onMove(r.task, fromBarDates(current.start, current.end));
    });
    a.on('select-task', (ev) => handlers.current.onSelect?.(row(ev.id)?.task ?? null));
    setApi(a);
    handlers.current.onReady?.(a);
  }, []);

  // The time area's width (it follows zoom and period): phone labels near its end turn left.
  useEffect(() => {
    if (!api || !compact) return;
    const scales = api.getReactiveState()._scales;
    // lib-state's subscribe returns its unsubscribe, though its type says void
    const off = scales?.subscribe((s) => setAreaWidth(s?.width ?? 0)) as unknown;
    return typeof off === 'function' ? (off as () => void) : undefined;
  }, [api, compact]);

  const critical = useMemo(() => criticalLinkIds(arrows), [arrows]);
  useArrowCanvas(box, { api, critical, showCritical, scheme });

  useEffect(() => {
    // keep the selection panel in step when the chart is rebuilt
    if (api) handlers.current.onSelect?.(null);
  }, [api, tasks]);

  const style = {
    '--eproto-today-pos': `${todayOffsetPercent(zoom, today)}%`,
    height,
  } as CSSProperties;

  return (
    <div
      ref={box}
      className={`eproto-gantt${showCritical ? '' : ' eproto-gantt--plain'}${compact ? ' eproto-gantt--compact' : ''}`}
      style={style}
      data-zoom={zoom}
    >
      <Theme fonts={false}>
        <Tooltip api={api} content={GanttTooltip as unknown as TooltipContent}>
          <Gantt
            init={init}
            tasks={tasks}
            links={links}
            // a day off's header cell is an element (scalesOf); SVAR renders whatever format gives
            scales={scales as unknown as IScaleConfig[]}
            cellWidth={config.cellWidth}
            cellHeight={rowHeight}
            scaleHeight={30}
            lengthUnit="day"
            durationUnit="day"
            start={start}
            end={end}
            autoScale={!start}
            columns={columns as IColumnConfig[]}
            taskTemplate={TaskBar as unknown as BarTemplate}
            highlightTime={highlight}
          />
        </Tooltip>
      </Theme>
    </div>
  );
}
