/**
 * Directory benchmark (issue 3): 10 000 APPROVED lawyers, then 100 concurrent clients calling
 * POST /v1/lawyer-directory/find-lawyers with mixed filters, free text (English and Bangla), sorts
 * and pages for 20 s, against the real app listening on a loopback port. The load comes from a
 * worker thread (its own event loop, as a separate client would be), over keep-alive connections.
 * Runs on the embedded PGlite, and on PostgreSQL too when DATABASE_URL is set (in a scratch
 * database it drops afterwards). Prints throughput and p50/p95/p99; never fails on timing.
 *
 *   npx tsx tests/load/directory-bench.ts
 *   BENCH_SECONDS=5 BENCH_CONCURRENCY=50 BENCH_LAWYERS=2000 npx tsx tests/load/directory-bench.ts
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import {
  DivisionSchema,
  PracticingCourtSchema,
  SpecializationSchema,
  districtsOf,
  type Division,
} from '../../contract/enums';
import type { FindLawyersBody, LawyerSortBy } from '../../contract/lawyers';
import { build } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { createPGlite } from '../../server/db/pglite-extensions';
import { approvedProfileRow, demoLawyer, random } from '../../server/demo/demo-lawyers';
import { hashPassword } from '../../server/modules/auth/passwords';
import { LawyersRepository, type NewLawyerProfile } from '../../server/modules/lawyers/repository';
import { UsersRepository } from '../../server/modules/users/repository';
import { percentiles, requestRow, writeBenchReport, type BenchRow } from './bench-report';

const LAWYERS = Number(process.env.BENCH_LAWYERS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 100);
const WARMUP_SECONDS = Math.min(3, SECONDS);
const CLIENT_PASSWORD = 'Bench@2026x';

interface Figures {
  requests: number;
  errors: number;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Bulk path: users and APPROVED profiles in chunked multi-row inserts, ratings set directly. */
async function seed(database: DatabaseHandle): Promise<void> {
  const started = performance.now();
  const users = new UsersRepository(database.db);
  const lawyers = new LawyersRepository(database.db);
  const now = Date.now();
  const generated = Array.from({ length: LAWYERS }, (_, i) => demoLawyer(i));
  const created = await users.createMany(
    generated.map((lawyer, i) => ({
      email: `${lawyer.emailLocal}.${i}@bench.legalconnect.test`,
      passwordHash: 'bench-no-login',
      firstName: lawyer.firstName,
      lastName: lawyer.lastName,
      role: 'LAWYER' as const,
      emailVerified: true,
      now: new Date(now - i * 60_000),
    })),
  );
  const byEmail = new Map(created.map((u) => [u.email, u.id]));
  const rnd = random(42);
  const profiles: NewLawyerProfile[] = generated.map((lawyer, i) => {
    const reviewCount = rnd() < 0.2 ? 0 : 1 + Math.floor(rnd() * 60);
    const when = new Date(now - i * 60_000);
    return {
      ...approvedProfileRow(
        lawyer,
        byEmail.get(`${lawyer.emailLocal}.${i}@bench.legalconnect.test`) ?? '',
        String(i),
        when,
      ),
      averageRating: reviewCount === 0 ? null : Math.round((3 + rnd() * 2) * 100) / 100,
      reviewCount,
    };
  });
  await lawyers.insertMany(profiles);
  // Fresh statistics, as autovacuum (or the app's housekeeping on PGlite) would gather after a bulk load.
  await database.db.execute(sql`analyze`);
  await users.create({
    email: 'bench-client@legalconnect.test',
    passwordHash: await hashPassword(CLIENT_PASSWORD),
    firstName: 'Bench',
    lastName: 'Client',
    role: 'USER',
    emailVerified: true,
    now: new Date(),
  });
  console.log(`  seeded ${LAWYERS} approved lawyers in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** Mixed searches: filters alone and combined, free text in both languages, every sort, a few pages. */
function searches(count: number): { path: string; body: FindLawyersBody }[] {
  const rnd = random(7);
  const choose = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const words = [
    'rahman',
    'islam',
    'hoss',
    'family',
    'land',
    'bail',
    'chowdhury',
    'ইসলাম',
    'রহমান',
    'জমি',
    'মোঃ',
    'আইন',
  ];
  const sorts: LawyerSortBy[] = ['RELEVANCE', 'RELEVANCE', 'RATING', 'EXPERIENCE', 'HOURLY_CHARGE', 'NEWEST'];
  return Array.from({ length: count }, () => {
    const body: FindLawyersBody = {};
    let division: Division | undefined;
    if (rnd() < 0.5) body.division = division = choose(DivisionSchema.options);
    if (division && rnd() < 0.4) body.district = choose(districtsOf(division));
    if (rnd() < 0.4) body.specialization = choose(SpecializationSchema.options);
    if (rnd() < 0.25) body.practicingCourt = choose(PracticingCourtSchema.options);
    if (rnd() < 0.2) body.minExperience = Math.floor(rnd() * 20);
    if (rnd() < 0.25) body.maxHourlyCharge = 1000 + Math.floor(rnd() * 8) * 1000;
    if (rnd() < 0.15) body.minRating = choose([3, 3.5, 4, 4.5]);
    if (rnd() < 0.3) body.q = choose(words);
    body.sortBy = choose(sorts);
    const page = rnd() < 0.8 ? 0 : 1 + Math.floor(rnd() * 3);
    const size = choose([10, 10, 20]);
    const direction = rnd() < 0.75 ? 'DESC' : 'ASC';
    return { path: `/v1/lawyer-directory/find-lawyers?page=${page}&size=${size}&sortDirection=${direction}`, body };
  });
}

/** The load generator, run in a worker thread: closed loop, `concurrency` requests in flight. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { port, token, requests, concurrency, seconds, count } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
const bodies = requests.map((r) => ({ path: r.path, body: Buffer.from(JSON.stringify(r.body)) }));
function once(i) {
  const r = bodies[i % bodies.length];
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request({ host: '127.0.0.1', port, path: r.path, method: 'POST', agent, headers: {
      'content-type': 'application/json', 'content-length': r.body.length, authorization: 'Bearer ' + token } },
      (res) => { res.resume(); res.on('end', () => resolve([performance.now() - started, res.statusCode === 200])); });
    req.on('error', () => resolve([performance.now() - started, false]));
    req.end(r.body);
  });
}
(async () => {
  const latencies = [];
  let errors = 0, next = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (count ? next < count : performance.now() < deadline) {
      const [ms, ok] = await once(next++);
      latencies.push(ms);
      if (!ok) errors++;
    }
  }));
  parentPort.postMessage({ latencies, errors, seconds: (performance.now() - started) / 1000 });
  agent.destroy();
})();
`;

/** The searches the clients cycle through. */
const SEARCHES = searches(500);

/** Runs for `seconds`, or (warm-up) exactly `count` requests. */
function load(port: number, token: string, seconds: number, count = 0): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { port, token, requests: SEARCHES, concurrency: CONCURRENCY, seconds, count },
    });
    worker.once('error', reject);
    worker.once('message', (result: { latencies: number[]; errors: number; seconds: number }) => {
      const { count, p50, p95, p99, max } = percentiles(result.latencies);
      resolve({ requests: count, errors: result.errors, seconds: result.seconds, p50, p95, p99, max });
      void worker.terminate();
    });
  });
}

