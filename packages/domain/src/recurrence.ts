import { z } from 'zod';
import { intInRange, plainDate, positiveId, requiredId } from './common.ts';
import { STAGES } from './stages.ts';

/**
 * Date rules of recurring demands (pure, no time zone: every date is a plain 'YYYY-MM-DD').
 * A series starts at `data_inicio` (its first instance) and repeats daily, weekly on chosen
 * weekdays, monthly on a day or yearly, every `intervalo` periods, optionally until a date
 * (`ate`, inclusive) or a total number of instances (`ocorrencias`, counting the first).
 */

export const RECURRENCE_FREQUENCIES = ['diaria', 'semanal', 'mensal', 'anual'] as const;
export type RecurrenceFrequency = (typeof RECURRENCE_FREQUENCIES)[number];

/** How a rule repeats; weekdays are 0 (domingo) to 6 (sábado), like Date#getDay. */
export interface RecurrenceRule {
  frequencia: RecurrenceFrequency;
  intervalo: number;
  /** Weekly only: the weekdays it happens on (empty means the start date's weekday). */
  dias_semana: readonly number[];
  /** Monthly only: the day of month (null means the start date's day). Clamped to month end. */
  dia_mes: number | null;
  data_inicio: string;
  ate: string | null;
  ocorrencias: number | null;
}

const DAY_MS = 86_400_000;

const toUtc = (day: string) => Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10));
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The date `n` days after `day` (negative goes back). */
function addDays(day: string, n: number): string {
  return fromUtc(toUtc(day) + n * DAY_MS);
}

/** Whole days from `a` to `b` (positive when b is later). */
function daysBetween(a: string, b: string): number {
  return Math.round((toUtc(b) - toUtc(a)) / DAY_MS);
}

/** Number of days of a month (month 0-11). */
function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** A date from a month index (year * 12 + month) and a day clamped to that month's last day. */
function clampedDate(monthIndex: number, day: number): string {
  const year = Math.floor(monthIndex / 12);
  const month = monthIndex % 12;
  const d = Math.min(day, daysInMonth(year, month));
  return fromUtc(Date.UTC(year, month, d));
}

const monthIndexOf = (day: string) => +day.slice(0, 4) * 12 + (+day.slice(5, 7) - 1);
/** Monday-based weekday (0 = segunda ... 6 = domingo). */
const mondayIndex = (day: string) => (new Date(toUtc(day)).getUTCDay() + 6) % 7;

/** Weekday (0 = domingo) of a date. */
export function weekdayOf(day: string): number {
  return new Date(toUtc(day)).getUTCDay();
}

/** The weekdays a weekly rule uses (its own, or the start date's weekday). */
export function effectiveWeekdays(rule: Pick<RecurrenceRule, 'dias_semana' | 'data_inicio'>) {
  const days = rule.dias_semana.length ? rule.dias_semana : [weekdayOf(rule.data_inicio)];
  return [...new Set(days)].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7));
}

/**
 * The first occurrence of the rule strictly after `after`, ignoring the series end. Occurrences
 * are counted from data_inicio (so a month-end day never drifts: 31/01 -> 28/02 -> 31/03), and
 * data_inicio itself is always the first one. Weeks start on Monday for "every N weeks".
 */
