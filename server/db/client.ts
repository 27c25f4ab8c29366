/**
 * Opens the database: embedded PGlite in DATA_DIR/pglite by default, PostgreSQL (node-postgres)
 * when DATABASE_URL is set. Migrations are applied at open in both cases, so a fresh data dir or a
 * fresh PostgreSQL database is ready without a separate step. The embedded database runs on a worker
 * thread (server/db/pglite-thread.ts, docs/decisions/0018-pglite-worker-thread.md).
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { createPGlite } from './pglite-extensions';
import { ThreadedPGlite } from './pglite-thread';
import * as schema from './schema';

export type Schema = typeof schema;
/** Either driver, seen through the API they share. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; inside `db.transaction` use it, never `db` (PGlite has one connection). */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** What repositories take: the database or a transaction in progress. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The embedded database's data dir as a gzipped tarball (tests "restart" from it); PGlite only. */
  dumpDataDir?(): Promise<Uint8Array>;
}

export interface OpenDatabaseOptions {
  databaseUrl: string | null;
  dataDir: string;
  /** An already created PGlite, run in this thread (benches that build one themselves, with createPGlite). */
  pglite?: PGlite;
  /** A dumped data dir (tests' migrated template) to load into an in-memory PGlite on the thread. */
  pgliteDump?: Uint8Array;
  /** Connections to PostgreSQL (default: defaultPoolSize()). */
  databasePoolSize?: number | null;
  /** The embedded database on a worker thread (default) or on this one (PGLITE_THREAD=off). */
  pgliteThread?: boolean;
  /** On the thread, each distinct statement parsed and planned once (default) or every time
   * (PGLITE_PREPARED=off); docs/decisions/0019-pglite-named-statements.md. */
  pglitePrepared?: boolean;
  /** Errors of idle PostgreSQL connections (a restart of the server, a network cut), or the
   * embedded database's thread dying. */
  onConnectionError?: (error: Error) => void;
}

/** The embedded data dir is held by another live process (see lockDataDir). */
export class DatabaseLockedError extends Error {
  override name = 'DatabaseLockedError';
}

/**
 * Connections to PostgreSQL when DATABASE_POOL_SIZE is not set: twice this machine's cores, from 2
 * to 10. Statements beyond what the database's cores can run at once only queue inside it, where
 * they cost more than waiting in the pool: each backend switched in and out, and each of them
 * preparing the directory's statements for itself (10 → 3 on two cores, while the connections
 * warm up: cold searches 289–340 → 497–582 a second; docs/decisions/0024-database-pool-size.md).
 */
export function defaultPoolSize(cores = os.availableParallelism()): number {
  return Math.min(10, Math.max(2, 2 * cores));
}

/** Any number to key the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_KEY = 7_413_290_001;

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const migrationsFolder = findMigrationsFolder();
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.databasePoolSize ?? defaultPoolSize(),
    });
    // Without a listener, an idle connection's error would crash the process; the pool replaces it.
    pool.on('error', (error) => options.onConnectionError?.(error));
    const db = drizzleNodePg({ client: pool, schema });
    const lock = await pool.connect();
    try {
      // Two instances starting together would otherwise both try to apply the same migration.
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migrateNodePg(db, { migrationsFolder });
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      lock.release();
    }
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
  }

  let client: PGlite | ThreadedPGlite | undefined = options.pglite;
  let unlock = () => undefined as void;
  if (!client && options.pgliteDump) {
    client = await ThreadedPGlite.create({ dump: options.pgliteDump }, options.onConnectionError, {
      prepared: options.pglitePrepared,
    });
  } else if (!client) {
    const dir = path.join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    unlock = lockDataDir(options.dataDir);
    try {
      client =
        options.pgliteThread === false
          ? await createPGlite({ dataDir: dir })
          : await ThreadedPGlite.create({ dataDir: path.resolve(dir) }, options.onConnectionError, {
              prepared: options.pglitePrepared,
            });
    } catch (error) {
      unlock();
      throw error;
    }
  }
  // drizzle's pglite driver calls query, exec and transaction only, which ThreadedPGlite offers.
  const db = drizzlePglite({ client: client as PGlite, schema });
  const pglite = client;
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    if (!options.pglite) await pglite.close().catch(() => undefined);
    unlock();
    throw error;
  }
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    close: async () => {
      if (!pglite.closed) await pglite.close();
      unlock();
    },
    dumpDataDir: async () => new Uint8Array(await (await pglite.dumpDataDir('gzip')).arrayBuffer()),
  };
}

/**
 * PGlite is single-process: a second process on the same data dir loses writes silently. A pid
 * file turns that into a clear start-up error; a lock left by a dead process is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'pglite.lock');
  // This process holds it already: a second PGlite on the same files would lose writes just the same.
  if (heldDataDirs.has(path.resolve(file))) {
    throw new DatabaseLockedError(`This process already has the embedded database in ${dataDir} open.`);
  }
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
  } catch {
    const holder = Number(readFileSync(file, 'utf8').trim());
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
      throw new DatabaseLockedError(
        `Another process (pid ${holder}) is using the embedded database in ${dataDir}. ` +
          'Stop it, or give this one another DATA_DIR (or a DATABASE_URL).',
      );
    }
    writeFileSync(file, String(process.pid));
  }
  heldDataDirs.add(path.resolve(file));
  return () => {
    heldDataDirs.delete(path.resolve(file));
    rmSync(file, { force: true });
  };
}

/** Lock files this process holds (a pid file cannot tell two opens in one process apart). */
const heldDataDirs = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return typeof error === 'object' && error !== null && 'code' in error && error.code === 'EPERM';
  }
}

/**
 * Refreshes the planner's statistics, and vacuums the directory's table. PostgreSQL's autovacuum
 * does both by itself; PGlite runs no background workers, so without it the directory's plans would
 * rest on the row counts of the day the tables were empty, and its counts would read every (wide)
 * row instead of a narrow index: only a vacuum marks pages all-visible, which index-only scans need.
 */
export async function analyzeDatabase(db: Database): Promise<void> {
  await db.execute(sql`vacuum (analyze) lawyer_profiles`);
  await db.execute(sql`analyze`);
}

/** Round-trip to the database (health check). */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/**
 * Migrations sit beside this file under tsx (server/db/migrations) and beside the bundle once built
 * (dist/server/migrations, copied by scripts/build-server.mjs).
 */
export function findMigrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'migrations'), path.join(here, 'db', 'migrations')];
  const found = candidates.find((dir) => existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(', ')})`);
  return found;
}
