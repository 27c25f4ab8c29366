/**
 * What the app costs on top of Fastify (issue 22): the signed-in reads a client makes most, each as
 * a ratio to a bare Fastify JSON route measured in the same run on the same machine (two shared
 * cores: absolute req/s move with the neighbours' load, the ratio much less).
 *
 * Real server processes (the built server when dist/ exists, else the source through tsx), loopback
 * HTTP with keep-alive from a worker thread (tests/load/load-kit.ts). The database holds the demo
 * data (DEMO_DATA=true: the demo client's cases, notifications and chat) plus BENCH_LAWYERS generated
 * APPROVED lawyers in the directory. Runs on the embedded PGlite, and on PostgreSQL too when
 * DATABASE_URL is set (a scratch database, dropped afterwards). Prints req/s, p50/p95/p99 and the
 * ratio; writes reports/bench/api-overhead.json; never fails on timing.
 *
 * find-lawyers "warm" cycles through 50 searches the search cache already holds; "cold" asks a
 * search never asked before on every request (a unique charge ceiling near the maximum, so the cache
 * misses and the database answers), at c=50 and at c=1.
 *
 *   npx tsx bench/api-overhead.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/api-overhead.ts
 *   BENCH_SECONDS=3 BENCH_LAWYERS=2000 BENCH_ONLY=postgres npx tsx bench/api-overhead.ts
 *   BENCH_ROUTES='case (list),user-info' npx tsx bench/api-overhead.ts   (only the scenarios named)
 *   (BENCH_PROFILE=dir: the app runs under node --cpu-prof, profiles written there)
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { DivisionSchema, SpecializationSchema, districtsOf } from '../contract/enums';
import { LAWYER_LIMITS, type FindLawyersBody } from '../contract/lawyers';
import { openDatabase } from '../server/db/client';
import { DEMO_PASSWORD } from '../server/demo/demo-data';
import { approvedProfileRow, demoLawyer, random } from '../server/demo/demo-lawyers';
import { LawyersRepository } from '../server/modules/lawyers/repository';
import { UsersRepository } from '../server/modules/users/repository';
import { REPO_ROOT, scratchDatabase } from '../tests/chaos/chaos-server';
import { requestRow, writeBenchReport, type BenchRow } from '../tests/load/bench-report';
import { defaultServerEntry, runLoad, startInstance, type LoadFigures, type LoadRequest } from '../tests/load/load-kit';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const LAWYERS = Number(process.env.BENCH_LAWYERS ?? 10_000);
const ONLY = process.env.BENCH_ONLY ?? '';
/** Comma-separated parts of scenario names to run (all when unset), e.g. BENCH_ROUTES='case (list),user-info'. */
const ROUTES = (process.env.BENCH_ROUTES ?? '').split(',').filter(Boolean);
const PROFILE_DIR = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : null;
const CLIENT = 'client1@legalconnect.test';
const FIND = '/v1/lawyer-directory/find-lawyers';

interface Scenario {
  name: string;
  /** Simple read, list read, or neither (the targets differ). */
  kind: 'simple' | 'list' | 'other';
  connections: number;
  requests: LoadRequest[];
  /** A warm-up of this many requests first (not counted); cold searches skip it. */
  warmup: number;
}

const ms = (value: number) => value.toFixed(1).padStart(7);
const rows: BenchRow[] = [];

/**
 * CPU seconds used so far by the app process and by every PostgreSQL server process (Linux /proc;
 * null elsewhere). Divided by the requests served, they give the CPU a request costs on each side:
 * a figure the neighbours' load moves far less than req/s, since it counts the work and not the
 * share of the cores that work was given.
 */
function cpuSeconds(appPid: number): { app: number; postgres: number } | null {
  const ticks = 100; // USER_HZ, 100 on every Linux we run on
  const used = (pid: string) => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticks;
  };
  try {
    let postgres = 0;
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith('postgres')) postgres += used(pid);
      } catch {
        // Exited meanwhile.
      }
    }
    return { app: used(String(appPid)), postgres };
  } catch {
    return null;
  }
}