export function occurrenceAfter(rule: RecurrenceRule, after: string): string {
  const start = rule.data_inicio;
  if (after < start) return start;
  const n = Math.max(1, Math.floor(rule.intervalo));
  switch (rule.frequencia) {
    case 'diaria': {
      const k = Math.floor(daysBetween(start, after) / n) + 1;
      return addDays(start, k * n);
    }
    case 'semanal': {
      const weekStart = addDays(start, -mondayIndex(start));
      const offsets = effectiveWeekdays(rule).map((d) => (d + 6) % 7);
      let block = Math.floor(daysBetween(weekStart, after) / (7 * n));
      for (; ; block += 1) {
        for (const offset of offsets) {
          const day = addDays(weekStart, block * 7 * n + offset);
          if (day > after && day >= start) return day;
        }
      }
    }
    case 'mensal': {
      const dia = rule.dia_mes ?? +start.slice(8, 10);
      const m0 = monthIndexOf(start);
      let k = Math.floor((monthIndexOf(after) - m0) / n);
      for (; ; k += 1) {
        const day = clampedDate(m0 + k * n, dia);
        if (day > after && day >= start) return day;
      }
    }
    case 'anual': {
      const dia = +start.slice(8, 10);
      const m0 = monthIndexOf(start);
      let k = Math.floor((+after.slice(0, 4) - +start.slice(0, 4)) / n);
      for (; ; k += 1) {
        const day = clampedDate(m0 + k * n * 12, dia);
        if (day > after) return day;
      }
    }
  }
}

/** True when instance number `seq` dated `day` is still inside the series' end. */
export function withinSeries(rule: RecurrenceRule, seq: number, day: string): boolean {
  if (rule.ocorrencias !== null && seq > rule.ocorrencias) return false;
  if (rule.ate !== null && day > rule.ate) return false;
  return true;
}

/**
 * The next instance after instance `seq` dated `current`: its number and date, or null when the
 * series is over.
 */
export function nextInstance(
  rule: RecurrenceRule,
  seq: number,
  current: string,
): { seq: number; date: string } | null {
  const date = occurrenceAfter(rule, current);
  return withinSeries(rule, seq + 1, date) ? { seq: seq + 1, date } : null;
}

/** Up to `limit` upcoming instance dates after instance `seq` dated `current`. */
export function upcomingDates(
  rule: RecurrenceRule,
  seq: number,
  current: string,
  limit: number,
): string[] {
  const out: string[] = [];
  let at = { seq, date: current };
  while (out.length < limit) {
    const next = nextInstance(rule, at.seq, at.date);
    if (!next) break;
    out.push(next.date);
    at = next;
  }
  return out;
}

/** Whole days from one instance date to the next (what every date of the demand moves by). */
export function recurrenceShift(from: string, to: string): number {
  return daysBetween(from, to);
}

/** Shifts a nullable plain date by `days`. */
export function shiftDate(day: string | null, days: number): string | null {
  return day === null ? null : addDays(day, days);
}

// ---------------------------------------------------------------------------------------------
// API contract (SPEC.md §7 "Recurrence")

const frequencia = z.enum(RECURRENCE_FREQUENCIES, { error: 'Frequência inválida.' });

/** States of a series: ativa creates instances; concluida (ended or concluded) no longer does. */
export const RECURRENCE_STATUSES = ['ativa', 'concluida'] as const;
export type RecurrenceStatus = (typeof RECURRENCE_STATUSES)[number];

/**
 * POST /api/eproto/recurrence — makes a demand the first instance of a series. data_inicio
 * defaults to the demand's inicio_previsto (or fim_previsto); weekly without dias_semana uses
 * the start date's weekday; monthly without dia_mes uses the start date's day. End by `ate`
 * (inclusive) or `ocorrencias` (total, counting the first), never both; neither = no end.
 */
export const recurrenceCreateBody = z
  .object({
    mural_id: requiredId('Escolha a demanda.'),
    frequencia,
    intervalo: intInRange(1, 99, {
      invalid: 'Intervalo inválido.',
      tooSmall: 'O intervalo deve ser pelo menos 1.',
      tooBig: 'Intervalo de no máximo 99.',
    }).default(1),
    dias_semana: z
      .array(
        z
          .number({ error: 'Dia da semana inválido.' })
          .int('Dia da semana inválido.')
          .min(0, 'Dia da semana inválido.')
          .max(6, 'Dia da semana inválido.'),
      )
      .max(7, 'Dias da semana demais.')
      .optional(),
    dia_mes: z
      .number({ error: 'Dia do mês inválido.' })
      .int('Dia do mês inválido.')
      .min(1, 'O dia do mês vai de 1 a 31.')
      .max(31, 'O dia do mês vai de 1 a 31.')
      .nullish(),
    data_inicio: plainDate.nullish(),
    ate: plainDate.nullish(),
    ocorrencias: z
      .number({ error: 'Número de ocorrências inválido.' })
      .int('Número de ocorrências inválido.')
      .min(2, 'Informe pelo menos 2 ocorrências.')
      .max(1000, 'No máximo 1000 ocorrências.')
      .nullish(),
  })
  .refine((v) => !(v.ate && v.ocorrencias), {
    message: 'Escolha terminar em uma data ou após um número de ocorrências, não ambos.',
    path: ['ocorrencias'],
  })
  .refine((v) => !v.ate || !v.data_inicio || v.ate >= v.data_inicio, {
    message: 'A data final deve ser igual ou posterior ao início.',
    path: ['ate'],
  });
