import { describe, expect, it } from 'vitest';

import { NO_POSITION, stampLayout, stampLines, stampMetadata } from '../photo-stamp.ts';

// 14:32:05 in São Paulo (UTC-3) — vitest runs in the machine's zone, so build it from local time.
const at = new Date(2026, 10, 26, 14, 32, 5);

describe('stampLines', () => {
  it('writes the OS number, the local date and time and the position with its accuracy', () => {
    expect(
      stampLines({
        osNumero: 'OS-2026-000123',
        tiradaEm: at,
        posicao: { latitude: -23.55052, longitude: -46.633308, precisao_m: 12.4 },
      }),
    ).toEqual(['OS-2026-000123', '26/11/2026 14:32:05', '-23,55052, -46,63331 (±12 m)']);
  });

  it('says "posição não informada" when the phone gave no position', () => {
    const lines = stampLines({ osNumero: 'OS-2026-000001', tiradaEm: at, posicao: null });
    expect(lines[2]).toBe(NO_POSITION);
    expect(NO_POSITION).toBe('posição não informada');
  });

  it('leaves the accuracy out when the browser did not give one', () => {
    const lines = stampLines({
      osNumero: 'OS-2026-000001',
      tiradaEm: at,
      posicao: { latitude: 1, longitude: 2, precisao_m: null },
    });
    expect(lines[2]).toBe('1,00000, 2,00000');
  });
});

describe('stampMetadata', () => {
  it('keeps the same facts machine-readable: instant, coordinates, accuracy and the stamp text', () => {
    expect(
      stampMetadata({
        osNumero: 'OS-2026-000123',
        tiradaEm: at,
        posicao: { latitude: -23.5, longitude: -46.6, precisao_m: 8 },
      }),
    ).toEqual({
      tirada_em: at.toISOString(),
      latitude: -23.5,
      longitude: -46.6,
      precisao_m: 8,
      carimbo: 'OS-2026-000123 · 26/11/2026 14:32:05 · -23,50000, -46,60000 (±8 m)',
    });
  });

  it('sends nulls, never invented coordinates, without a position', () => {
    const m = stampMetadata({ osNumero: 'OS-2026-000002', tiradaEm: at, posicao: null });
    expect([m.latitude, m.longitude, m.precisao_m]).toEqual([null, null, null]);
    expect(m.carimbo.endsWith('posição não informada')).toBe(true);
  });
});

describe('stampLayout', () => {
  it('puts a band along the bottom that holds every line, sized to the photo', () => {
    const l = stampLayout(1600, 1200, 3);
    expect(l.fontSize).toBe(32);
    expect(l.bandTop + l.bandHeight).toBe(1200);
    expect(l.baselines).toHaveLength(3);
    expect(l.baselines[0]!).toBeGreaterThan(l.bandTop);
    expect(l.baselines[2]!).toBeLessThanOrEqual(1200);
    expect(l.bandHeight).toBeLessThan(1200 / 4);
  });

  it('never goes below a readable 14 px on a small image', () => {
    expect(stampLayout(200, 150, 3).fontSize).toBe(14);
  });
});