interface Measured {
  figures: LoadFigures;
  /** CPU ms per request: the app, PostgreSQL (its server processes), the load generator. */
  cpu: { app: number; postgres: number; load: number } | null;
}

function line(name: string, f: LoadFigures, ceiling: number | null, cpu: Measured['cpu'] = null): string {
  const ratio = ceiling ? `  ratio ${(f.rps / ceiling).toFixed(3)}` : '';
  const cost = cpu
    ? `  cpu/req app ${cpu.app.toFixed(2)}${cpu.postgres > 0 ? ` pg ${cpu.postgres.toFixed(2)}` : ''} load ${cpu.load.toFixed(2)} ms`
    : '';
  const bad = f.errors
    ? `  errors ${f.errors} (${Object.entries(f.statuses)
        .map(([s, n]) => `${s}×${n}`)
        .join(' ')})`
    : '';
  return (
    `  ${name.padEnd(40)} ${f.rps.toFixed(0).padStart(6)} req/s  p50 ${ms(f.p50)}  p95 ${ms(f.p95)}  ` +
    `p99 ${ms(f.p99)} ms${ratio}${cost}${bad}`
  );
}

/** `count` different searches, each unique (the charge ceiling), mixing the directory's filters. */
function coldSearches(count: number, seed: number): LoadRequest[] {
  const rnd = random(seed);
  const choose = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const words = ['rahman', 'islam', 'hoss', 'family', 'land', 'ইসলাম', 'রহমান', 'জমি'];
  const sorts = ['RELEVANCE', 'RATING', 'EXPERIENCE', 'HOURLY_CHARGE', 'NEWEST'] as const;
  return Array.from({ length: count }, (_, i) => {
    const body: FindLawyersBody = { maxHourlyCharge: LAWYER_LIMITS.hourlyCharge.max - i / 100 };
    if (rnd() < 0.5) {
      const division = choose(DivisionSchema.options);
      body.division = division;
      if (rnd() < 0.4) body.district = choose(districtsOf(division));
    }
    if (rnd() < 0.4) body.specialization = choose(SpecializationSchema.options);
    if (rnd() < 0.3) body.q = choose(words);
    body.sortBy = choose(sorts);
    return { method: 'POST', path: `${FIND}?page=0&size=10`, body };
  });
}

