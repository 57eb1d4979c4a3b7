import { z } from 'zod';
import { DATE_META, isDateOnly, MAX_YEAR, MIN_YEAR } from './plain-dates.ts';

// Date checks and constants live in plain-dates.ts, free of zod: a page that only formats or
// checks a date does not download zod with them (apps/web/vite.config.ts).
export {
  DATE_META,
  DATE_TIME_META,
  isDateOnly,
  isIsoInstant,
  MAX_YEAR,
  MIN_YEAR,
} from './plain-dates.ts';

/** A plain date in requests: 'YYYY-MM-DD' (longer ISO strings are trimmed to the date). */
export const plainDate = z
  .string({ error: 'Informe a data no formato AAAA-MM-DD.' })
  .max(40, 'Data inválida: use o formato AAAA-MM-DD.')
  .trim()
  .transform((v) => v.slice(0, 10))
  .refine(
    isDateOnly,
    `Data inválida: use o formato AAAA-MM-DD, com ano entre ${MIN_YEAR} e ${MAX_YEAR}.`,
  )
  .meta(DATE_META);

/** Largest value of a PostgreSQL `integer` column (ids, counters, km). */
export const INT4_MAX = 2_147_483_647;
/** Smallest value of a PostgreSQL `integer` column. */
export const INT4_MIN = -2_147_483_648;

// Plain decimal digits only: '0x10', ' 16', '1e1', '16.0' and '+16' are not numbers here.
const DECIMAL_RE = /^-?\d{1,10}$/;

/** Turns a strictly decimal string into a number; anything else is left for the schema to refuse. */
export function decimalStringToNumber(value: unknown): unknown {
  return typeof value === 'string' && DECIMAL_RE.test(value) ? Number(value) : value;
}

/** Messages of an integer field: one for all cases, or one per failure. */
export type IntMessages =
  string | { invalid: string; tooSmall?: string; tooBig?: string; missing?: string };

/**
 * An integer in [min, max] from a JSON number or a strictly decimal string (path, query string,
 * form values). Bound every integer to its column: `INT4_MAX` for `integer` columns.
 */
export function intInRange(min: number, max: number, messages: IntMessages) {
  const m = typeof messages === 'string' ? { invalid: messages } : messages;
  return z.preprocess(
    decimalStringToNumber,
    z
      .int({ error: (iss) => (iss.input == null && m.missing ? m.missing : m.invalid) })
      .min(min, m.tooSmall ?? m.invalid)
      .max(max, m.tooBig ?? m.invalid),
  );
}

/** A positive integer id in a path, query string or body ('16' or 16; never '0x10' or 2^31). */
export const positiveId = intInRange(1, INT4_MAX, 'Identificador inválido.');

/** A required id chosen in a form: left empty (null or absent) it says what to choose. */
export const requiredId = (missing: string) =>
  intInRange(1, INT4_MAX, { invalid: 'Identificador inválido.', missing });

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

/** Page number of a paginated list (1-based). */
export const pageNumber = intInRange(1, 1_000_000, 'Página inválida.').default(1);

/** Page size of a paginated list, at most `max` (default `fallback`). */
export function pageSize(max: number, fallback: number) {
  return intInRange(1, max, {
    invalid: 'Tamanho de página inválido.',
    tooBig: `No máximo ${max} itens por página.`,
  }).default(fallback);
}

/** Page number and page size of paginated lists; the total goes in `x-total-count`. */
export const pagedQuery = z.object({
  page: pageNumber,
  perPage: pageSize(1000, 50),
});

export { TOTAL_COUNT_HEADER } from './list-constants.ts';

/** What a text holding a character PostgreSQL cannot keep (NUL) is answered with. */
export const INVALID_TEXT_MESSAGE = 'Texto com caractere inválido.';

/** True when a text holds a NUL character. */
export function hasInvalidChar(value: string): boolean {
  return value.includes('\u0000');
}

interface WalkNode {
  value: unknown;
  key?: string | number;
  parent?: WalkNode;
}

function pathOf(node: WalkNode): (string | number)[] {
  const path: (string | number)[] = [];
  for (let n: WalkNode | undefined = node; n?.key !== undefined; n = n.parent) path.push(n.key);
  return path.reverse();
}

/**
 * Path of the first string (or object key) holding a NUL inside a request value, or null. The
 * server refuses such requests before any schema runs, for every field of every route. Walks
 * without recursion, so a body nested 50,000 levels deep costs linear time and no stack.
 */
export function findInvalidText(value: unknown): (string | number)[] | null {
  const stack: WalkNode[] = [{ value }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const v = node.value;
    if (typeof v === 'string') {
      if (hasInvalidChar(v)) return pathOf(node);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: i, parent: node });
    } else if (v !== null && typeof v === 'object' && !ArrayBuffer.isView(v)) {
      for (const [key, child] of Object.entries(v)) {
        if (hasInvalidChar(key)) return [...pathOf(node), key];
        stack.push({ value: child, key, parent: node });
      }
    }
  }
  return null;
}

// Control characters (C0 including tab and line breaks, DEL, C1) and the bidirectional/format
// marks that make `gpj.exe` read as `exe.jpg` (U+202E) or hide text (U+200B..U+200F,
// U+2028..U+202E, U+2060..U+206F, U+FEFF, U+061C).
const UNSAFE_NAME_CHARS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/g;

/** A file name without control or bidirectional characters (kept, shown and sent back). */
export function stripUnsafeNameChars(name: string): string {
  return name.replace(UNSAFE_NAME_CHARS, '');
}
