-- A trigram index for the directory's substring fallback (issue 22, docs/benchmarks.md "Substring
-- search through a trigram index"). A word no name, firm or bio word starts with ("hoss", "slam",
-- "লাম") found nothing by prefix, and the fallback then tested every approved profile with strpos:
-- 13 ms for 10 000 lawyers when nothing matched, 40–90 ms under load. The repository now asks
-- `(search_title || ' ' || search_body) like '%word%'` (server/modules/directory/repository.ts),
-- which this index answers; the expression must stay exactly the one the repository writes.
-- Bangla trigrams are kept under the C.UTF-8 ctype of both databases (PostgreSQL 15 on Debian and
-- PGlite), and LIKE rechecks every candidate row, so results are those of strpos.
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it. PGlite loads
-- it at create (server/db/pglite-extensions.ts). drizzle's index builder takes no operator class on
-- an expression, so server/db/schema.ts names this index in a comment only.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "lawyer_profiles_search_text_trgm_idx" ON "lawyer_profiles" USING gin (("search_title" || ' ' || "search_body") gin_trgm_ops) WITH (fastupdate = off) WHERE "lawyer_profiles"."verification_status" = 'APPROVED';
