import { describe, expect, it } from 'vitest';
import {
  nextInstance,
  occurrenceAfter,
  recurrenceCreateBody,
  recurrenceShift,
  shiftDate,
  upcomingDates,
  type RecurrenceRule,
} from './recurrence.ts';
import { describeRecurrence } from './recurrence-format.ts';

const rule = (r: Partial<RecurrenceRule> & Pick<RecurrenceRule, 'frequencia' | 'data_inicio'>) =>
  ({ intervalo: 1, dias_semana: [], dia_mes: null, ate: null, ocorrencias: null, ...r }) as const;

/** Dates of the series from its start: instance 1 is data_inicio. */
const series = (r: RecurrenceRule, n: number) => [
  r.data_inicio,
  ...upcomingDates(r, 1, r.data_inicio, n - 1),
];

describe('daily', () => {
  it('repeats every N days', () => {
    expect(series(rule({ frequencia: 'diaria', data_inicio: '2026-02-27' }), 4)).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(
      series(rule({ frequencia: 'diaria', intervalo: 3, data_inicio: '2026-12-30' }), 3),
    ).toEqual(['2026-12-30', '2027-01-02', '2027-01-05']);
  });

  it('from a date that is not itself an occurrence, keeps the grid of the start', () => {
    const r = rule({ frequencia: 'diaria', intervalo: 2, data_inicio: '2026-01-01' });
    expect(occurrenceAfter(r, '2026-01-04')).toBe('2026-01-05');
    expect(occurrenceAfter(r, '2025-12-01')).toBe('2026-01-01');
  });
});

describe('weekly with several weekdays', () => {
  // 2026-03-02 is a Monday.
  it('walks Monday, Wednesday and Friday in order, across weeks', () => {
    const r = rule({ frequencia: 'semanal', dias_semana: [5, 1, 3], data_inicio: '2026-03-02' });
    expect(series(r, 7)).toEqual([
      '2026-03-02',
      '2026-03-04',
      '2026-03-06',
      '2026-03-09',
      '2026-03-11',
      '2026-03-13',
      '2026-03-16',
    ]);
  });

  it('every 2 weeks on Tuesday and Sunday (weeks start on Monday)', () => {
    // Start on Tuesday 2026-03-03; Sunday 03-08 is in the same week; then two weeks later.
    const r = rule({
      frequencia: 'semanal',
      intervalo: 2,
      dias_semana: [0, 2],
      data_inicio: '2026-03-03',
    });
    expect(series(r, 5)).toEqual([
      '2026-03-03',
      '2026-03-08',
      '2026-03-17',
      '2026-03-22',
      '2026-03-31',
    ]);
  });

  it('a start outside the chosen weekdays goes to the next chosen one', () => {
    const r = rule({ frequencia: 'semanal', dias_semana: [4], data_inicio: '2026-03-02' });
    expect(series(r, 3)).toEqual(['2026-03-02', '2026-03-05', '2026-03-12']);
  });

  it('without weekdays uses the weekday of the start', () => {
    const r = rule({ frequencia: 'semanal', data_inicio: '2026-03-04' });
    expect(series(r, 3)).toEqual(['2026-03-04', '2026-03-11', '2026-03-18']);
  });
});

describe('monthly on the 31st', () => {
  it('falls on the last day of shorter months and comes back to the 31st', () => {
    const r = rule({ frequencia: 'mensal', data_inicio: '2026-01-31' });
    expect(series(r, 6)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
    ]);
  });

  it('in a leap year February ends on the 29th', () => {
    const r = rule({ frequencia: 'mensal', data_inicio: '2028-01-31' });
    expect(occurrenceAfter(r, '2028-01-31')).toBe('2028-02-29');
  });

  it('a chosen day of month differing from the start, every 3 months', () => {
    const r = rule({ frequencia: 'mensal', intervalo: 3, dia_mes: 31, data_inicio: '2026-01-10' });
    expect(series(r, 4)).toEqual(['2026-01-10', '2026-01-31', '2026-04-30', '2026-07-31']);
  });

  it('day 30 passes February at its end and December into the next year', () => {
    const r = rule({ frequencia: 'mensal', dia_mes: 30, data_inicio: '2026-11-30' });
    expect(series(r, 4)).toEqual(['2026-11-30', '2026-12-30', '2027-01-30', '2027-02-28']);
  });
});

