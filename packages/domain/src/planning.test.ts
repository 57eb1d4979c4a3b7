import { describe, expect, it } from 'vitest';
import {
  calendarQuery,
  defaultCalendarRange,
  feedCursor,
  feedLabel,
  ganttTeamQuery,
  MAX_PLANNING_RANGE_DAYS,
  muralLinks,
  parseFeedCursor,
  taskLinks,
} from './planning.ts';

describe('feed cursor', () => {
  it('round-trips and refuses malformed values', () => {
    const c = feedCursor('2026-05-01T12:00:00.123456Z', 'task', 42);
    expect(parseFeedCursor(c)).toEqual({
      createdAt: '2026-05-01T12:00:00.123456Z',
      source: 'task',
      id: 42,
    });
    for (const bad of ['', 'abc', '2026-05-01T12:00:00Z~x~1', '2026-13-01T00:00:00Z~mural~1']) {
      expect(parseFeedCursor(bad), bad).toBeNull();
    }
  });
});

describe('feedLabel', () => {
  it('names demand and task actions in Portuguese, with the new stage', () => {
    expect(feedLabel('mural', 'criada', null)).toBe('Demanda criada');
    expect(feedLabel('task', 'criada', null)).toBe('Tarefa criada');
    expect(feedLabel('task', 'etapa_alterada', { stage: 'em_revisao' })).toBe(
      'Etapa alterada: Em revisão',
    );
    expect(feedLabel('mural', 'etapa_alterada', { stage: 'xyz' })).toBe('Etapa alterada');
    expect(feedLabel('mural', 'acao_nova', null)).toBe('acao_nova');
  });
});

describe('date range queries', () => {
  it('accept an ordered range up to the limit and refuse the rest in Portuguese', () => {
    expect(ganttTeamQuery.safeParse({ start: '2026-01-01', end: '2026-01-01' }).success).toBe(true);
    const long = ganttTeamQuery.safeParse({ start: '2026-01-01', end: '2027-12-31' });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]?.message).toBe(
      `Período de no máximo ${MAX_PLANNING_RANGE_DAYS} dias.`,
    );
    const reversed = calendarQuery.safeParse({ start: '2026-02-10', end: '2026-02-01' });
    expect(reversed.error?.issues[0]?.message).toBe(
      'A data final deve ser igual ou posterior à inicial.',
    );
    expect(calendarQuery.safeParse({ start: '2026-02-01', end: '2026-02-30' }).success).toBe(false);
  });
});

describe('defaultCalendarRange', () => {
  it('is the month of the day with a week before and after', () => {
    expect(defaultCalendarRange('2026-11-26')).toEqual({ start: '2026-10-25', end: '2026-12-07' });
    expect(defaultCalendarRange('2028-02-01')).toEqual({ start: '2028-01-25', end: '2028-03-07' });
    expect(defaultCalendarRange('2026-12-31')).toEqual({ start: '2026-11-24', end: '2027-01-07' });
  });

  it('lets the calendar be asked without a range, but not with half of one', () => {
    expect(calendarQuery.safeParse({}).success).toBe(true);
    expect(calendarQuery.safeParse({ start: '2026-04-01' }).error?.issues[0]?.message).toBe(
      'Informe o início e o fim do período juntos.',
    );
  });
});

describe('links', () => {
  it('point to the SPA page and the API resource', () => {
    expect(muralLinks(3)).toEqual({ web: '/eproto/murals/3', api: '/api/eproto/murals/3' });
    expect(taskLinks(4)).toEqual({ web: '/eproto/protocols/4', api: '/api/eproto/protocols/4' });
  });
});
