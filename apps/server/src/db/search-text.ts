import { sql, type SQL } from 'drizzle-orm';
import { text, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The searchable text of a row: its columns joined by spaces, without accents and in lower case
 * (public.eproto_search_norm, migration 0017_search_extensions).
 */
export function searchText(...columns: AnyPgColumn[]): SQL {
  const joined = sql.join(
    columns.map((c) => sql`coalesce(${c}, '')`),
    sql` || ' ' || `,
  );
  return sql`public.eproto_search_norm(${joined})`;
}

/**
 * The stored search document of a table: a generated column (`search_text`) holding
 * searchText(columns), kept by PostgreSQL on every insert and update. Searches compare with
 * the column, so a row read while walking another index costs a LIKE on stored text instead
 * of unaccent() per row, and the planner has real statistics for it. `columns` is a function
 * because it names the table being defined.
 */
export function searchColumn(columns: () => AnyPgColumn[]) {
  return text('search_text')
    .notNull()
    .generatedAlwaysAs((): SQL => searchText(...columns()));
}

/** The GIN trigram index key of a search column (LIKE '%…%', similarity, word similarity). */
export function searchIndexKey(column: AnyPgColumn): SQL {
  return sql`${column} gin_trgm_ops`;
}
