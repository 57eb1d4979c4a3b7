import { describe, expect, it } from 'vitest';
import { averageUsePerDay, hoursDueDates, meterReadingBody } from './asset-meter.ts';

describe('hour meter: average use per day', () => {
  it('is (last − first) ÷ days over the last six readings', () => {
    expect(
      averageUsePerDay([
        { data: '2026-03-01', horas: 1000 },
        { data: '2026-03-11', horas: 1080 },
      ]),
    ).toBe(8);
    // Only the last six count: the first reading (a slow month) is left out.
    const readings = [
      { data: '2026-01-01', horas: 0 },
      ...[0, 1, 2, 3, 4, 5].map((i) => ({ data: `2026-02-0${i + 1}`, horas: 500 + i * 12 })),
    ];
    expect(averageUsePerDay(readings)).toBe(12);
    // Order of arrival does not matter.
    expect(
      averageUsePerDay([
        { data: '2026-03-11', horas: 1080 },
        { data: '2026-03-01', horas: 1000 },
      ]),
    ).toBe(8);
  });

  it('is null with one reading, readings of one day, or no use', () => {
    expect(averageUsePerDay([])).toBeNull();
    expect(averageUsePerDay([{ data: '2026-03-01', horas: 10 }])).toBeNull();
    expect(
      averageUsePerDay([
        { data: '2026-03-01', horas: 10 },
        { data: '2026-03-01', horas: 30 },
      ]),
    ).toBeNull();
    expect(
      averageUsePerDay([
        { data: '2026-03-01', horas: 10 },
        { data: '2026-03-09', horas: 10 },
      ]),
    ).toBeNull();
  });
});

describe('hour meter: projected due dates of "a cada N horas"', () => {
  const readings = [
    { data: '2026-03-01', horas: 1000 },
    { data: '2026-03-11', horas: 1080 }, // 8 h a day
  ];

  it('projects each multiple of N from the first reading at the average use', () => {
    // 1.250 h: 170 h still to run ÷ 8 h/day = 21,25 → 22 days after 11/03 = 02/04.
    expect(hoursDueDates(250, readings, '2026-03-11', '2026-05-31')).toEqual([
      { horas_alvo: 1250, vencimento: '2026-04-02' },
      // 1.500 h: 420 ÷ 8 = 52,5 → 53 days = 03/05.
      { horas_alvo: 1500, vencimento: '2026-05-03' },
    ]);
    // The horizon cuts.
    expect(hoursDueDates(250, readings, '2026-03-11', '2026-04-01')).toEqual([]);
  });

  it('a multiple already passed is due at once, only the latest one', () => {
    const ran = [
      { data: '2026-03-01', horas: 1000 },
      { data: '2026-03-11', horas: 1560 }, // passed 1.100, 1.200, ..., 1.500
    ];
    expect(hoursDueDates(100, ran, '2026-03-12', '2026-03-14')).toEqual([
      // 1.500 (passed) and 1.600 (40 h ÷ 56 h/day → the next day) fall on one day: one
      // maintenance, keyed by the higher multiple.
      { horas_alvo: 1600, vencimento: '2026-03-12' },
      // 1.700: 140 ÷ 56 = 2,5 → 3 days after 11/03.
      { horas_alvo: 1700, vencimento: '2026-03-14' },
    ]);
  });

  it('without an average (one reading, no use) only a passed multiple is due', () => {
    expect(
      hoursDueDates(250, [{ data: '2026-03-01', horas: 1000 }], '2026-03-01', '2026-12-31'),
    ).toEqual([]);
    expect(
      hoursDueDates(
        250,
        [
          { data: '2026-03-01', horas: 1000 },
          { data: '2026-03-02', horas: 1000 },
        ],
        '2026-03-02',
        '2026-12-31',
      ),
    ).toEqual([]);
    expect(hoursDueDates(0, readings, '2026-03-11', '2026-12-31')).toEqual([]);
  });
});

describe('hour meter reading body', () => {
  it('takes hours with one decimal and a date; refuses negative, huge and NUL', () => {
    expect(meterReadingBody.parse({ horas: 1250.5, data: '2026-03-11' })).toEqual({
      horas: 1250.5,
      data: '2026-03-11',
    });
    for (const horas of [-1, 1e9, 1.25, Number.NaN]) {
      expect(meterReadingBody.safeParse({ horas, data: '2026-03-11' }).success, String(horas)).toBe(
        false,
      );
    }
    expect(meterReadingBody.safeParse({ horas: 1, data: '0000-01-01' }).success).toBe(false);
    expect(meterReadingBody.safeParse({ horas: 1, data: '2026-03-11\u0000' }).success).toBe(false);
  });
});
