import { describe, expect, it } from 'vitest';
import { isDateOnly, plainDate } from './common.ts';
import { muralCountsQuery, muralSummaryQuery } from './murals.ts';

describe('date and list inputs', () => {
  it('accepts real dates only, trimming ISO timestamps', () => {
    expect(isDateOnly('2026-02-28')).toBe(true);
    expect(isDateOnly('2026-02-29')).toBe(false);
    expect(isDateOnly('28/02/2026')).toBe(false);
    expect(plainDate.parse('2026-03-10T03:00:00.000Z')).toBe('2026-03-10');
    expect(plainDate.safeParse('2026-13-01').success).toBe(false);
  });

  it('reads comma lists in the summary and counts queries', () => {
    const q = muralSummaryQuery.parse({ stage: 'a_fazer, concluido', perPage: '20' });
    expect(q).toMatchObject({
      stage: ['a_fazer', 'concluido'],
      perPage: 20,
      page: 1,
      sort: '-updated_at',
    });
    expect(muralSummaryQuery.safeParse({ stage: 'feito' }).success).toBe(false);
    expect(muralCountsQuery.parse({ ids: '3,1,2' }).ids).toEqual([3, 1, 2]);
    expect(muralCountsQuery.safeParse({ ids: '' }).success).toBe(false);
    expect(muralCountsQuery.safeParse({ ids: '1,x' }).success).toBe(false);
  });
});
