import { describe, expect, it } from 'vitest';
import { DEVICE_TIME_MAX_AHEAD_MINUTES, deviceTimeOf } from './offline.ts';

const arrival = new Date('2026-11-29T05:23:54.000Z');
const minutes = (n: number) => new Date(arrival.getTime() + n * 60_000);

describe('deviceTimeOf (the one device-time rule of offline writes)', () => {
  it('keeps a time before the arrival as when it happened, up to 30 days back', () => {
    expect(deviceTimeOf(minutes(-3), arrival)).toEqual({ time: minutes(-3) });
    expect(deviceTimeOf(minutes(-30 * 1440), arrival)).toEqual({ time: minutes(-30 * 1440) });
  });

  it('takes a clock a few minutes fast at the arrival', () => {
    expect(deviceTimeOf(minutes(1), arrival)).toEqual({ time: arrival });
    expect(deviceTimeOf(minutes(DEVICE_TIME_MAX_AHEAD_MINUTES), arrival)).toEqual({
      time: arrival,
    });
  });

  it('refuses a clock far ahead, a time older than 30 days and an invalid date, in Portuguese', () => {
    expect(deviceTimeOf(minutes(DEVICE_TIME_MAX_AHEAD_MINUTES + 1), arrival).refusal).toBe(
      'Horário do aparelho mais de 10 minutos no futuro: confira o relógio do celular.',
    );
    expect(deviceTimeOf(minutes(-30 * 1440 - 1), arrival).refusal).toMatch(/há mais de 30 dias/);
    expect(deviceTimeOf(new Date('x'), arrival).refusal).toBe('Horário do aparelho inválido.');
  });
});
