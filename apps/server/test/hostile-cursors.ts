/**
 * `updated_since` values a synced list must refuse with 400 in Portuguese (never 500): year
 * 0000, impossible dates, a NUL byte, 2^31, no zone, text, too long.
 */
export const HOSTILE_CURSORS = [
  '0000-01-01T00:00:00Z',
  '2026-02-30T10:00:00Z',
  '2026-13-01T00:00:00Z',
  '2026-03-10T08:30:00Z\u0000',
  '\u0000',
  '2147483648',
  '-2147483649',
  '2026-03-10 08:30',
  '2026-03-10T08:30:00',
  'amanhã',
  `2026-03-10T08:30:00Z${'x'.repeat(50)}`,
];

/** `?updated_since=` of a value, encoded as a browser sends it. */
export const cursorParam = (value: string) => `updated_since=${encodeURIComponent(value)}`;
