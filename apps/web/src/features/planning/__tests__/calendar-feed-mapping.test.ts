import type { CalendarItem } from '@eproto/domain';
import { describe, expect, it } from 'vitest';

import { movedMessage } from '../api/update-task-dates.ts';
import type { DayOffInfo } from '../api/get-non-working-days.ts';
import {
  apiRange,
  datesOfEvent,
  dayOffCellClass,
  eventId,
  toCalendarEvent,
  toDayOffEvents,
} from '../calendar/calendar-events.ts';
import { dayOffClass, scalesOf } from '../gantt/gantt-scales.ts';
import { actionLook, byDay, dayHeading } from '../feed/feed-meta.ts';
import { lagText } from '../gantt/gantt-tooltip.tsx';

const item = (v: Partial<CalendarItem>): CalendarItem => ({
  type: 'task',
  id: 4,
  title: 'Vistoria',
  stage: 'em_andamento',
  prioridade: 'media',
  start: '2026-04-02',
  end: '2026-04-03',
  mural_id: 1,
  mural_titulo: 'Manutenção',
  responsavel_id: null,
  responsavel_nome: null,
  atrasada: false,
  editable: true,
  links: { web: '/eproto/protocols/4', api: '/api/eproto/protocols/4' },
  version: '2026-03-01T12:00:00.000Z',
  ...v,
});

describe('calendar events', () => {
  it('maps a task to an all-day event with exclusive end, link and stage colour', () => {
    const e = toCalendarEvent(item({}));
    expect(e).toMatchObject({
      id: 'task-4',
      title: 'Vistoria',
      start: '2026-04-02',
      end: '2026-04-04',
      allDay: true,
      url: '/eproto/protocols/4',
      startEditable: true,
      durationEditable: true,
      color: 'var(--mantine-color-brand-6)',
    });
  });

  it('marks demands, late items and what may not be dragged', () => {
    const e = toCalendarEvent(item({ type: 'mural', id: 9, atrasada: true, editable: false }));
    expect(e.id).toBe(eventId({ type: 'mural', id: 9 }));
    expect(e.title).toBe('Demanda: Vistoria');
    expect(e.startEditable).toBe(false);
    expect(e.className.split(' ')).toEqual([
      'eproto-event--mural',
      'eproto-event--late',
      'eproto-event--locked',
    ]);
  });

  it('reads the planned dates back from a dropped or resized event', () => {
    expect(datesOfEvent(new Date(2026, 3, 6), new Date(2026, 3, 9))).toEqual({
      inicio_previsto: '2026-04-06',
      fim_previsto: '2026-04-08',
    });
    expect(datesOfEvent(new Date(2026, 3, 6), null)).toEqual({
      inicio_previsto: '2026-04-06',
      fim_previsto: '2026-04-06',
    });
    expect(apiRange(new Date(2026, 3, 1), new Date(2026, 4, 1))).toEqual({
      start: '2026-04-01',
      end: '2026-04-30',
    });
  });
});

describe('feed', () => {
  it('gives each action an icon and colour, with fallbacks by prefix', () => {
    expect(actionLook('etapa_alterada').color).toBe('brand');
    expect(actionLook('financeiro_enviado').color).toBe('green');
    expect(actionLook('recorrencia_criada').color).toBe('violet');
    expect(actionLook('qualquer_coisa').color).toBe('gray');
  });

  it('groups items by local day and names the days in Portuguese', () => {
    const now = new Date(2026, 10, 21, 10);
    const items = [
      { key: 'a', created_at: new Date(2026, 10, 21, 9).toISOString() },
      { key: 'b', created_at: new Date(2026, 10, 21, 1).toISOString() },
      { key: 'c', created_at: new Date(2026, 10, 20, 23).toISOString() },
      { key: 'd', created_at: new Date(2025, 0, 5, 12).toISOString() },
    ];
    const days = byDay(items);
    expect(days.map((d) => d.items.map((i) => i.key))).toEqual([['a', 'b'], ['c'], ['d']]);
    expect(dayHeading(items[0]!.created_at, now)).toBe('Hoje');
    expect(dayHeading(items[2]!.created_at, now)).toBe('Ontem');
    expect(dayHeading(new Date(2026, 10, 18, 12).toISOString(), now)).toBe(
      'Quarta-feira, 18 de novembro',
    );
    expect(dayHeading(items[3]!.created_at, now)).toBe('Domingo, 5 de janeiro de 2025');
  });
});

describe('messages', () => {
  it('tell how many successors followed a move and what a lag means', () => {
    expect(movedMessage(0)).toBe('Datas da tarefa atualizadas.');
    expect(movedMessage(1)).toBe('Datas atualizadas; 1 tarefa sucessora foi ajustada.');
    expect(movedMessage(3)).toBe('Datas atualizadas; 3 tarefas sucessoras foram ajustadas.');
    expect(lagText(0)).toBe('começa no dia seguinte ao fim da predecessora');
    expect(lagText(2)).toBe('começa após 2 dias de intervalo');
    expect(lagText(-1)).toBe('começa com antecipação de 1 dia');
    // a demand that plans in working days counts its lags in them
    expect(lagText(0, true)).toBe('começa no dia útil seguinte ao fim da predecessora');
    expect(lagText(2, true)).toBe('começa após 2 dias úteis de intervalo');
    expect(lagText(-1, true)).toBe('começa com antecipação de 1 dia útil');
  });

  it('shades and names the days off: holidays apart from the company’s', () => {
    const off = new Map<string, DayOffInfo>([
      ['2027-02-08', { nome: 'Carnaval', origem: 'nacional' }],
      ['2027-02-12', { nome: 'Folga da fábrica', origem: 'folga' }],
    ]);
    // FullCalendar's day marker is the day at UTC midnight
    expect(dayOffCellClass(off, new Date(Date.UTC(2027, 1, 8)))).toBe(
      'eproto-dayoff-cell eproto-dayoff-cell--feriado',
    );
    expect(dayOffCellClass(off, new Date(Date.UTC(2027, 1, 12)))).toBe('eproto-dayoff-cell');
    expect(dayOffCellClass(off, new Date(Date.UTC(2027, 1, 9)))).toBe('');
    expect(toDayOffEvents(off).map((e) => [e.start, e.title, e.display, e.className])).toEqual([
      ['2027-02-08', 'Carnaval', 'background', 'eproto-dayoff eproto-dayoff--feriado'],
      ['2027-02-12', 'Folga da fábrica', 'background', 'eproto-dayoff'],
    ]);
    expect(dayOffClass({ nome: 'Carnaval', origem: 'nacional' })).toBe(
      'eproto-dayoff eproto-holiday',
    );
    // the Gantt's day header (local dates) names the day off in its tooltip
    const day = scalesOf('dia', off)[1]!;
    const cell = day.format(new Date(2027, 1, 8)) as { props: { title: string; children: string } };
    expect(cell.props).toMatchObject({ title: 'Carnaval', children: '08' });
    expect(day.format(new Date(2027, 1, 9))).toBe('09');
    expect(scalesOf('semana', off)).toHaveLength(2);
  });
});