/** Rows for reports/bench/directory.json (bench/summary.ts). */
const rows: BenchRow[] = [];

function print(name: string, f: Figures, setup: string): void {
  rows.push(requestRow(`${name} (${LAWYERS} lawyers)`, setup, f));
  console.log(
    `  ${name.padEnd(26)} ${String(f.requests).padStart(6)} req in ${f.seconds.toFixed(1)} s  ` +
      `${(f.requests / f.seconds).toFixed(0).padStart(5)} req/s  p50 ${f.p50.toFixed(1)} ms  p95 ${f.p95.toFixed(1)} ms  ` +
      `p99 ${f.p99.toFixed(1)} ms  max ${f.max.toFixed(0)} ms  errors ${f.errors}`,
  );
}

/**
 * Measures the app as it runs in steady state (the directory's search cache on and warm: the 500
 * searches are answered from memory until a write retires them), then with the cache off, which is
 * what every search costs the database on a cold start or right after a profile, decision or
 * review changed.
 */
async function run(label: string, database: DatabaseHandle, dataDir: string): Promise<void> {
  console.log(`\n${label}`);
  await seed(database);
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'false',
    CLIENT_DIR: path.join(dataDir, 'no-client'),
  });
  for (const [name, directoryCache, seconds] of [
    ['find-lawyers (as served)', undefined, SECONDS],
    ['find-lawyers (cache off)', { maxEntries: 0, ttlMs: 0 }, Math.max(1, Math.round(SECONDS / 2))],
  ] as const) {
    const app = await build(config, { database, directoryCache });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as AddressInfo;
      const login = await fetch(`http://127.0.0.1:${port}/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'bench-client@legalconnect.test', password: CLIENT_PASSWORD }),
      });
      const token = ((await login.json()) as { data: { token: string } }).data.token;
      // Warm-up: every distinct search once (so the served figures are the steady state), then a little more.
      await load(port, token, 0, SEARCHES.length);
      await load(port, token, WARMUP_SECONDS);
      print(
        `${name} c=${CONCURRENCY}`,
        await load(port, token, seconds),
        label.startsWith('PostgreSQL') ? 'PostgreSQL ×1' : 'PGlite ×1',
      );
    } finally {
      await app.close();
    }
  }
}

console.log(
  `LegalConnect directory benchmark: ${LAWYERS} approved lawyers, ${CONCURRENCY} concurrent clients, ${SECONDS} s`,
);
const dataDir = await mkdtemp(path.join(tmpdir(), 'legalconnect-bench-'));
try {
  const pglite = await createPGlite();
  const embedded = await openDatabase({ databaseUrl: null, dataDir, pglite });
  try {
    await run('Embedded PGlite (in memory)', embedded, dataDir);
  } finally {
    await embedded.close();
  }

  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const name = `lc_bench_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const postgres = await openDatabase({ databaseUrl: url.toString(), dataDir });
    try {
      await run('PostgreSQL (DATABASE_URL, pool of 10)', postgres, dataDir);
    } finally {
      await postgres.close();
      await admin.query(`drop database if exists ${name}`);
      await admin.end();
    }
  } else {
    console.log('\nPostgreSQL: skipped (set DATABASE_URL to measure it too)');
  }
  console.log(`\nfigures: ${writeBenchReport('directory', rows)}`);
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
