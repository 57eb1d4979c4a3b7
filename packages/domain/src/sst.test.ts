import { describe, expect, it } from 'vitest';
import { addMonthsTo, cnhAllows, driverRefusal, needsToxicological, sstState } from './sst.ts';

describe('SST rules', () => {
  it('adds months keeping the end of short months', () => {
    expect(addMonthsTo('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonthsTo('2024-02-29', 24)).toBe('2026-02-28');
    expect(addMonthsTo('2025-01-15', 30)).toBe('2027-07-15');
  });

  it('matches CNH categories to what a vehicle requires', () => {
    expect(cnhAllows('E', 'C')).toBe(true);
    expect(cnhAllows('D', 'E')).toBe(false);
    expect(cnhAllows('AB', 'A')).toBe(true);
    expect(cnhAllows('B', 'A')).toBe(false);
    expect(cnhAllows('A', 'B')).toBe(false);
    expect(needsToxicological('AC')).toBe(true);
    expect(needsToxicological('AB')).toBe(false);
  });

  it('names why a driver may not take a vehicle', () => {
    const cnh = { categoria: 'C' as const, validade: '2030-01-01', toxicologico: '2024-01-10' };
    expect(driverRefusal('Ana', cnh, 'C', '2026-07-11')).toBe(
      'Ana: exame toxicológico vencido em 10/07/2026.',
    );
    expect(driverRefusal('Ana', cnh, 'C', '2026-07-10')).toBeNull();
  });

  it('colours a validity: valid, expiring within 30 days, expired, missing', () => {
    expect(sstState('2026-01-31', '2026-01-01')).toBe('vencendo');
    expect(sstState('2026-02-01', '2026-01-01')).toBe('valido');
    expect(sstState('2026-03-01', '2026-01-01')).toBe('valido');
    expect(sstState('2025-12-31', '2026-01-01')).toBe('vencido');
    expect(sstState(null, '2026-01-01')).toBe('ausente');
  });
});
