import { describe, expect, it } from 'vitest';

import { readPosition } from '../use-geolocation.ts';

const ERR = { PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 };

function fakeGeo(
  outcome: { coords: { latitude: number; longitude: number; accuracy: number } } | { code: number },
  seen: PositionOptions[] = [],
): Geolocation {
  return {
    getCurrentPosition: (ok, fail, options) => {
      seen.push(options ?? {});
      if ('coords' in outcome) ok(outcome as unknown as GeolocationPosition);
      else fail?.({ ...ERR, code: outcome.code, message: '' } as GeolocationPositionError);
    },
    watchPosition: () => 0,
    clearWatch: () => undefined,
  };
}

describe('readPosition', () => {
  it('gives the position with its rounded accuracy, asking for high accuracy with a timeout', async () => {
    const seen: PositionOptions[] = [];
    const r = await readPosition(
      fakeGeo({ coords: { latitude: -23.55, longitude: -46.63, accuracy: 12.7 } }, seen),
    );
    expect(r.posicao).toEqual({ latitude: -23.55, longitude: -46.63, precisao_m: 13 });
    expect(r.falha).toBeNull();
    expect(seen[0]).toMatchObject({ enableHighAccuracy: true, timeout: 15_000 });
  });

  it('resolves with no position when the person denies it (the step still goes on)', async () => {
    const r = await readPosition(fakeGeo({ code: ERR.PERMISSION_DENIED }));
    expect(r).toMatchObject({ posicao: null, falha: 'negado' });
  });

  it('tells a timeout and a missing GPS apart', async () => {
    expect((await readPosition(fakeGeo({ code: ERR.TIMEOUT }))).falha).toBe('tempo');
    expect((await readPosition(fakeGeo({ code: ERR.POSITION_UNAVAILABLE }))).falha).toBe(
      'indisponivel',
    );
    expect((await readPosition(undefined)).falha).toBe('indisponivel');
  });
});
