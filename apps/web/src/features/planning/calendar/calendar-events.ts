import type { CalendarItem, Stage } from '@eproto/domain';

import type { DayOffInfo } from '../api/get-non-working-days.ts';
import { addLocalDays, toIsoDate, toLocalDate } from '../gantt/gantt-dates.ts';

/**
 * Colour of an entry by stage (Mantine palette variables, so both themes follow); shades deep
 * enough for white titles (AA), except yellow which takes black ones.
 */
export const STAGE_COLORS: Record<Stage, string> = {
  a_fazer: 'var(--mantine-color-gray-7)',
  em_andamento: 'var(--mantine-color-brand-6)',
  em_revisao: 'var(--mantine-color-yellow-7)',
  concluido: 'var(--mantine-color-teal-9)',
};

/** The FullCalendar event of an item: all-day, end exclusive, draggable when editable. */
export interface CalendarEvent {
  id: string;
  title: string;
  start: string;
  end: string;
  allDay: true;
  url: string;
  startEditable: boolean;
  durationEditable: boolean;
  color: string;
  contrastColor: string;
  className: string;
  extendedProps: { item: CalendarItem };
}

/** Key of an item in the calendar ("task-12", "mural-3"). */
export const eventId = (item: Pick<CalendarItem, 'type' | 'id'>) => `${item.type}-${item.id}`;

export function toCalendarEvent(item: CalendarItem): CalendarEvent {
  const color = STAGE_COLORS[item.stage];
  return {
    id: eventId(item),
    title: item.type === 'mural' ? `Demanda: ${item.title}` : item.title,
    start: item.start,
    end: toIsoDate(addLocalDays(toLocalDate(item.end), 1)),
    allDay: true,
    url: item.links.web,
    startEditable: item.editable,
    durationEditable: item.editable,
    color,
    contrastColor:
      item.type === 'mural'
        ? 'var(--mantine-color-text)'
        : item.stage === 'em_revisao'
          ? '#000'
          : '#fff',
    className: [
      `eproto-event--${item.type}`,
      item.atrasada ? 'eproto-event--late' : '',
      item.editable ? '' : 'eproto-event--locked',
    ]
      .filter(Boolean)
      .join(' '),
    extendedProps: { item },
  };
}

/**
 * Planned dates of an event after a drag or resize: all-day events end the day before their
 * exclusive end; an event without end is a one-day item.
 */
export function datesOfEvent(
  start: Date,
  end: Date | null,
): {
  inicio_previsto: string;
  fim_previsto: string;
} {
  const first = toIsoDate(start);
  const last = end ? toIsoDate(addLocalDays(end, -1)) : first;
  return { inicio_previsto: first, fim_previsto: last < first ? first : last };
}

/** The API range (inclusive) of a view whose end is exclusive. */
export function apiRange(start: Date, endExclusive: Date): { start: string; end: string } {
  return { start: toIsoDate(start), end: toIsoDate(addLocalDays(endExclusive, -1)) };
}

/** A holiday or company day off as a FullCalendar background event (shaded, named). */
export interface DayOffEvent {
  id: string;
  title: string;
  start: string;
  allDay: true;
  display: 'background';
  className: string;
}

/** Background events of the days off (get-non-working-days.ts), holidays apart from folgas. */
export function toDayOffEvents(daysOff: ReadonlyMap<string, DayOffInfo>): DayOffEvent[] {
  return [...daysOff].map(([data, off]) => ({
    id: `off-${data}`,
    title: off.nome,
    start: data,
    allDay: true,
    display: 'background',
    className: `eproto-dayoff${HOLIDAYS.has(off.origem) ? ' eproto-dayoff--feriado' : ''}`,
  }));
}

const HOLIDAYS = new Set(['nacional', 'estadual', 'municipal']);

/** Class of a day cell (FullCalendar's date marker is the day at UTC midnight). */
export function dayOffCellClass(
  daysOff: ReadonlyMap<string, DayOffInfo> | undefined,
  date: Date,
): string {
  const off = daysOff?.get(date.toISOString().slice(0, 10));
  if (!off) return '';
  return HOLIDAYS.has(off.origem)
    ? 'eproto-dayoff-cell eproto-dayoff-cell--feriado'
    : 'eproto-dayoff-cell';
}
