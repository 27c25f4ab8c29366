/**
 * One real app per test file: the production build() over a fresh database (PGlite loaded from the
 * migrated template, or a new PostgreSQL database when DATABASE_URL is set), a temp DATA_DIR, mail
 * to .eml files, and a clock the test can move. reset() empties every table between tests.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { build, type BuildOptions } from '../../server/app';
import type { Clock } from '../../server/clock';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { AuthRepository } from '../../server/modules/auth/repository';
import { TokenService, type TokenSubject } from '../../server/modules/auth/tokens';
import { TEST_AUTH_IP_LIMITS } from './test-limits';

/** Real time plus an offset the test controls (PGlite and Fastify keep running on real timers). */
export class TestClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }

  reset(): void {
    this.offsetMs = 0;
  }
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  clock: TestClock;
  database: DatabaseHandle;
  dataDir: string;
  mailDir: string;
  /** Empties every table, the rate-limit counters and the mail folder; puts the clock back. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** Extra environment for loadConfig (e.g. ADMIN_EMAIL, CLIENT_DIR, CORS_ORIGINS). */
  env?: Record<string, string>;
  /** Extra build options (e.g. pushCa, a stand-in for Google's OAuth endpoint or for bKash). */
  build?: Pick<BuildOptions, 'pushCa' | 'googleOAuth' | 'mailer' | 'logStream' | 'bkashProvider'>;
  /** An existing DATA_DIR (kept on close) instead of a fresh temp one. */
  dataDir?: string;
}

export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'legalconnect-test-')));
  const scratch = await createScratchDatabase();
  const config = loadConfig({
    DATA_DIR: dataDir,
    // The suites run with zod checking every response (Config.responseCrossCheck).
    NODE_ENV: 'test',
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    CLIENT_DIR: path.join(dataDir, 'no-client'),
    ...TEST_AUTH_IP_LIMITS,
    // With REDIS_URL set, the suites exercise the Redis counters and rate limits too.
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...options.env,
  });
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir, pgliteDump: scratch.dump ?? undefined });
  const clock = new TestClock();
  const app = await build(config, {
    database,
    clock,
    redisKeyPrefix: `lc:test:${randomUUID()}:`,
    ...options.build,
  });
  await app.ready();

  return {
    app,
    config,
    clock,
    database,
    dataDir,
    mailDir: path.join(dataDir, 'mail'),
    async reset() {
      // Both drivers answer `{ rows }`; the shared drizzle type does not say so.
      const tables = (await database.db.execute(sql`select tablename from pg_tables where schemaname = 'public'`)) as {
        rows: { tablename: string }[];
      };
      const names = tables.rows.map((r) => `"${r.tablename}"`).join(', ');
      if (names) await database.db.execute(sql.raw(`truncate ${names} restart identity cascade`));
      // A job claimed before the truncate may still be running: let it finish before its mail is wiped.
      await app.services.jobRunner.idle();
      await app.services.counters.clear();
      await rm(path.join(dataDir, 'mail'), { recursive: true, force: true });
      clock.reset();
    },
    async close() {
      await app.services.counters.clear();
      await app.close();
      await database.close();
      await scratch.drop();
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface ScratchDatabase {
  url: string | null;
  /** The migrated PGlite template, loaded by openDatabase into a PGlite on its own thread. */
  dump: Uint8Array | null;
  drop(): Promise<void>;
}

/** A fresh database for one test file: PGlite from the migrated template, or a new PostgreSQL database. */
export async function createScratchDatabase(): Promise<ScratchDatabase> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const template = inject('pgliteTemplate');
    return { url: null, dump: await readFile(template), drop: async () => undefined };
  }
  const name = `lc_test_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    dump: null,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        // The app's pool may still be saying goodbye; forcing would kill those sockets mid-close.
        for (let attempt = 0; ; attempt += 1) {
          try {
            await client.query(`drop database if exists ${name}`);
            return;
          } catch (error) {
            if (attempt >= 50) throw error;
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * An access token of a new session for `user`, made as login makes one but without the password
 * check (for calls that end the session they are made with; argon2 at every one would cost seconds).
 */
export async function newSessionToken(t: TestApp, user: TokenSubject, userAgent: string): Promise<string> {
  const row = await new AuthRepository(t.database.db).createSession({
    userId: user.id,
    userAgent,
    ip: null,
    now: t.clock.now(),
  });
  return new TokenService(t.config.jwtSecret, t.clock).signAccess(user, row.id);
}
