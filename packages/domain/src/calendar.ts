import { z } from 'zod';
import { positiveId } from './common.ts';
import { fieldDate, fieldText } from './field-common.ts';

/** The 27 federative units, the `uf` of a contract (its state holidays). */
export const UFS = [
  'AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT', 'PA',
  'PB', 'PE', 'PI', 'PR', 'RJ', 'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP', 'TO',
] as const; // prettier-ignore
export type Uf = (typeof UFS)[number];
export const ufField = z.enum(UFS, { error: 'Estado (UF) inválido.' });
/** A city as the holiday library names it (its code, e.g. 'SP' for São Paulo). */
export const municipioField = z
  .string({ error: 'Município inválido.' })
  .max(4, 'Município inválido.')
  .regex(/^[A-Z]{2,4}$/, 'Município inválido.');

/** Kinds of company days off: a folga, collective vacations, a local holiday. */
export const DAY_OFF_KINDS = ['folga', 'ferias_coletivas', 'feriado_local'] as const;
export type DayOffKind = (typeof DAY_OFF_KINDS)[number];
export const DAY_OFF_KIND_LABELS: Record<DayOffKind, string> = {
  folga: 'Folga da empresa',
  ferias_coletivas: 'Férias coletivas',
  feriado_local: 'Feriado local',
};

/** Longest day-off period (collective vacations of 30 days fit, a typo of a year does not). */
export const MAX_DAY_OFF_DAYS = 60;
/** Widest range GET /api/calendario/dias-nao-uteis answers (a Gantt of a bit over a year). */
export const MAX_CALENDAR_RANGE_DAYS = 400;

const spanDays = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** POST /api/calendario/folgas (ti, diretoria). */
export const dayOffBody = z
  .object({
    inicio: fieldDate('o início'),
    fim: fieldDate('o fim'),
    nome: fieldText('o nome', 120),
    tipo: z.enum(DAY_OFF_KINDS, { error: 'Tipo de dia sem expediente inválido.' }),
    contrato_id: positiveId.nullish(),
  })
  .refine((v) => v.fim >= v.inicio, {
    message: 'O fim deve ser igual ou posterior ao início.',
    path: ['fim'],
  })
  .refine((v) => spanDays(v.inicio, v.fim) < MAX_DAY_OFF_DAYS, {
    message: `Um período sem expediente tem no máximo ${MAX_DAY_OFF_DAYS} dias.`,
    path: ['fim'],
  });
export type DayOffBody = z.input<typeof dayOffBody>;

export const dayOffSchema = z.object({
  id: z.number().int(),
  inicio: z.string(),
  fim: z.string(),
  nome: z.string(),
  tipo: z.enum(DAY_OFF_KINDS),
  contrato_id: z.number().int().nullable(),
  contrato_nome: z.string().nullable(),
  created_at: z.string(),
});
export type DayOff = z.infer<typeof dayOffSchema>;
export const dayOffListResponse = z.array(dayOffSchema);

/** GET /api/calendario/dias-nao-uteis?de=&ate=&contrato_id= */
export const nonWorkingDaysQuery = z
  .object({
    de: fieldDate('a data inicial'),
    ate: fieldDate('a data final'),
    contrato_id: positiveId.optional(),
  })
  .refine((v) => v.ate >= v.de, {
    message: 'A data final deve ser igual ou posterior à inicial.',
    path: ['ate'],
  })
  .refine((v) => spanDays(v.de, v.ate) <= MAX_CALENDAR_RANGE_DAYS, {
    message: `Período longo demais: no máximo ${MAX_CALENDAR_RANGE_DAYS} dias.`,
    path: ['ate'],
  });

/** Where a day off comes from. */
export const NON_WORKING_SOURCES = ['nacional', 'estadual', 'municipal', ...DAY_OFF_KINDS] as const;
export type NonWorkingSource = (typeof NON_WORKING_SOURCES)[number];

/** One day nobody works (weekends are not listed: every calendar rests on them). */
export const nonWorkingDaySchema = z.object({
  data: z.string(),
  nome: z.string(),
  origem: z.enum(NON_WORKING_SOURCES),
});
export type NonWorkingDay = z.infer<typeof nonWorkingDaySchema>;
export const nonWorkingDaysResponse = z.object({
  /** The place whose holidays these are ('Brasil', 'SP', 'São Paulo/SP'). */
  local: z.string(),
  dias: z.array(nonWorkingDaySchema),
});
export type NonWorkingDaysResponse = z.infer<typeof nonWorkingDaysResponse>;

/** GET /api/calendario/municipios: the cities with their own holidays, per state. */
export const holidayCitiesResponse = z.array(
  z.object({ uf: z.enum(UFS), codigo: z.string(), nome: z.string() }),
);
export type HolidayCity = z.infer<typeof holidayCitiesResponse>[number];
