import { z } from 'zod';

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** True when a string is a real calendar date written YYYY-MM-DD. */
export function isDateOnly(value: string): boolean {
  if (!DATE_RE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** A plain date in requests: 'YYYY-MM-DD' (longer ISO strings are trimmed to the date). */
export const plainDate = z
  .string({ error: 'Informe a data no formato AAAA-MM-DD.' })
  .trim()
  .transform((v) => v.slice(0, 10))
  .refine(isDateOnly, 'Data inválida: use o formato AAAA-MM-DD.');

/** A positive integer id in a path, query string or body (numeric strings accepted). */
export const positiveId = z.coerce
  .number({ error: 'Identificador inválido.' })
  .int('Identificador inválido.')
  .positive('Identificador inválido.');

/** Path parameters `{id}`. */
export const entityIdParams = z.object({ id: positiveId });

/** A person as shown next to an item (participant, responsável, author, search result). */
export const userRefSchema = z.object({
  id: z.number().int(),
  nome: z.string(),
  email: z.string(),
  type: z.string(),
  rawType: z.string(),
  avatar: z.string().nullable(),
});
export type UserRef = z.infer<typeof userRefSchema>;

/** Page number and page size of paginated lists; the total goes in `x-total-count`. */
export const pagedQuery = z.object({
  page: z.coerce.number().int().min(1, 'Página inválida.').default(1),
  perPage: z.coerce
    .number()
    .int()
    .min(1, 'Tamanho de página inválido.')
    .max(1000, 'No máximo 1000 itens por página.')
    .default(50),
});

/** Header that carries the total of a paginated list (exposed to the browser). */
export const TOTAL_COUNT_HEADER = 'x-total-count';
