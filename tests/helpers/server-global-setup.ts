/**
 * Vitest globalSetup of the server projects. "server" runs on PGlite: migrate one in-memory database
 * once and dump it as a template, so each test file loads the template (~0.4 s) instead of booting
 * and migrating its own (~3 s). "server-pg" runs on PostgreSQL (DATABASE_URL): each test file
 * creates its own database instead (tests/helpers/server-app.ts), so there is nothing to prepare.
 */
import { rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/client';
import { createPGlite } from '../../server/db/pglite-extensions';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated PGlite dump (tar.gz), or '' when the suites run on PostgreSQL. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The project's own env decides (vitest.config.ts hides DATABASE_URL from the PGlite project).
  const databaseUrl =
    (project.config.env as Record<string, string> | undefined)?.DATABASE_URL ?? process.env.DATABASE_URL;
  if (databaseUrl) {
    project.provide('pgliteTemplate', '');
    return async () => undefined;
  }
  const pglite = await createPGlite();
  const handle = await openDatabase({ databaseUrl: null, dataDir: '', pglite });
  const dump = await pglite.dumpDataDir('gzip');
  await handle.close();
  const file = path.join(tmpdir(), `legalconnect-pglite-template-${process.pid}.tar.gz`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return async () => {
    await rm(file, { force: true });
  };
}
