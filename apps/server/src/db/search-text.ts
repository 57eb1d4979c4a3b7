import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The searchable text of a row: its columns joined by spaces, without accents and in lower case
 * (public.eproto_search_norm, migration 0017_search_extensions). The GIN trigram indexes of the schema are built
 * on exactly this expression and the search queries compare with it, so they use the index:
 * change one and the other follows.
 */
export function searchText(...columns: AnyPgColumn[]): SQL {
  const joined = sql.join(
    columns.map((c) => sql`coalesce(${c}, '')`),
    sql` || ' ' || `,
  );
  return sql`public.eproto_search_norm(${joined})`;
}

/** The same expression as an index key with the trigram operator class. */
export function searchIndexKey(...columns: AnyPgColumn[]): SQL {
  return sql`${searchText(...columns)} gin_trgm_ops`;
}
