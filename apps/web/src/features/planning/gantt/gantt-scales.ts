import { createElement, type ReactNode } from 'react';

import { dayjs } from '../../../lib/dates.ts';
import type { DayOffInfo } from '../api/get-non-working-days.ts';
import { addLocalDays, toIsoDate, toLocalDate } from './gantt-dates.ts';

/** Zoom levels of the Gantt toolbar. */
export type GanttZoom = 'dia' | 'semana' | 'mes';

export const ZOOM_OPTIONS: { value: GanttZoom; label: string }[] = [
  { value: 'dia', label: 'Dia' },
  { value: 'semana', label: 'Semana' },
  { value: 'mes', label: 'Mês' },
];

interface Scale {
  unit: 'year' | 'month' | 'week' | 'day';
  step: number;
  format: (date: Date) => string | ReactNode;
}

export interface ZoomConfig {
  scales: Scale[];
  /** Width of one cell of the smallest scale unit, in pixels. */
  cellWidth: number;
}

const capital = (s: string) => s.charAt(0).toLocaleUpperCase('pt-BR') + s.slice(1);
const fmt = (pattern: string) => (date: Date) => capital(dayjs(date).format(pattern));

/**
 * Scales in pt-BR (dayjs locale pt-br: "março de 2026", "seg 02", "sem. 02/03"). Bars always
 * move in whole days (lengthUnit 'day'); the zoom only changes how wide a day is.
 */
export const ZOOM: Record<GanttZoom, ZoomConfig> = {
  dia: {
    cellWidth: 38,
    scales: [
      { unit: 'month', step: 1, format: fmt('MMMM [de] YYYY') },
      { unit: 'day', step: 1, format: fmt('DD') },
    ],
  },
  semana: {
    cellWidth: 84,
    scales: [
      { unit: 'month', step: 1, format: fmt('MMMM [de] YYYY') },
      { unit: 'week', step: 1, format: (d) => `${dayjs(d).format('DD/MM')}` },
    ],
  },
  mes: {
    cellWidth: 110,
    scales: [
      { unit: 'year', step: 1, format: fmt('YYYY') },
      { unit: 'month', step: 1, format: fmt('MMMM') },
    ],
  },
};

/**
 * The first day of a chart whose earliest bar starts on `first` ('YYYY-MM-DD'): one cell of the
 * zoom's smallest unit before it (a day, a week, a month), the margin SVAR leaves when it fits
 * the axis to the bars itself.
 */
export function axisStartOf(first: string, zoom: GanttZoom): Date {
  const day = toLocalDate(first);
  if (zoom === 'mes') return new Date(day.getFullYear(), day.getMonth() - 1, day.getDate());
  return addLocalDays(day, zoom === 'semana' ? -7 : -1);
}

/**
 * Where today falls inside its cell of the smallest scale (0..100 %), so the today line can be
 * drawn by the CSS class SVAR gives that cell. Weeks start on Sunday, like SVAR's default.
 */
export function todayOffsetPercent(zoom: GanttZoom, today: Date): number {
  if (zoom === 'dia') return 50;
  if (zoom === 'semana') return ((today.getDay() + 0.5) / 7) * 100;
  const days = new Date(today.getFullYear(), today.getMonth() + 1, 0).getDate();
  return ((today.getDate() - 0.5) / days) * 100;
}

/** True when `cell` (the start of a cell of the zoom's smallest unit) contains `today`. */
export function cellHasToday(zoom: GanttZoom, cell: Date, today: Date): boolean {
  if (zoom === 'dia') return dayjs(cell).isSame(today, 'day');
  if (zoom === 'mes') return dayjs(cell).isSame(today, 'month');
  const start = dayjs(cell).startOf('day');
  const t = dayjs(today).startOf('day');
  return !t.isBefore(start) && t.isBefore(start.add(7, 'day'));
}

const HOLIDAY_ORIGINS = new Set(['nacional', 'estadual', 'municipal']);

/** Class of a day off's cells: a holiday, or a day the company rests (folga, férias, local). */
export function dayOffClass(off: DayOffInfo): string {
  return HOLIDAY_ORIGINS.has(off.origem) ? 'eproto-dayoff eproto-holiday' : 'eproto-dayoff';
}

/**
 * The zoom's scales; at 'dia' a day off's header cell names it in a tooltip (SVAR renders the
 * format's result as the cell's content, so it may be an element).
 */
export function scalesOf(zoom: GanttZoom, daysOff: ReadonlyMap<string, DayOffInfo>): Scale[] {
  const { scales } = ZOOM[zoom];
  if (zoom !== 'dia' || daysOff.size === 0) return scales;
  const day = scales[1]!;
  return [
    scales[0]!,
    {
      ...day,
      format: (date: Date) => {
        const off = daysOff.get(toIsoDate(date));
        const text = String(date.getDate()).padStart(2, '0');
        return off
          ? createElement('span', { title: off.nome, 'aria-label': `${text}, ${off.nome}` }, text)
          : text;
      },
    },
  ];
}
