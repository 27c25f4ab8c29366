/**
 * `npm run bench:search` (issue 20): the search evaluation set (server/search/eval/search-eval.json)
 * over freshly seeded demo data — Recall@10 per language group (Bangla, English, Banglish), over all
 * engines and for the lawyer directory, Law Insights and the AI document search each, then the
 * queries that missed an expected hit. On embedded PGlite, and on PostgreSQL too when DATABASE_URL
 * is set (the directory and Law Insights search in the database, so both must agree). Prints
 * figures; the floor of 0.9 per group is asserted by server/search/search-eval.test.ts.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { build } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase, type DatabaseHandle } from '../server/db/client';
import { createPGlite } from '../server/db/pglite-extensions';
import { DEMO_PASSWORD } from '../server/demo/demo-data';
import { formatFigures, runSearchEval } from '../server/search/eval/run';

async function run(label: string, database: DatabaseHandle, dataDir: string): Promise<void> {
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'true',
    CLIENT_DIR: path.join(dataDir, 'no-client'),
  });
  const app = await build(config, { database });
  try {
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: 'client1@legalconnect.test', password: DEMO_PASSWORD },
    });
    const token = (login.json() as { data: { token: string } }).data.token;
    const started = performance.now();
    const results = await runSearchEval(app, token);
    const ms = performance.now() - started;
    console.log(`\n${label}: ${results.length} searches in ${(ms / 1000).toFixed(1)} s`);
    console.log(formatFigures(results));
  } finally {
    await app.close();
  }
}

console.log('LegalConnect search evaluation (Recall@10 per language group; target ≥ 0.9 in each)');
const dataDir = await mkdtemp(path.join(tmpdir(), 'legalconnect-search-bench-'));
try {
  const embedded = await openDatabase({
    databaseUrl: null,
    dataDir,
    pglite: await createPGlite(),
  });
  try {
    await run('Embedded PGlite', embedded, dataDir);
  } finally {
    await embedded.close();
  }
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const name = `lc_search_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const postgres = await openDatabase({ databaseUrl: url.toString(), dataDir });
    try {
      await run('PostgreSQL (DATABASE_URL)', postgres, dataDir);
    } finally {
      await postgres.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
