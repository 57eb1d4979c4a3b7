import { and, or, sql, type SQL } from 'drizzle-orm';

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

/** Every word appears in the document (accents and case ignored); uses the GIN trigram index. */
export function containsAll(doc: SQL, words: string[]): SQL | undefined {
  if (words.length === 0) return undefined;
  return and(
    ...words.map(
      (w) => sql`${doc} like ('%' || public.eproto_search_norm(${escapeLike(w)}) || '%')`,
    ),
  );
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

/** Words contained, or (names) close enough to the whole text. */
export function matchesName(doc: SQL, t: SearchTerms): SQL | undefined {
  return or(containsAll(doc, t.words), resembles(doc, t.text));
}