/** Generated APPROVED lawyers, straight through the repositories before the server starts. */
async function seedLawyers(url: string | null, dataDir: string): Promise<void> {
  if (LAWYERS <= 0) return;
  const started = performance.now();
  const handle = await openDatabase({ databaseUrl: url, dataDir });
  try {
    const users = new UsersRepository(handle.db);
    const lawyers = new LawyersRepository(handle.db);
    const at = Date.now();
    const generated = Array.from({ length: LAWYERS }, (_, i) => demoLawyer(1000 + i));
    const email = (i: number) => `bench-lawyer-${i}@bench.legalconnect.test`;
    const created = await users.createMany(
      generated.map((lawyer, i) => ({
        email: email(i),
        passwordHash: 'bench-no-login',
        firstName: lawyer.firstName,
        lastName: lawyer.lastName,
        role: 'LAWYER' as const,
        emailVerified: true,
        now: new Date(at - i * 60_000),
      })),
    );
    const idOf = new Map(created.map((user) => [user.email, user.id]));
    const rnd = random(42);
    await lawyers.insertMany(
      generated.map((lawyer, i) => {
        const reviewCount = rnd() < 0.2 ? 0 : 1 + Math.floor(rnd() * 60);
        return {
          ...approvedProfileRow(lawyer, idOf.get(email(i)) ?? '', `bench-${i}`, new Date(at - i * 60_000)),
          averageRating: reviewCount === 0 ? null : Math.round((3 + rnd() * 2) * 100) / 100,
          reviewCount,
        };
      }),
    );
    // What autovacuum does after a bulk load (the app does it itself on PGlite, see analyzeDatabase).
    await handle.db.execute(sql`vacuum (analyze) lawyer_profiles`);
    await handle.db.execute(sql`analyze`);
  } finally {
    await handle.close();
  }
  console.log(`  seeded ${LAWYERS} approved lawyers in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function api<T>(baseURL: string, method: string, route: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseURL}${route}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

async function measure(port: number, pid: number, scenario: Scenario): Promise<Measured> {
  const ports = [port];
  if (scenario.warmup > 0) {
    await runLoad({ ports, requests: scenario.requests, connections: 8, seconds: 0, count: scenario.warmup });
  }
  const before = cpuSeconds(pid);
  const load = process.cpuUsage();
  const figures = await runLoad({
    ports,
    requests: scenario.requests,
    connections: scenario.connections,
    seconds: SECONDS,
  });
  const after = cpuSeconds(pid);
  const loadUsed = process.cpuUsage(load);
  const perRequest = (seconds: number) => (seconds * 1000) / Math.max(1, figures.requests);
  const cpu =
    before && after
      ? {
          app: perRequest(after.app - before.app),
          postgres: perRequest(after.postgres - before.postgres),
          load: perRequest((loadUsed.user + loadUsed.system) / 1e6),
        }
      : null;
  return { figures, cpu };
}

async function ceiling(label: string): Promise<LoadFigures> {
  const bare = await startInstance('bare Fastify', path.join(REPO_ROOT, 'bench', 'bare-fastify.ts'), {});
  try {
    const requests: LoadRequest[] = [{ method: 'GET', path: '/v1/health' }];
    await runLoad({ ports: [bare.port], requests, connections: 8, seconds: 0, count: 2000 });
    const figures = await runLoad({ ports: [bare.port], requests, connections: CONNECTIONS, seconds: SECONDS });
    console.log(line(`bare Fastify (${label}) c=${CONNECTIONS}`, figures, null));
    return figures;
  } finally {
    await bare.stop();
  }
}

async function run(backend: 'pglite' | 'postgres'): Promise<void> {
  const setup = backend === 'postgres' ? 'PostgreSQL ×1' : 'PGlite ×1';
  console.log(
    `\n${setup} (load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')})`,
  );
  const root = mkdtempSync(path.join(tmpdir(), 'legalconnect-overhead-'));
  const database = await scratchDatabase(backend === 'postgres' ? process.env.DATABASE_URL : undefined);
  const dataDir = path.join(root, 'data');
  try {
    await seedLawyers(database.url, dataDir);
    const before = await ceiling('before');
    if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
    const app = await startInstance(
      'app',
      defaultServerEntry(),
      {
        DATA_DIR: dataDir,
        JWT_SECRET: randomBytes(32).toString('hex'),
        DEMO_DATA: 'true',
        ...(database.url ? { DATABASE_URL: database.url } : {}),
      },
      {
        // The demo data and the law corpus load at first start: minutes on a busy machine.
        startTimeoutMs: 600_000,
        ...(PROFILE_DIR ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${path.join(PROFILE_DIR, backend)}`] } : {}),
      },
    );
    const results: ({ scenario: Scenario } & Measured)[] = [];
    try {
      const { token } = await api<{ token: string }>(app.baseURL, 'POST', '/v1/auth/login', undefined, {
        email: CLIENT,
        password: DEMO_PASSWORD,
      });
      const { cases } = await api<{ cases: { caseId: string }[] }>(
        app.baseURL,
        'GET',
        '/v1/case?page=0&size=10',
        token,
      );
      const caseIds = cases.map((c) => c.caseId);
      // The law corpus loads in the background after listen (server/main.ts); one search waits for
      // it, so no scenario shares the cores with the indexing.
      const loadingSince = performance.now();
      await api(app.baseURL, 'POST', '/ai/v1/search', token, { query: 'theft punishment', top_k: 1 });
      console.log(`  law corpus ready (waited ${((performance.now() - loadingSince) / 1000).toFixed(1)} s)`);
      const { notifications } = await api<{ notifications: unknown[] }>(
        app.baseURL,
        'GET',
        '/v1/notifications/?page=0&size=10',
        token,
      );
      const { conversations } = await api<{ conversations: unknown[] }>(
        app.baseURL,
        'GET',
        '/v1/chat/conversations',
        token,
      );
      console.log(
        `  ${CLIENT}: ${caseIds.length} cases, ${notifications.length} notifications on the first page, ` +
          `${conversations.length} conversations`,
      );
      const get = (p: string): LoadRequest => ({ method: 'GET', path: p, token });
      const warmSearches = coldSearches(50, 11).map((r) => ({ ...r, token }));
      const scenarios: Scenario[] = [
        { name: 'GET /v1/health', kind: 'other', connections: CONNECTIONS, requests: [get('/v1/health')], warmup: 500 },
        {
          name: 'GET /v1/user/user-info',
          kind: 'simple',
          connections: CONNECTIONS,
          requests: [get('/v1/user/user-info')],
          warmup: 500,
        },
        {
          name: 'GET /v1/notifications/unread-count',
          kind: 'simple',
          connections: CONNECTIONS,
          requests: [get('/v1/notifications/unread-count')],
          warmup: 500,
        },
        {
          name: 'GET /v1/case (list)',
          kind: 'list',
          connections: CONNECTIONS,
          requests: [get('/v1/case?page=0&size=10')],
          warmup: 500,
        },
        {
          name: 'GET /v1/case/:id',
          kind: 'other',
          connections: CONNECTIONS,
          requests: caseIds.map((id) => get(`/v1/case/${id}`)),
          warmup: 500,
        },
        {
          name: 'GET /v1/notifications/ (list)',
          kind: 'list',
          connections: CONNECTIONS,
          requests: [get('/v1/notifications/?page=0&size=10')],
          warmup: 500,
        },
        {
          name: 'GET /v1/chat/conversations',
          kind: 'list',
          connections: CONNECTIONS,
          requests: [get('/v1/chat/conversations')],
          warmup: 500,
        },
        {
          name: 'POST find-lawyers warm',
          kind: 'other',
          connections: CONNECTIONS,
          requests: warmSearches,
          warmup: 500,
        },
        {
          name: 'POST find-lawyers cold',
          kind: 'other',
          connections: CONNECTIONS,
          requests: coldSearches(20_000, 1).map((r) => ({ ...r, token })),
          warmup: 0,
        },
        {
          name: 'POST find-lawyers cold',
          kind: 'other',
          connections: 1,
          requests: coldSearches(20_000, 2).map((r) => ({ ...r, token })),
          warmup: 0,
        },
      ];
      const chosen = ROUTES.length ? scenarios.filter((s) => ROUTES.some((r) => s.name.includes(r))) : scenarios;
      for (const scenario of chosen) results.push({ scenario, ...(await measure(app.port, app.pid, scenario)) });
    } finally {
      await app.stop();
    }
    const after = await ceiling('after');
    const top = (before.rps + after.rps) / 2;
    console.log(`  ceiling: ${top.toFixed(0)} req/s (mean of before and after)`);
    for (const { scenario, figures, cpu } of results) {
      const name = `${scenario.name} c=${scenario.connections}`;
      console.log(line(name, figures, top, cpu));
      const cost = cpu
        ? `; CPU ms/request: app ${cpu.app.toFixed(2)}, PostgreSQL ${cpu.postgres.toFixed(2)}, load ${cpu.load.toFixed(2)}`
        : '';
      rows.push({
        ...requestRow(name, setup, figures),
        note: `ratio ${(figures.rps / top).toFixed(3)} (${scenario.kind}); ceiling ${top.toFixed(0)} req/s${cost}`,
      });
    }
    rows.push({ ...requestRow(`bare Fastify c=${CONNECTIONS}`, setup, after), note: 'ceiling, after the app' });
  } finally {
    await database.drop();
    rmSync(root, { recursive: true, force: true });
  }
}

console.log(
  `LegalConnect API overhead: ${CONNECTIONS} connections, ${SECONDS} s per route, ${LAWYERS} extra lawyers, ` +
    `${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
);
if (ONLY !== 'postgres') await run('pglite');
if (ONLY !== 'pglite') {
  if (process.env.DATABASE_URL) await run('postgres');
  else console.log('\nPostgreSQL: skipped (set DATABASE_URL to measure it too)');
}
console.log(`\nfigures: ${writeBenchReport('api-overhead', rows)}`);
