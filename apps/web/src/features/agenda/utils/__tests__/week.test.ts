import { describe, expect, it } from 'vitest';

import { mapUrl } from '../../../../components/map-url.ts';
import { mondayOf, onDay, weekDays } from '../week.ts';

describe('week helpers of the agenda', () => {
  it('finds the Monday of any day, Sunday included', () => {
    expect(mondayOf('2026-11-18')).toBe('2026-11-16');
    expect(mondayOf('2026-11-16')).toBe('2026-11-16');
    expect(mondayOf('2026-11-22')).toBe('2026-11-16');
  });

  it('lists the 7 days of the week, across months', () => {
    expect(weekDays('2026-11-30')).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
  });

  it('places an entry on every day it touches, not on the day it ends at midnight', () => {
    const overnight = {
      inicio: new Date(2026, 10, 21, 21, 30).toISOString(),
      fim: new Date(2026, 10, 22, 0, 30).toISOString(),
    };
    expect(onDay(overnight, '2026-11-21')).toBe(true);
    expect(onDay(overnight, '2026-11-22')).toBe(true);
    const untilMidnight = {
      inicio: new Date(2026, 10, 21, 20).toISOString(),
      fim: new Date(2026, 10, 22, 0, 0).toISOString(),
    };
    expect(onDay(untilMidnight, '2026-11-22')).toBe(false);
  });

  it('links to the coordinates when there are some, else to the address', () => {
    expect(mapUrl({ local: 'Rua A, 10', latitude: -23.5, longitude: -46.6 })).toContain(
      'query=-23.5%2C-46.6',
    );
    expect(mapUrl({ local: 'Rua A, 10', latitude: null, longitude: null })).toContain(
      'query=Rua%20A%2C%2010',
    );
  });
});
