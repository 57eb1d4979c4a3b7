import { describe, expect, it } from 'vitest';

import { distanceMeters, formatCoordinates, formatDistance } from './geo.ts';

describe('distanceMeters', () => {
  it('is zero for one point and symmetric', () => {
    const p = { latitude: -23.5505, longitude: -46.6333 };
    expect(distanceMeters(p, p)).toBe(0);
    const q = { latitude: -22.9068, longitude: -43.1729 };
    expect(distanceMeters(p, q)).toBeCloseTo(distanceMeters(q, p), 6);
  });

  it('measures São Paulo (Praça da Sé) to Rio (Cinelândia) at about 361 km', () => {
    const d = distanceMeters(
      { latitude: -23.5505, longitude: -46.6333 },
      { latitude: -22.9068, longitude: -43.1729 },
    );
    expect(d / 1000).toBeGreaterThan(355);
    expect(d / 1000).toBeLessThan(365);
  });

  it('tells 300 m from 310 m along a meridian (0.001° of latitude is ~111 m)', () => {
    const a = { latitude: -23.55, longitude: -46.63 };
    expect(distanceMeters(a, { latitude: -23.5527, longitude: -46.63 })).toBeLessThan(302);
    expect(distanceMeters(a, { latitude: -23.5528, longitude: -46.63 })).toBeGreaterThan(310);
  });
});

describe('formatDistance / formatCoordinates', () => {
  it('reads metres and kilometres the Brazilian way', () => {
    expect(formatDistance(45.4)).toBe('45 m');
    expect(formatDistance(1234)).toBe('1,2 km');
    expect(formatDistance(12_600)).toBe('13 km');
    expect(formatDistance(Number.NaN)).toBe('');
  });

  it('writes coordinates with comma decimals', () => {
    expect(formatCoordinates({ latitude: -23.5505, longitude: -46.6333 })).toBe(
      '-23,55050, -46,63330',
    );
  });
});
