import { formatCoordinates, type GeoPoint } from '@eproto/domain';

import { dayjs } from '../../../lib/dates.ts';

/** Where the phone was when the photo was taken (null when the browser gave no position). */
export interface StampPosition extends GeoPoint {
  precisao_m: number | null;
}

/** What is stamped on a photo and sent beside it. */
export interface PhotoStamp {
  /** "OS-2026-000123" */
  osNumero: string;
  /** The moment the photo was taken on the phone. */
  tiradaEm: Date;
  posicao: StampPosition | null;
}

export const NO_POSITION = 'posição não informada';

/** The lines written on the image, top to bottom: OS number, date and time, position. */
export function stampLines(stamp: PhotoStamp): string[] {
  const when = dayjs(stamp.tiradaEm).format('DD/MM/YYYY HH:mm:ss');
  const p = stamp.posicao;
  const where = p
    ? `${formatCoordinates(p)}${p.precisao_m !== null ? ` (±${Math.round(p.precisao_m)} m)` : ''}`
    : NO_POSITION;
  return [stamp.osNumero, when, where];
}

/** The metadata kept with the upload: the same facts as the stamp, machine-readable. */
export function stampMetadata(stamp: PhotoStamp) {
  return {
    tirada_em: stamp.tiradaEm.toISOString(),
    latitude: stamp.posicao?.latitude ?? null,
    longitude: stamp.posicao?.longitude ?? null,
    precisao_m: stamp.posicao?.precisao_m ?? null,
    carimbo: stampLines(stamp).join(' · '),
  };
}

/** Where the stamp goes on an image: a dark band along the bottom, text big enough to read. */
export interface StampLayout {
  fontSize: number;
  padding: number;
  lineHeight: number;
  bandTop: number;
  bandHeight: number;
  /** Baseline y of each line. */
  baselines: number[];
}

/**
 * Font about 1/38 of the shorter side (42 px on a 1600 px photo, never under 14 px), so the
 * stamp stays legible on the phone, in the PDF thumbnail and printed.
 */
export function stampLayout(width: number, height: number, lines: number): StampLayout {
  const fontSize = Math.max(14, Math.round(Math.min(width, height) / 38));
  const padding = Math.round(fontSize * 0.6);
  const lineHeight = Math.round(fontSize * 1.25);
  const bandHeight = padding * 2 + lineHeight * lines;
  const bandTop = height - bandHeight;
  const baselines = Array.from(
    { length: lines },
    (_, i) => bandTop + padding + lineHeight * i + Math.round(fontSize * 0.95),
  );
  return { fontSize, padding, lineHeight, bandTop, bandHeight, baselines };
}
