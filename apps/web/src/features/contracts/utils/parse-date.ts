import { isDateOnly } from '@eproto/domain';

/**
 * Reads a date typed the Brazilian way — "5/3/2026", "05/03/26", "05-03-2026" or already
 * "2026-03-05" — as YYYY-MM-DD; null when it is not a real date.
 */
export function parseBrDate(text: string): string | null {
  const v = text.trim();
  if (isDateOnly(v)) return v;
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(v);
  if (!m) return null;
  const year = m[3]!.length === 2 ? `20${m[3]}` : m[3]!;
  const iso = `${year}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  return isDateOnly(iso) ? iso : null;
}
