/** Database opening rules that do not need a running app: migrations location and the PGlite lock. */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findMigrationsFolder, openDatabase } from './client';

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
});