export type RecurrenceCreateBody = z.input<typeof recurrenceCreateBody>;

/** A series with its rule, where it stands and what the caller may do with it. */
export const recurrenceSchema = z.object({
  id: z.number().int(),
  /** The demand the series was created from (its first instance); null once deleted. */
  mural_id: z.number().int().nullable(),
  titulo: z.string(),
  board_id: z.number().int(),
  board_nome: z.string(),
  frequencia,
  intervalo: z.number().int(),
  dias_semana: z.array(z.number().int()),
  dia_mes: z.number().int().nullable(),
  data_inicio: z.string(),
  ate: z.string().nullable(),
  ocorrencias: z.number().int().nullable(),
  status: z.enum(RECURRENCE_STATUSES),
  instances_count: z.number().int(),
  /** The latest instance (the one "Concluir e avançar" works on). */
  current_mural_id: z.number().int().nullable(),
  current_seq: z.number().int(),
  current_data: z.string(),
  /** Next instance date while the series goes on; null when it ends at the current one. */
  proxima_data: z.string().nullable(),
  /** Up to 5 upcoming dates after the current instance. */
  proximas_datas: z.array(z.string()),
  /** Number of the asked demand in the series (GET /mural/{id}); null elsewhere. */
  mural_seq: z.number().int().nullable(),
  created_by: z.number().int().nullable(),
  created_by_nome: z.string().nullable(),
  created_at: z.string(),
  concluded_at: z.string().nullable(),
  concluded_by: z.number().int().nullable(),
  /** Conclude or delete the series (gestores and whoever may edit its demand). */
  can_manage: z.boolean(),
  /** "Concluir e avançar" on the current instance. */
  can_advance: z.boolean(),
});
export type Recurrence = z.infer<typeof recurrenceSchema>;
export const recurrenceListResponse = z.array(recurrenceSchema);

/** One instance of a series (GET /api/eproto/recurrence/{id}/instances), oldest first. */
export const recurrenceInstanceSchema = z.object({
  seq: z.number().int(),
  mural_id: z.number().int(),
  data_ocorrencia: z.string(),
  titulo: z.string(),
  stage: z.enum(STAGES),
  responsavel_id: z.number().int().nullable(),
  responsavel_nome: z.string().nullable(),
  inicio_previsto: z.string().nullable(),
  fim_previsto: z.string().nullable(),
  created_at: z.string(),
});
export type RecurrenceInstance = z.infer<typeof recurrenceInstanceSchema>;
export const recurrenceInstanceListResponse = z.array(recurrenceInstanceSchema);

/** GET /api/eproto/recurrence/bases?board_id= — series (bases) of a board, or of every board. */
export const recurrenceBasesQuery = z.object({ board_id: positiveId.optional() });

/** POST /api/eproto/recurrence/v2/murals/{id}/conclude-and-advance answer. */
export const concludeAndAdvanceResponse = z.object({
  concluded_mural_id: z.number().int(),
  /** The instance created; null when the series ended with the concluded one. */
  next: recurrenceInstanceSchema.nullable(),
  series: recurrenceSchema,
});
export type ConcludeAndAdvanceResult = z.infer<typeof concludeAndAdvanceResponse>;
