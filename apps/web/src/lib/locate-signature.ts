import type { SignaturePlace } from '@eproto/domain';

// Apart from components/signature-pad.tsx: the APR card (Meus EPIs, the OS page) only asks where
// it was signed, and the pad brings the domain's signature rules (zod) with it (issue 33).

/** Asks once for the device position; resolves null when refused, absent or slow. */
export function locate(): Promise<SignaturePlace | null> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (p) =>
        resolve({
          latitude: p.coords.latitude,
          longitude: p.coords.longitude,
          precisao_m: Number.isFinite(p.coords.accuracy) ? Math.round(p.coords.accuracy) : null,
        }),
      () => resolve(null),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 120_000 },
    );
  });
}
