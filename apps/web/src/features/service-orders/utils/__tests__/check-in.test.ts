import { describe, expect, it } from 'vitest';

import { checkInDistance } from '../check-in.ts';

const site = { latitude: -23.55, longitude: -46.63 };

describe('checkInDistance', () => {
  it('asks nothing within 300 m of the site', () => {
    const r = checkInDistance(site, { latitude: -23.5518, longitude: -46.63, precisao_m: 10 });
    expect(r.precisaMotivo).toBe(false);
    expect(r.distancia_m).toBe(200);
  });

  it('asks a reason past 300 m and gives the distance', () => {
    const r = checkInDistance(site, { latitude: -23.555, longitude: -46.63, precisao_m: 10 });
    expect(r).toEqual({ distancia_m: 556, precisaMotivo: true });
  });

  it('asks nothing without the phone position or the site coordinates', () => {
    expect(checkInDistance(site, null)).toEqual({ distancia_m: null, precisaMotivo: false });
    expect(
      checkInDistance(
        { latitude: null, longitude: null },
        { latitude: 1, longitude: 1, precisao_m: null },
      ),
    ).toEqual({ distancia_m: null, precisaMotivo: false });
  });
});
