import { afterEach, describe, expect, it, vi } from 'vitest';
import { trimDateFields, todayIn } from './dates.ts';

describe('trimDateFields', () => {
  it('trims only the listed fields, deeply', () => {
    const out = trimDateFields({
      inicio_previsto: '2026-01-02T03:00:00.000Z',
      created_at: '2026-01-02T03:00:00.000Z',
      items: [{ end: '2026-02-03T00:00:00Z', start: null }],
    });
    expect(out).toEqual({
      inicio_previsto: '2026-01-02',
      created_at: '2026-01-02T03:00:00.000Z',
      items: [{ end: '2026-02-03', start: null }],
    });
  });
  it('computes today in São Paulo', () => {
    expect(todayIn('America/Sao_Paulo', new Date('2026-03-01T02:00:00Z'))).toBe('2026-02-28');
  });

  describe('without a date (the clock)', () => {
    afterEach(() => vi.useRealTimers());

    it('turns the day at midnight in the zone, however often it is asked', () => {
      vi.useFakeTimers();
      vi.setSystemTime(new Date('2026-03-01T02:59:59.500Z')); // 23:59:59.5 in São Paulo
      expect(todayIn('America/Sao_Paulo')).toBe('2026-02-28');
      expect(todayIn('UTC')).toBe('2026-03-01');
      vi.setSystemTime(new Date('2026-03-01T03:00:00.100Z'));
      expect(todayIn('America/Sao_Paulo')).toBe('2026-02-28'); // kept for at most a second
      vi.setSystemTime(new Date('2026-03-01T03:00:00.600Z'));
      expect(todayIn('America/Sao_Paulo')).toBe('2026-03-01');
      vi.setSystemTime(new Date('2026-02-27T12:00:00Z')); // the clock went back
      expect(todayIn('America/Sao_Paulo')).toBe('2026-02-27');
    });
  });
});
