-- Global search (issue 21): accent- and case-insensitive matching with typo tolerance.
-- Both extensions are "trusted" (PostgreSQL 13+): a database owner may create them on a managed
-- server; the embedded PostgreSQL ships them in its contrib folder.
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;--> statement-breakpoint
-- unaccent() is STABLE (its dictionary could change), so it cannot appear in an index. This
-- wrapper names the dictionary explicitly and is declared IMMUTABLE, which is safe as long as
-- the unaccent rules file is not edited. Schema-qualified so it works with any search_path
-- (pg_dump restores run with an empty one). Every search index and query uses it.
CREATE OR REPLACE FUNCTION public.eproto_search_norm(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;
