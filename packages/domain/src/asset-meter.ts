import { z } from 'zod';
import { positiveId } from './common.ts';
import { fieldDate, personRef } from './field-common.ts';
import { deviceTimeField } from './service-orders.ts';
import { addDaysTo, daysBetweenDates } from './plain-dates.ts';

// The hour meter (horímetro) of an asset, for plans "a cada N horas de uso" (issue 34):
// readings with their date, never going down; a due date is projected from the average use
// per day of the last readings (docs/assets.md, "Horímetro").

/** Highest reading accepted (hours). */
export const METER_MAX_HOURS = 9_999_999;
/** How many of the latest readings the average use per day looks at. */
export const METER_WINDOW = 6;

const meterHours = z
  .number({ error: 'Informe a leitura do horímetro (horas).' })
  .min(0, 'A leitura do horímetro não pode ser negativa.')
  .max(METER_MAX_HOURS, 'Leitura do horímetro grande demais.')
  .refine((v) => Number.isInteger(v * 10), 'Informe a leitura com no máximo uma casa decimal.');

export const meterReadingBody = z.object({
  horas: meterHours,
  data: fieldDate('a data da leitura'),
});

/**
 * PUT /api/tatico/os/{id}/ativos/{assetId}/horimetro: the reading taken in the OS's checklist
 * (one per OS and asset; typed again, it replaces it). Its day is the phone's (`device_time`,
 * kept by the offline outbox), else the server's.
 */
export const osMeterBody = z.object({
  horas: meterHours,
  device_time: deviceTimeField,
});
export type OsMeterBody = z.input<typeof osMeterBody>;
export const osMeterParams = z.object({ id: positiveId, assetId: positiveId });
export type MeterReadingBody = z.input<typeof meterReadingBody>;

export const meterReadingSchema = z.object({
  id: z.number().int(),
  horas: z.number(),
  data: z.string(),
  registrado_por: personRef.nullable(),
  registrado_em: z.string(),
});
export type MeterReading = z.infer<typeof meterReadingSchema>;

/** GET /tatico/ativos/{id}/horimetro: newest first, and the average use per day. */
export const meterResponse = z.object({
  leituras: z.array(meterReadingSchema),
  uso_medio_dia: z.number().nullable(),
  pode_registrar: z.boolean(),
});
export type MeterHistory = z.infer<typeof meterResponse>;

interface Reading {
  horas: number;
  data: string;
}

const byDate = (a: Reading, b: Reading) => a.data.localeCompare(b.data) || a.horas - b.horas;

/**
 * Average hours of use per day over the last METER_WINDOW readings: (last − first) / days
 * between them. Null with fewer than two readings on different days, or no use at all.
 */
export function averageUsePerDay(readings: readonly Reading[]): number | null {
  const last = [...readings].sort(byDate).slice(-METER_WINDOW);
  if (last.length < 2) return null;
  const first = last[0]!;
  const end = last[last.length - 1]!;
  const days = daysBetweenDates(first.data, end.data);
  if (days <= 0 || end.horas <= first.horas) return null;
  return (end.horas - first.horas) / days;
}

/**
 * The due dates of a plan "a cada N horas" from `from` up to `until`: each multiple of N hours
 * counted from the first reading (`base`) gets the day the meter is projected to reach it (the
 * last reading's day + the hours still missing ÷ the average use per day, rounded up). A
 * multiple already passed is due `from` (only the latest passed one: the meter went past
 * several at once, one maintenance covers them; so do multiples projected on one same day).
 * Each carries its hours (`horas_alvo`), the
 * key that makes it open exactly once however the projection moves.
 */
export function hoursDueDates(
  intervalo: number,
  readings: readonly Reading[],
  from: string,
  until: string,
): Array<{ horas_alvo: number; vencimento: string }> {
  const sorted = [...readings].sort(byDate);
  if (sorted.length === 0 || intervalo <= 0) return [];
  const base = sorted[0]!.horas;
  const last = sorted[sorted.length - 1]!;
  const rate = averageUsePerDay(sorted);
  const out: Array<{ horas_alvo: number; vencimento: string }> = [];
  let k = Math.max(1, Math.floor((last.horas - base) / intervalo));
  for (let guard = 0; guard < 400; guard++, k++) {
    const alvo = base + k * intervalo;
    let due: string;
    if (alvo <= last.horas) due = from;
    else if (rate === null) break;
    else due = addDaysTo(last.data, Math.ceil((alvo - last.horas) / rate));
    if (due < from) due = from;
    if (due > until) break;
    // Two multiples projected on one day are one maintenance: the higher one stands.
    if (out.length > 0 && out[out.length - 1]!.vencimento === due) out.pop();
    out.push({ horas_alvo: alvo, vencimento: due });
  }
  return out;
}
