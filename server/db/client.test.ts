/**
 * Database opening rules that do not need a running app: migrations location, the PGlite lock, and
 * the embedded database on its worker thread keeping what it wrote across a close.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DatabaseLockedError, findMigrationsFolder, openDatabase } from './client';

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
