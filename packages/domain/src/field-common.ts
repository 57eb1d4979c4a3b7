import { z } from 'zod';
import { DATE_META, INT4_MAX, MAX_YEAR, MIN_YEAR, positiveId } from './common.ts';
import { capitalizeFirst, hasNul, isValidDateOnly } from './plain-dates.ts';

// The plain helpers (no zod) live in plain-dates.ts; re-exported here where they always were.
export {
  addDaysTo,
  capitalizeFirst,
  daysBetweenDates,
  formatDateBr,
  hasNul,
  isValidDateOnly,
} from './plain-dates.ts';

/** zod schema of a plain date field with a Portuguese message naming it. */
export function fieldDate(label: string) {
  return z
    .string({ error: `Informe ${label}.` })
    .max(10, `${capitalizeFirst(label)}: data inválida (use AAAA-MM-DD).`)
    .refine(
      isValidDateOnly,
      `${capitalizeFirst(label)}: data inválida (use AAAA-MM-DD, ano entre ${MIN_YEAR} e ${MAX_YEAR}).`,
    )
    .meta(DATE_META);
}

/** Trimmed text with Portuguese messages; empty strings become null when optional. */
export function fieldText(label: string, max: number, min = 1) {
  return z
    .string({ error: `Informe ${label}.` })
    .refine((v) => !hasNul(v), `${capitalizeFirst(label)}: contém caracteres inválidos.`)
    .trim()
    .min(
      min,
      min <= 1 ? `Informe ${label}.` : `${capitalizeFirst(label)}: mínimo de ${min} caracteres.`,
    )
    .max(max, `${capitalizeFirst(label)}: máximo de ${max} caracteres.`);
}

/** Optional text: absent, null or blank all read as null. */
export function fieldOptionalText(label: string, max: number) {
  return z
    .string()
    .refine((v) => !hasNul(v), `${capitalizeFirst(label)}: contém caracteres inválidos.`)
    .trim()
    .max(max, `${capitalizeFirst(label)}: máximo de ${max} caracteres.`)
    .nullish()
    .transform((v) => (v ? v : null));
}

/** "Contrato inválido." for "o contrato", "Pessoa inválida." for "a pessoa". */
function invalidLabel(label: string): string {
  const m = /^(o|a|os|as) (.+)$/.exec(label);
  if (!m) return `${capitalizeFirst(label)} inválido.`;
  return `${capitalizeFirst(m[2]!)} ${m[1]!.startsWith('a') ? 'inválida' : 'inválido'}.`;
}

/** Positive integer id in a body (a JSON number up to the `integer` column's maximum). */
export function fieldId(label: string) {
  const invalid = invalidLabel(label);
  return z
    .number({ error: `Informe ${label}.` })
    .int(invalid)
    .positive(invalid)
    .max(INT4_MAX, invalid);
}

/** Integer quantity of at least one unit. */
export function fieldQuantity(label = 'a quantidade', max = 1_000_000) {
  return z
    .number({ error: `Informe ${label}.` })
    .int(`${capitalizeFirst(label)} deve ser um número inteiro.`)
    .min(1, `${capitalizeFirst(label)} deve ser maior que zero.`)
    .max(max, `${capitalizeFirst(label)} é grande demais.`);
}

/** `:id` route parameter. */
export const fieldIdParams = z.object({ id: positiveId });

/** Person reference shown in lists (who did, who holds). */
export const personRef = z.object({ id: z.number().int(), nome: z.string() });
export type PersonRef = z.infer<typeof personRef>;

/** Active people offered in the pickers of the tactical screens. */
export const fieldPerson = z.object({
  id: z.number().int(),
  nome: z.string(),
  email: z.string(),
  role: z.string(),
  type: z.string(),
});
export type FieldPerson = z.infer<typeof fieldPerson>;
export const fieldPeopleResponse = z.object({ items: z.array(fieldPerson) });
/** `?q=`: the people whose name or e-mail has every word (the EPI fichas' search box). */
export const fieldPeopleQuery = z.object({
  q: z.string().trim().max(80, 'Busca com no máximo 80 caracteres.').optional(),
});

/** Export formats of the tactical lists. */
export const exportQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });

/** One alert shown on a page and sent once a day as an "other" notification. */
export const fieldAlert = z.object({
  key: z.string(),
  kind: z.string(),
  severity: z.enum(['vencido', 'proximo']),
  texto: z.string(),
  ref_id: z.number().int(),
});
export type FieldAlert = z.infer<typeof fieldAlert>;
export const fieldAlertsResponse = z.object({
  items: z.array(fieldAlert),
  total: z.number().int(),
});
