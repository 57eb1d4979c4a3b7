import { z } from 'zod';
import { intInRange, plainDate, positiveId } from './common.ts';
import { updatedSince } from './sync.ts';
import { LOAD_DEFAULT_DAY_MINUTES, LOAD_DEFAULT_WEEKS, LOAD_MAX_WEEKS } from './team-load-rules.ts';

export * from './team-load-rules.ts';

/**
 * Team load (issue 36 point 3): planned hours per person and booked days per vehicle, per ISO
 * week (Monday to Sunday). How the hours are counted: docs/planning-load.md.
 */

/** GET /api/eproto/team/load and /team/load/vehicles. */
export const teamLoadQuery = z.object({
  /** Any day of the first week (its Monday is taken); today's week when absent. */
  inicio: plainDate.optional(),
  semanas: intInRange(1, LOAD_MAX_WEEKS, {
    invalid: 'Número de semanas inválido.',
    tooSmall: 'Informe ao menos 1 semana.',
    tooBig: `No máximo ${LOAD_MAX_WEEKS} semanas.`,
  }).default(LOAD_DEFAULT_WEEKS),
  /** Only people linked to this contract (vehicles: booked for it in the period). */
  contrato_id: positiveId.optional(),
  /** Only this coordenador's team (people; ignored for vehicles). */
  coordenador_id: positiveId.optional(),
  /** The working day, in minutes (60 to 720); 480 (8 h) when absent. */
  jornada_minutos: intInRange(60, 720, {
    invalid: 'Jornada inválida.',
    tooSmall: 'Jornada de no mínimo 1 hora.',
    tooBig: 'Jornada de no máximo 12 horas.',
  }).default(LOAD_DEFAULT_DAY_MINUTES),
});
export type TeamLoadQuery = z.input<typeof teamLoadQuery>;

/** One ISO week of the period. */
export const loadWeekSchema = z.object({
  /** Monday, 'YYYY-MM-DD'. */
  inicio: z.string(),
  /** Sunday. */
  fim: z.string(),
  /** ISO week number (1..53). */
  numero: z.number().int(),
});
export type LoadWeek = z.infer<typeof loadWeekSchema>;

/** A person's week: planned hours by source, capacity and the over-allocation flag. */
export const personWeekLoadSchema = z.object({
  inicio: z.string(),
  /** Hours planned: tasks + agenda + service orders (two decimals). */
  horas: z.number(),
  tarefas: z.number(),
  agenda: z.number(),
  os: z.number(),
  /** Working days of the person's calendar in the week. */
  dias_uteis: z.number().int(),
  /** dias_uteis × the day's hours, at most LOAD_WEEK_CAP_HOURS. */
  capacidade: z.number(),
  /** horas > capacidade. */
  acima: z.boolean(),
});
export type PersonWeekLoad = z.infer<typeof personWeekLoadSchema>;

export const personLoadSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  /** Where the working days come from ("Brasil", "SP · São Paulo"…). */
  calendario: z.string(),
  semanas: z.array(personWeekLoadSchema),
  /** Open tasks in the period without an estimate (they add no hours). */
  sem_estimativa: z.number().int(),
});
export type PersonLoad = z.infer<typeof personLoadSchema>;

export const teamLoadResponse = z.object({
  semanas: z.array(loadWeekSchema),
  jornada_minutos: z.number().int(),
  pessoas: z.array(personLoadSchema),
});
export type TeamLoadResponse = z.infer<typeof teamLoadResponse>;

/**
 * GET /api/eproto/team/load/changes?…&updated_since=… (issue 37): the people of the load
 * whose planned hours may have moved since (a task of theirs changed, or was theirs), read
 * again; the chart patches those rows instead of reading everyone.
 */
export const teamLoadChangesQuery = teamLoadQuery.extend({ updated_since: updatedSince });
export const teamLoadChangesResponse = z.object({
  /** The touched people still in the load, whole (every week), in the load's order. */
  pessoas: z.array(personLoadSchema),
  /** Touched people of the caller's scope who no longer appear (nothing planned). */
  fora: z.array(z.number().int()),
});
export type TeamLoadChanges = z.infer<typeof teamLoadChangesResponse>;

/** A vehicle's week: distinct days with a booking against the working days. */
export const vehicleWeekLoadSchema = z.object({
  inicio: z.string(),
  dias_reservados: z.number().int(),
  dias_uteis: z.number().int(),
  /** dias_reservados > dias_uteis (booked on weekends or holidays beyond the week's days). */
  acima: z.boolean(),
});
export type VehicleWeekLoad = z.infer<typeof vehicleWeekLoadSchema>;

export const vehicleLoadSchema = z.object({
  id: z.number().int(),
  placa: z.string(),
  modelo: z.string(),
  semanas: z.array(vehicleWeekLoadSchema),
});
export type VehicleLoad = z.infer<typeof vehicleLoadSchema>;

export const vehicleLoadResponse = z.object({
  semanas: z.array(loadWeekSchema),
  veiculos: z.array(vehicleLoadSchema),
});
export type VehicleLoadResponse = z.infer<typeof vehicleLoadResponse>;