describe('yearly on 29 February', () => {
  it('is 28 February in common years and 29 February in leap years', () => {
    const r = rule({ frequencia: 'anual', data_inicio: '2024-02-29' });
    expect(series(r, 6)).toEqual([
      '2024-02-29',
      '2025-02-28',
      '2026-02-28',
      '2027-02-28',
      '2028-02-29',
      '2029-02-28',
    ]);
  });

  it('every 2 years', () => {
    const r = rule({ frequencia: 'anual', intervalo: 2, data_inicio: '2026-07-15' });
    expect(series(r, 3)).toEqual(['2026-07-15', '2028-07-15', '2030-07-15']);
  });
});

describe('series end', () => {
  it('until a date (inclusive)', () => {
    const r = rule({ frequencia: 'semanal', data_inicio: '2026-03-02', ate: '2026-03-16' });
    expect(series(r, 10)).toEqual(['2026-03-02', '2026-03-09', '2026-03-16']);
    expect(nextInstance(r, 3, '2026-03-16')).toBeNull();
    expect(nextInstance(r, 2, '2026-03-09')).toEqual({ seq: 3, date: '2026-03-16' });
  });

  it('a count of instances includes the first one', () => {
    const r = rule({ frequencia: 'mensal', data_inicio: '2026-01-31', ocorrencias: 3 });
    expect(series(r, 10)).toEqual(['2026-01-31', '2026-02-28', '2026-03-31']);
    expect(nextInstance(r, 3, '2026-03-31')).toBeNull();
  });

  it('no end keeps going', () => {
    const r = rule({ frequencia: 'diaria', data_inicio: '2026-01-01' });
    expect(upcomingDates(r, 500, '2027-05-15', 5)).toHaveLength(5);
  });
});

describe('date shift of the next instance', () => {
  it('moves every date by the days between the two instances', () => {
    const days = recurrenceShift('2026-01-31', '2026-02-28');
    expect(days).toBe(28);
    expect(shiftDate('2026-02-02', days)).toBe('2026-03-02');
    expect(shiftDate(null, days)).toBeNull();
  });
});

describe('contract', () => {
  it('refuses an end by date and by count together, and an end before the start', () => {
    const both = recurrenceCreateBody.safeParse({
      mural_id: 1,
      frequencia: 'diaria',
      ate: '2026-05-01',
      ocorrencias: 4,
    });
    expect(both.success).toBe(false);
    const before = recurrenceCreateBody.safeParse({
      mural_id: 1,
      frequencia: 'diaria',
      data_inicio: '2026-05-02',
      ate: '2026-05-01',
    });
    expect(before.success).toBe(false);
    const bad = recurrenceCreateBody.safeParse({ mural_id: 1, frequencia: 'mensal', dia_mes: 32 });
    expect(bad.success).toBe(false);
    const ok = recurrenceCreateBody.parse({ mural_id: 1, frequencia: 'semanal' });
    expect(ok.intervalo).toBe(1);
  });

  it('describes the rule in Portuguese', () => {
    expect(
      describeRecurrence(
        rule({
          frequencia: 'semanal',
          intervalo: 2,
          dias_semana: [1, 4],
          data_inicio: '2026-03-02',
          ate: '2026-12-31',
        }),
      ),
    ).toBe('A cada 2 semanas: seg e qui, até 31/12/2026');
    expect(describeRecurrence(rule({ frequencia: 'mensal', data_inicio: '2026-01-31' }))).toBe(
      'Todo mês, no dia 31 (ou último dia do mês)',
    );
    expect(
      describeRecurrence(rule({ frequencia: 'anual', data_inicio: '2024-02-29', ocorrencias: 4 })),
    ).toBe('Todo ano, em 29 de fevereiro, 4 ocorrências');
  });
});
