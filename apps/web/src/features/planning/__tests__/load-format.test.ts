import { describe, expect, it } from 'vitest';

import {
  formatDays,
  formatHours,
  shiftWeeks,
  shortName,
  weekLong,
  weekShort,
} from '../load/load-format.ts';

describe('team load labels', () => {
  it('writes hours as Brazilians do', () => {
    expect(formatHours(45.5)).toBe('45,5 h');
    expect(formatHours(8)).toBe('8 h');
    expect(formatHours(46.83)).toBe('46,8 h');
    expect(formatHours(1234)).toBe('1.234 h');
  });

  it('counts days in words', () => {
    expect(formatDays(1)).toBe('1 dia');
    expect(formatDays(0)).toBe('0 dias');
    expect(formatDays(5)).toBe('5 dias');
  });

  it('names weeks by ISO number and dates', () => {
    const w = { inicio: '2027-02-08', fim: '2027-02-14', numero: 6 };
    expect(weekShort(w)).toBe('S06 · 08/02');
    expect(weekLong(w)).toBe('Semana 6 (08/02 a 14/02)');
    expect(shiftWeeks('2027-02-08', 8)).toBe('2027-04-05');
    expect(shiftWeeks('2027-02-08', -8)).toBe('2026-12-14');
  });

  it('keeps the first and last name on the chart', () => {
    expect(shortName('Carla Duarte')).toBe('Carla Duarte');
    expect(shortName('  Ana Maria de Souza ')).toBe('Ana Souza');
    expect(shortName('Bruno')).toBe('Bruno');
  });
});
