/**
 * Database opening rules that do not need a running app: migrations location, the PGlite lock, and
 * the embedded database on its worker thread keeping what it wrote across a close, and the size of
 * the PostgreSQL pool.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../../tests/helpers/server-app';
import { DatabaseLockedError, defaultPoolSize, findMigrationsFolder, openDatabase } from './client';

/** PostgreSQL rules run where DATABASE_URL is set (CI sets it); on PGlite they are reported as skipped. */
const onPostgres = Boolean(process.env.DATABASE_URL);

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'legalconnect-db-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('openDatabase', () => {
  it('finds the migrations beside the source', () => {
    const folder = findMigrationsFolder();
    expect(existsSync(path.join(folder, 'meta', '_journal.json'))).toBe(true);
  });

  it('refuses a PGlite data dir that another live process holds', async () => {
    // The parent (Vitest's main process) is alive and is not us: exactly a second server.
    await writeFile(path.join(dir, 'pglite.lock'), String(process.ppid));
    await expect(openDatabase({ databaseUrl: null, dataDir: dir })).rejects.toThrow(
      new RegExp(`Another process \\(pid ${process.ppid}\\) is using the embedded database`),
    );
  });

  it('sizes the PostgreSQL pool at twice the cores, from 2 to 10 (decision 0024)', () => {
    expect([1, 2, 3, 8, 64].map((cores) => defaultPoolSize(cores))).toEqual([2, 4, 6, 10, 10]);
  });

  it.skipIf(!onPostgres)('keeps at most DATABASE_POOL_SIZE connections to PostgreSQL open at once', async () => {
    const scratch = await createScratchDatabase();
    const handle = await openDatabase({ databaseUrl: scratch.url, dataDir: dir, databasePoolSize: 2 });
    try {
      const backends = await Promise.all(
        Array.from({ length: 6 }, async () => {
          const result = (await handle.db.execute(
            sql`select pg_backend_pid() as pid from pg_sleep(0.05)`,
          )) as unknown as { rows: { pid: number }[] };
          return result.rows[0]?.pid;
        }),
      );
      // Six statements at once, all answered, over two server processes.
      expect(backends.every((pid) => typeof pid === 'number')).toBe(true);
      expect(new Set(backends).size).toBe(2);
    } finally {
      await handle.close();
      await scratch.drop();
    }
  });

  it.each([
    ['on its worker thread', true],
    ['on this thread (PGLITE_THREAD=off)', false],
  ])(
    'keeps one writer per data dir within this process too, and what it wrote survives close: %s',
    async (_, pgliteThread) => {
      const first = await openDatabase({ databaseUrl: null, dataDir: dir, pgliteThread });
      await expect(openDatabase({ databaseUrl: null, dataDir: dir, pgliteThread })).rejects.toBeInstanceOf(
        DatabaseLockedError,
      );
      await first.db.execute(sql`create table kept (word text)`);
      await first.db.execute(sql`insert into kept values ('still here')`);
      await first.close();
      expect(existsSync(path.join(dir, 'pglite.lock'))).toBe(false);

      const reopened = await openDatabase({ databaseUrl: null, dataDir: dir, pgliteThread });
      try {
        const rows = (await reopened.db.execute(sql`select word from kept`)) as unknown as { rows: { word: string }[] };
        expect(rows.rows).toEqual([{ word: 'still here' }]);
      } finally {
        await reopened.close();
      }
    },
    // A database made from nothing (initdb and every migration), then opened again: slow when busy.
    120_000,
  );
});
