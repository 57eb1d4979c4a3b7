import '../../../components/calendar-theme.ts';
import './calendar.css';

import type { CalendarItem } from '@eproto/domain';
import FullCalendar, { type CalendarRef, type EventDropInfo } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import { ActionIcon, Button, Group, SegmentedControl, Text, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

import { CALENDAR_LOCALE } from '../../../components/calendar-locale.ts';
import type { DayOffInfo } from '../api/get-non-working-days.ts';
import { useUpdateMuralDates } from '../api/update-mural-dates.ts';
import { useUpdateTaskDates } from '../api/update-task-dates.ts';
import {
  apiRange,
  datesOfEvent,
  dayOffCellClass,
  toCalendarEvent,
  toDayOffEvents,
} from './calendar-events.ts';

export type CalendarViewName = 'mes' | 'semana' | 'lista';

const VIEWS: Record<CalendarViewName, string> = {
  mes: 'dayGridMonth',
  semana: 'dayGridWeek',
  lista: 'listWeek',
};

const VIEW_OPTIONS = [
  { value: 'mes', label: 'Mês' },
  { value: 'semana', label: 'Semana' },
  { value: 'lista', label: 'Lista' },
];

const PLUGINS = [dayGridPlugin, listPlugin, interactionPlugin, classicThemePlugin];

export interface CalendarViewProps {
  items: CalendarItem[];
  initialView: CalendarViewName;
  initialDate?: string;
  height: string;
  /** The visible range changed (inclusive 'YYYY-MM-DD'), e.g. to fetch its items. */
  onRangeChange?: (range: { start: string; end: string }) => void;
  /** Shown right of the view switch (filters). */
  extra?: React.ReactNode;
  /** Holidays and company days off by 'YYYY-MM-DD': shaded and named in the month and week. */
  daysOff?: ReadonlyMap<string, DayOffInfo>;
}

/**
 * FullCalendar 7 (MIT plugins from @fullcalendar/react) in pt-BR with a Mantine toolbar: month,
 * week and list views; a click opens the demand or task; dragging or resizing an item the caller
 * may edit saves its planned dates (a task's successors follow on the server); a refused change
 * goes back.
 */
export default function CalendarView(props: CalendarViewProps) {
  const { items, initialView, initialDate, height, onRangeChange, extra, daysOff } = props;
  const ref = useRef<CalendarRef>(null);
  const navigate = useNavigate();
  const [view, setView] = useState<CalendarViewName>(initialView);
  const [title, setTitle] = useState('');
  const moveTask = useUpdateTaskDates();
  const moveMural = useUpdateMuralDates();
  const events = useMemo(
    () => [...items.map(toCalendarEvent), ...(daysOff ? toDayOffEvents(daysOff) : [])],
    [items, daysOff],
  );
  const api = () => ref.current?.getApi();

  const save = (info: Pick<EventDropInfo, 'event' | 'revert'>) => {
    const item = info.event.extendedProps.item as CalendarItem;
    if (!info.event.start) return info.revert();
    const dates = datesOfEvent(info.event.start, info.event.end);
    const mutation = item.type === 'task' ? moveTask : moveMural;
    mutation.mutate({ id: item.id, dates }, { onError: () => info.revert() });
  };

  return (
    <div className={`eproto-calendar eproto-calendar--${view}`}>
      <Group justify="space-between" gap="sm" mb="sm">
        <Group gap={6} wrap="nowrap">
          <Tooltip label="Anterior">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Anterior"
              onClick={() => api()?.prev()}
            >
              <IconChevronLeft size={18} />
            </ActionIcon>
          </Tooltip>
          <Button
            variant="default"
            // A long period beside it wraps; "Hoje" is never squeezed ("Hoj" on a phone).
            style={{ flexShrink: 0 }}
            onClick={() => api()?.today()}
          >
            Hoje
          </Button>
          <Tooltip label="Próximo">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Próximo"
              onClick={() => api()?.next()}
            >
              <IconChevronRight size={18} />
            </ActionIcon>
          </Tooltip>
          <Text fw={650} fz={{ base: 'md', sm: 'lg' }} ml={4} aria-live="polite">
            {title}
          </Text>
        </Group>
        <Group gap="sm">
          {extra}
          <SegmentedControl
            size="xs"
            aria-label="Visualização"
            data={VIEW_OPTIONS}
            value={view}
            onChange={(v) => {
              setView(v as CalendarViewName);
              api()?.changeView(VIEWS[v as CalendarViewName]);
            }}
          />
        </Group>
      </Group>
      <FullCalendar
        ref={ref}
        plugins={PLUGINS}
        {...CALENDAR_LOCALE}
        initialView={VIEWS[initialView]}
        initialDate={initialDate}
        headerToolbar={false}
        height={height}
        events={events}
        dayMaxEvents={4}
        // a week has the height a month spreads over six rows
        views={{ dayGridWeek: { dayMaxEvents: 14 } }}
        moreLinkContent={(arg) => `+${arg.num} mais`}
        eventDisplay="block"
        displayEventTime={false}
        noEventsText="Nada programado neste período."
        datesSet={(arg) => {
          setTitle(arg.view.title.charAt(0).toLocaleUpperCase('pt-BR') + arg.view.title.slice(1));
          onRangeChange?.(apiRange(arg.start, arg.end));
        }}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          const item = info.event.extendedProps.item as CalendarItem | undefined;
          if (item) void navigate(item.links.web);
        }}
        // the whole day is shaded; its background event writes the name in it
        dayCellClass={(info) => dayOffCellClass(daysOff, info.date)}
        // a touch screen has no tooltip: the name is also written in the shaded cell
        backgroundEventDidMount={(info) => {
          info.el.title = info.event.title;
        }}
        eventDrop={save}
        eventResize={save}
      />
    </div>
  );
}
