/**
 * The PostgreSQL extensions the schema needs, as PGlite loads them: every embedded database is
 * created with these, or a migration that uses one (0021: pg_trgm for the directory's substring
 * search, docs/benchmarks.md "Substring search through a trigram index") fails. Create every
 * in-thread PGlite through `createPGlite`; the database thread (server/db/pglite-worker.mjs, plain
 * JavaScript) names the same list.
 */
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export const PGLITE_EXTENSIONS = { pg_trgm };

/** PGlite.create with the schema's extensions. */
export function createPGlite(options: Omit<PGliteOptions, 'extensions'> = {}): Promise<PGlite> {
  return PGlite.create({ ...options, extensions: PGLITE_EXTENSIONS });
}
