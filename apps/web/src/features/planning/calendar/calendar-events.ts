import type { CalendarItem, Stage } from '@eproto/domain';

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
