import '../../../components/calendar-theme.ts';
import './agenda-calendar.css';

import type { AgendaEntry } from '@eproto/domain';
import FullCalendar, { type CalendarRef } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';

import { CALENDAR_LOCALE } from '../../../components/calendar-locale.ts';
import { dayjs } from '../../../lib/dates.ts';
import { useAgenda } from '../api/get-agenda.ts';
import { hhmm } from '../utils/week.ts';

const PLUGINS = [dayGridPlugin, interactionPlugin, classicThemePlugin];
/** Event fills by status, each dark enough for its white text (WCAG AA 4.5:1 and more). */
const COLORS = {
  agendado: '#4b66f0', // brand, 4.7:1
  em_execucao: '#a85d00', // deep amber, 5.0:1
  concluido: '#087f5b', // teal 9, 5.0:1
  cancelado: '#495057', // gray 7, 8.2:1 (and struck through)
} as const;

/** Month view (FullCalendar) of the entries in the gestor's contracts; click opens, day click plans. */
export function MonthCalendar({
  onOpen,
  onCreate,
}: {
  onOpen: (id: number) => void;
  onCreate: (date: string) => void;
}) {
  const ref = useRef<CalendarRef>(null);
  const [range, setRange] = useState<{ de: string; ate: string } | null>(null);
  const [title, setTitle] = useState('');
  const query = useAgenda(range ?? { de: '', ate: '' }, range !== null);
  const events = useMemo(
    () =>
      (query.data?.items ?? []).map((e: AgendaEntry) => ({
        id: String(e.id),
        title: `${hhmm(e.inicio)} ${e.local} · ${e.pessoas.map((p) => p.nome.split(' ')[0]).join(', ')}`,
        start: e.inicio,
        end: e.fim,
        color: COLORS[e.status],
        // FullCalendar 7 reads `className` (a string); `classNames` was ignored.
        className: [
          'agenda-event',
          e.conflitos.length ? 'agenda-event--conflito' : '',
          e.status === 'cancelado' ? 'agenda-event--cancelado' : '',
        ]
          .filter(Boolean)
          .join(' '),
      })),
    [query.data],
  );
  const api = () => ref.current?.getApi();

  return (
    <div className="eproto-calendar agenda-calendar">
      <Group gap={6} mb="sm" wrap="nowrap">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Mês anterior"
          onClick={() => api()?.prev()}
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
        <Button
          variant="default"
          // A long period beside it wraps; "Hoje" is never squeezed.
          style={{ flexShrink: 0 }}
          onClick={() => api()?.today()}
        >
          Hoje
        </Button>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Próximo mês"
          onClick={() => api()?.next()}
        >
          <IconChevronRight size={18} />
        </ActionIcon>
        <Text fw={650} fz={{ base: 'md', sm: 'lg' }} ml={4} aria-live="polite">
          {title}
        </Text>
      </Group>
      <FullCalendar
        ref={ref}
        plugins={PLUGINS}
        {...CALENDAR_LOCALE}
        initialView="dayGridMonth"
        headerToolbar={false}
        height="auto"
        events={events}
        dayMaxEvents={3}
        moreLinkContent={(arg) => `+${arg.num} mais`}
        eventDisplay="block"
        displayEventTime={false}
        datesSet={(arg) => {
          setTitle(arg.view.title.charAt(0).toLocaleUpperCase('pt-BR') + arg.view.title.slice(1));
          setRange({
            de: dayjs(arg.start).format('YYYY-MM-DD'),
            ate: dayjs(arg.end).subtract(1, 'day').format('YYYY-MM-DD'),
          });
        }}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          onOpen(Number(info.event.id));
        }}
        dateClick={(info) => onCreate(dayjs(info.date).format('YYYY-MM-DD'))}
      />
    </div>
  );
}
