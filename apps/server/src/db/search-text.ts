import { sql, type SQL } from 'drizzle-orm';
import { index, text, type AnyPgColumn } from 'drizzle-orm/pg-core';

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

/**
 * Largest pending list of a search index, in kB (PostgreSQL's default is 4,096). A GIN index with
 * fastupdate appends new entries to a pending list that every index search reads whole; every
 * non-HOT update of a row adds one (a kanban move rewrites the demand's entry even though its
 * text is the same). Up to 4 MB (~512 pages) it cost each search 3–30 ms per area until a writer
 * or autovacuum flushed it (the 1× bench company held 376 pending pages on protocols: its search
 * ran slower than the 10× one). At 1 MB a search reads at most ~128 pending pages, and the writer
 * that fills it flushes a quarter of the old batch (docs/lab-notes.md, "Search at 1×").
 */
export const SEARCH_PENDING_LIST_KB = 1024;

/** The GIN trigram index of a search column (LIKE '%…%', similarity, word similarity). */
export function searchIndex(name: string, column: AnyPgColumn) {
  return index(name)
    .using('gin', sql`${column} gin_trgm_ops`)
    .with({ gin_pending_list_limit: SEARCH_PENDING_LIST_KB });
}
