import { and, sql, type SQL } from 'drizzle-orm';

/** Escapes LIKE wildcards so a word matches literally. */
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
