import type { StampPosition } from '../utils/photo-stamp.ts';

/** Why there is no position: refused by the person, not available, or too slow. */
export type GeoFailure = 'negado' | 'indisponivel' | 'tempo';

/** One reading: a position, or null with the reason (the step is recorded all the same). */
export interface GeoReading {
  posicao: StampPosition | null;
  falha: GeoFailure | null;
  /** When the phone answered (the time of the step on the phone). */
  em: Date;
}

export const GEO_FAILURE_TEXT: Record<GeoFailure, string> = {
  negado: 'Localização negada no aparelho: registrado como "posição não informada".',
  indisponivel: 'Localização indisponível: registrado como "posição não informada".',
  tempo: 'O GPS demorou demais: registrado como "posição não informada".',
};

/** Up to 15 s for a fix; a fix up to 30 s old is good enough (same visit). */
export const GEO_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 15_000,
  maximumAge: 30_000,
};

/**
 * Asks the browser for the position once. Never rejects: a refusal, a missing GPS or a
 * timeout gives `posicao: null` so check-in and photos go on as "posição não informada".
 */
export function readPosition(
  geolocation: Geolocation | undefined = typeof navigator === 'undefined'
    ? undefined
    : navigator.geolocation,
  options: PositionOptions = GEO_OPTIONS,
): Promise<GeoReading> {
  if (!geolocation) {
    return Promise.resolve({ posicao: null, falha: 'indisponivel', em: new Date() });
  }
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(
      (p) =>
        resolve({
          posicao: {
            latitude: p.coords.latitude,
            longitude: p.coords.longitude,
            precisao_m: Number.isFinite(p.coords.accuracy) ? Math.round(p.coords.accuracy) : null,
          },
          falha: null,
          em: new Date(),
        }),
      (error) =>
        resolve({
          posicao: null,
          falha:
            error.code === error.PERMISSION_DENIED
              ? 'negado'
              : error.code === error.TIMEOUT
                ? 'tempo'
                : 'indisponivel',
          em: new Date(),
        }),
      options,
    );
  });
}
