import { describe, expect, it } from 'vitest';
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
});
