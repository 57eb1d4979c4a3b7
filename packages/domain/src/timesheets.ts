import { z } from 'zod';
import { positiveId } from './common.ts';
import { fieldDate, fieldId, fieldOptionalText, fieldText } from './field-common.ts';
import {
  DAY_MINUTES,
  HOURS_DAY_LIMIT,
  HOURS_TEXT_ERROR,
  parseHoursText,
  TIMESHEET_SOURCES,
  TIMESHEET_STATUS,
} from './timesheets-rules.ts';

export * from './timesheets-rules.ts';

/** Longest note of a manual entry and reason of a reopened week. */
export const TIMESHEET_NOTE_MAX = 500;

/** Hours typed as a Brazilian types them ("1,5", "1:30"), at most a day. */
export const hoursText = z
  .string({ error: 'Informe as horas.' })
  .max(8, HOURS_TEXT_ERROR)
  .refine((v) => v.trim() !== '', 'Informe as horas.')
  .refine((v) => v.trim() === '' || parseHoursText(v) !== null, HOURS_TEXT_ERROR)
  .refine((v) => (parseHoursText(v) ?? 0) <= DAY_MINUTES, HOURS_DAY_LIMIT)
  .refine((v) => parseHoursText(v) !== 0, 'Informe mais que zero hora.');

/**
 * POST /api/eproto/horas/lancamentos: a manual entry of the caller's hours on one day, on a
 * task, an OS or a contract (exactly one).
 */
export const timesheetEntryBody = z
  .object({
    data: fieldDate('a data'),
    horas: hoursText,
    protocol_id: fieldId('a tarefa').nullish(),
    service_order_id: fieldId('a OS').nullish(),
    contract_id: fieldId('o contrato').nullish(),
    nota: fieldOptionalText('a observação', TIMESHEET_NOTE_MAX),
  })
  .refine(
    (b) => [b.protocol_id, b.service_order_id, b.contract_id].filter((v) => v != null).length === 1,
    { message: 'Escolha uma tarefa, uma OS ou um contrato.', path: ['contract_id'] },
  );
export type TimesheetEntryBody = z.input<typeof timesheetEntryBody>;

/** GET /api/eproto/horas/semana: a person's week (the caller's when user_id is absent). */
export const timesheetWeekQuery = z.object({
  semana: fieldDate('a semana'),
  user_id: positiveId.optional(),
});

/** GET /api/eproto/horas/equipe: the approver's people in a week. */
export const timesheetTeamQuery = z.object({ semana: fieldDate('a semana') });

/** POST /api/eproto/horas/semanas/aprovar */
export const timesheetApproveBody = z.object({
  user_id: fieldId('a pessoa'),
  semana: fieldDate('a semana'),
});
export type TimesheetApproveBody = z.input<typeof timesheetApproveBody>;

/** POST /api/eproto/horas/semanas/reabrir: the reason is required. */
export const timesheetReopenBody = timesheetApproveBody.extend({
  motivo: fieldText('o motivo', TIMESHEET_NOTE_MAX, 3),
});
export type TimesheetReopenBody = z.input<typeof timesheetReopenBody>;

/** GET /api/eproto/horas/exportar: one contract's or one person's hours over a period. */
export const timesheetExportQuery = z
  .object({
    de: fieldDate('o início'),
    ate: fieldDate('o fim'),
    contract_id: positiveId.optional(),
    user_id: positiveId.optional(),
  })
  .refine((q) => (q.contract_id === undefined) !== (q.user_id === undefined), {
    message: 'Escolha um contrato ou uma pessoa.',
    path: ['contract_id'],
  })
  .refine((q) => q.de <= q.ate, { message: 'O início vem antes do fim.', path: ['ate'] });

const ref = z.object({ id: z.number().int(), nome: z.string() });
const contractRef = z.object({ id: z.number().int(), codigo: z.string(), nome: z.string() });

/** One line of the week: an OS worked, or the manual entries on one task, OS or contract. */
export const timesheetLine = z.object({
  /** 'os' lines come from the OS's check-in/out and pauses; the others are manual entries. */
  origem: z.enum(['os', 'manual']),
  tipo: z.enum(TIMESHEET_SOURCES),
  ref_id: z.number().int(),
  rotulo: z.string(),
  /** Null for a task whose demand has no contract. */
  contrato: contractRef.nullable(),
  /** Minutes per day, Monday to Sunday. */
  minutos: z.array(z.number().int()),
  total: z.number().int(),
});
export type TimesheetLine = z.infer<typeof timesheetLine>;

/** A manual entry as stored. */
export const timesheetEntry = z.object({
  id: z.number().int(),
  data: z.string(),
  minutos: z.number().int(),
  horas: z.number(),
  tipo: z.enum(TIMESHEET_SOURCES),
  ref_id: z.number().int(),
  rotulo: z.string(),
  /** Null for a task whose demand has no contract. */
  contrato: contractRef.nullable(),
  nota: z.string().nullable(),
});
export type TimesheetEntry = z.infer<typeof timesheetEntry>;

/** GET /api/eproto/horas/semana */
export const timesheetWeekResponse = z.object({
  pessoa: ref,
  semana: z.string(),
  dias: z.array(z.string()),
  linhas: z.array(timesheetLine),
  lancamentos: z.array(timesheetEntry),
  /** Minutes per day, Monday to Sunday, and of the week. */
  totais: z.array(z.number().int()),
  total: z.number().int(),
  status: z.enum(TIMESHEET_STATUS),
  aprovacao: z
    .object({
      por: ref.nullable(),
      em: z.string(),
      minutos: z.number().int(),
    })
    .nullable(),
  /** The last reopening: who, when and why. */
  reabertura: z.object({ por: ref.nullable(), em: z.string(), motivo: z.string() }).nullable(),
  pode_lancar: z.boolean(),
  pode_aprovar: z.boolean(),
});
export type TimesheetWeek = z.infer<typeof timesheetWeekResponse>;

/** GET /api/eproto/horas/equipe */
export const timesheetTeamResponse = z.object({
  semana: z.string(),
  items: z.array(
    z.object({
      pessoa: ref,
      total: z.number().int(),
      status: z.enum(TIMESHEET_STATUS),
    }),
  ),
});
export type TimesheetTeam = z.infer<typeof timesheetTeamResponse>;

/** GET /api/eproto/horas/opcoes: what the caller may put hours on. */
export const timesheetOptionsResponse = z.object({
  contratos: z.array(contractRef),
  tarefas: z.array(
    z.object({
      id: z.number().int(),
      titulo: z.string(),
      contract_id: z.number().int().nullable(),
    }),
  ),
  os: z.array(
    z.object({ id: z.number().int(), codigo: z.string(), contract_id: z.number().int() }),
  ),
});
export type TimesheetOptions = z.infer<typeof timesheetOptionsResponse>;
