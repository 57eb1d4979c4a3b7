import { mercosulOf, searchNumber, searchWords } from '@eproto/domain';
import { and, eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** Escapes LIKE wildcards so a word matches literally (`%`, `_` and `\` are text). */
const escapeLike = (w: string) => w.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * What a search compares: the typed words and, for ids, the number. Normalisation (lower case,
 * no accents) happens in the database with the same function as the indexes.
 */
export interface SearchTerms {
  /** The whole text, trimmed (for similarity). */
  text: string;
  /** Its words (at most 6). */
  words: string[];
  /** "#123" / "123" as an id, or null. */
  number: number | null;
}

/**
 * Every word appears in the document (accents and case ignored); uses the GIN trigram index.
 *
 * Several words are also tried as one phrase in the order typed (`'%troca%de%luminarias%'`),
 * ORed with the words one by one: the phrase implies every word, so the result is the same, but
 * PostgreSQL estimates the phrase by matching it against the column's sampled values, where it
 * multiplies the words' selectivities as if independent. Words typed together usually appear
 * together ("inspecao quadro eletrico": 4,993 demands, estimated at 38 before), and the plan an
 * area picks — walk its order index and stop at the limit, or gather every match from the GIN
 * index and sort — depends on that estimate.
 */
export function containsAll(doc: SQL, words: string[]): SQL | undefined {
  if (words.length === 0) return undefined;
  const norm = (w: string) => sql`public.eproto_search_norm(${escapeLike(w)})`;
  const each = and(...words.map((w) => sql`${doc} like ('%' || ${norm(w)} || '%')`));
  if (words.length === 1) return each;
  const phrase = sql`${doc} like ('%' || ${sql.join(words.map(norm), sql` || '%' || `)} || '%')`;
  return sql`(${phrase} or ${each})`;
}

/**
 * Typo tolerance: the text is close to some run of words of the document (pg_trgm
 * word_similarity above pg_trgm.word_similarity_threshold, 0.6 by default); uses the index too.
 */
export function resembles(doc: SQL, text: string): SQL {
  return sql`public.eproto_search_norm(${text}) <% ${doc}`;
}

/** How close the text is to the document, 0..1 (for ordering). */
export function closeness(doc: SQL, text: string): SQL<number> {
  return sql<number>`word_similarity(public.eproto_search_norm(${text}), ${doc})`;
}

/**
 * The condition of a list's search box, the one way lists search: every word typed, accents,
 * case and LIKE wildcards ignored, in one of `docs` — stored `search_text` columns
 * (db/search-text.ts), so the GIN trigram index serves it, or `searchText(column)` for a small
 * table's column outside it — or, with `id`, the record typed by its number ("#123" or "123").
 * Undefined for an empty box (no filter).
 */
export function listSearch(
  q: string | undefined,
  docs: Array<AnyColumn | SQL>,
  opts: { id?: AnyColumn } = {},
): SQL | undefined {
  const words = q ? searchWords(q) : [];
  if (words.length === 0) return undefined;
  const number = opts.id && q ? searchNumber(q) : null;
  return or(
    ...docs.map((d) => containsAll(sql`${d}`, words)),
    opts.id && number !== null ? eq(opts.id, number) : undefined,
  );
}

/** The plate typed in any form ("abc1d23", "ABC-1D23", old or Mercosul) against the stored one. */
export interface PlateTerms {
  /** Upper-case letters and digits only ("ABC1D23"). */
  compact: string;
  /** The Mercosul form when `compact` is a whole old plate, else `compact`. */
  mercosul: string;
}

/** The plate forms of a text that could be (part of) a plate: 3 to 7 letters and digits. */
export function plateTerms(text: string): PlateTerms | null {
  const compact = text.toUpperCase().replace(/[\s.-]/g, '');
  if (!/^[A-Z0-9]{3,7}$/.test(compact) || !/[0-9]/.test(compact)) return null;
  return { compact, mercosul: mercosulOf(compact) };
}

/**
 * A stored plate in its Mercosul form (the 5th character, a digit 0-9 of an old plate, as the
 * letter A-J): the expression of the unique index vehicles_placa_mercosul_idx.
 */
export function mercosulPlate(placa: AnyColumn): SQL {
  return sql`(left(${placa}, 4) || translate(substr(${placa}, 5, 1), '0123456789', 'ABCDEFGHIJ') || substr(${placa}, 6))`;
}

/** The stored plate contains the typed one, old or Mercosul ("ABC-1234" finds ABC1C34). */
export function plateContains(placa: AnyColumn, p: PlateTerms): SQL {
  // PlateTerms hold letters and digits only: nothing to escape.
  return or(
    sql`${placa} like ${`%${p.compact}%`}`,
    sql`${mercosulPlate(placa)} like ${`%${p.mercosul}%`}`,
  )!;
}
