import { describe, expect, it } from 'vitest';
import { intBounds, messageSplit, scaleOf } from './generate.ts';

const INT4_MAX = 2_147_483_647;

describe('bench company scale', () => {
  it('is the usual company at 1× and the 10× company at 10', () => {
    expect(scaleOf(1)).toMatchObject({
      users: 200,
      contracts: 30,
      demands: 5_000,
      bigBoardDemands: 1_000,
      tasks: 20_000,
      messages: 50_000,
      agenda: 5_000,
      serviceOrders: 5_000,
    });
    expect(scaleOf(10)).toEqual({
      factor: 10,
      users: 2_000,
      contracts: 300,
      demands: 50_000,
      bigBoardDemands: 5_000,
      tasks: 200_000,
      messages: 1_000_000,
      notifications: 200_000,
      agenda: 50_000,
      serviceOrders: 50_000,
    });
    const small = scaleOf(0.1);
    expect(small.demands).toBe(500);
    expect(small.bigBoardDemands).toBeLessThanOrEqual(small.demands / 2);
    expect(() => scaleOf(0)).toThrow();
    expect(() => scaleOf(Number.NaN)).toThrow();
  });

  it('splits every message into a kind', () => {
    const s = scaleOf(10);
    const { direct, rooms, onDemands } = messageSplit(s);
    expect(direct + rooms + onDemands).toBe(1_000_000);
    expect(onDemands).toBe(200_000);
  });

  it('keeps every int4 expression inside int4 at 10× (and at 20×)', () => {
    for (const factor of [1, 10, 20]) {
      for (const [name, max] of Object.entries(intBounds(scaleOf(factor)))) {
        expect(max, `${name} at ${factor}×`).toBeLessThan(INT4_MAX);
      }
    }
  });
});
