/** Date fields trimmed to YYYY-MM-DD on every API response (SPEC.md §3). */
export const DATE_ONLY_FIELDS = [
  'inicio_previsto',
  'fim_previsto',
  'inicio_real',
  'fim_real',
  'mural_inicio_previsto',
  'mural_fim_previsto',
  'data_inicio',
  'data_fim',
  'start',
  'end',
] as const;

const DATE_ONLY = new Set<string>(DATE_ONLY_FIELDS);

/** Recursively trims the SPEC date fields of a JSON value to their first 10 characters. */
export function trimDateFields<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v: unknown) => trimDateFields(v)) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    out[k] =
      DATE_ONLY.has(k) && typeof v === 'string' && v.length > 10
        ? v.slice(0, 10)
        : trimDateFields(v);
  }
  return out as T;
}

/** Company time zone used for "today", due dates and reminders. */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

// Building an Intl.DateTimeFormat costs far more than formatting with one (~0.2 ms per request
// on the server), so one per time zone is kept.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

// Hot paths (cache keys of every read) ask for today many thousand times a second: the answer
// for "now" is kept for one second.
const recentDays = new Map<string, { at: number; day: string }>();

/** Today's date (YYYY-MM-DD) in a time zone. */
export function todayIn(timeZone: string = DEFAULT_TIME_ZONE, now?: Date): string {
  if (now) return formatDay(timeZone, now);
  const at = Date.now();
  const recent = recentDays.get(timeZone);
  if (recent && at >= recent.at && at - recent.at < 1_000) return recent.day;
  const day = formatDay(timeZone, new Date(at));
  recentDays.set(timeZone, { at, day });
  return day;
}

function formatDay(timeZone: string, now: Date): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}
