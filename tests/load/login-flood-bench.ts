/**
 * HTTP load benchmark (issue 11, "Load and fan-out"): the main reads and writes under load, then the
 * 200-connection login flood while a normal user's case list is measured (target: p99 ≤ 250 ms and 0
 * errors for the case list). Runs against real server processes (the built server when dist/ exists,
 * else the source through tsx): one instance on the embedded PGlite, and — when DATABASE_URL and
 * REDIS_URL are set — two instances on a scratch PostgreSQL database and one Redis, the load spread
 * round-robin over both as a load balancer would. Prints throughput, p50/p95/p99, errors and each
 * instance's peak RSS; writes reports/bench/login-flood.json; never fails on timing.
 *
 * The flood signs in many different accounts (valid passwords), so the failed-login limit (per email
 * and IP) never applies; there is no other per-IP limit on sign-in. What bounds it is the server's
 * password-hashing gate (server/modules/auth/passwords.ts): past its queue a sign-in answers 429 with
 * Retry-After at once, which the flood's figures count separately from errors.
 *
 *   npx tsx tests/load/login-flood-bench.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 \
 *     npx tsx tests/load/login-flood-bench.ts
 *   LOAD_SECONDS=3 FLOOD_SECONDS=8 FLOOD_CONNECTIONS=200 npx tsx tests/load/login-flood-bench.ts
 */
import { requestRow, writeBenchReport, type BenchRow } from './bench-report';
import {
  floodEmail,
  mainScenarios,
  PASSWORD,
  prepareScene,
  runLoad,
  startCluster,
  withPeakRss,
  type Cluster,
  type LoadFigures,
  type LoadRequest,
} from './load-kit';

const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 4);
const FLOOD_SECONDS = Number(process.env.FLOOD_SECONDS ?? 10);
const FLOOD_CONNECTIONS = Number(process.env.FLOOD_CONNECTIONS ?? 200);
const FLOOD_USERS = Number(process.env.FLOOD_USERS ?? 200);
const LAWYERS = Number(process.env.LOAD_LAWYERS ?? 300);
const CASES = 20;
const TARGET_P99_MS = 250;

const ms = (value: number) => value.toFixed(1).padStart(7);

function line(name: string, f: LoadFigures, peaks: number[], extra = ''): void {
  console.log(
    `  ${name.padEnd(34)} ${String(f.requests).padStart(6)} req ${f.rps.toFixed(0).padStart(6)} req/s  ` +
      `p50 ${ms(f.p50)}  p95 ${ms(f.p95)}  p99 ${ms(f.p99)} ms  errors ${f.errors}  ` +
      `RSS ${peaks.map((mb) => mb.toFixed(0)).join('/')} MB${extra}`,
  );
}

const statusText = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .map(([status, n]) => `${status === '0' ? 'no answer' : status}×${n}`)
    .join(' ');

async function measure(cluster: Cluster, setup: string, rows: BenchRow[]): Promise<void> {
  const ports = cluster.instances.map((instance) => instance.port);
  const scene = await prepareScene(cluster, CASES);
  const client = scene.clientToken;
  const scenarios = mainScenarios(scene);
  for (const scenario of scenarios) {
    // A short warm-up, not counted.
    await runLoad({ ports, requests: scenario.requests, connections: 4, seconds: 0, count: 40 });
    const { result, peakRssMb } = await withPeakRss(cluster.instances, () =>
      runLoad({ ports, requests: scenario.requests, connections: scenario.connections, seconds: LOAD_SECONDS }),
    );
    const name = `${scenario.name} c=${scenario.connections}`;
    line(name, result, peakRssMb, result.errors ? `  (${statusText(result.statuses)})` : '');
    rows.push({ ...requestRow(name, setup, result), rssMb: Math.max(...peakRssMb) });
  }

  // The normal user alone, for comparison, then under the flood.
  const caseList: LoadRequest[] = [{ method: 'GET', path: '/v1/case?page=0&size=10', token: client }];
  const quiet = await runLoad({ ports, requests: caseList, connections: 1, seconds: 3 });
  line('case list, 1 user, quiet', quiet, []);
  rows.push(requestRow('case list, 1 user, quiet', setup, quiet));

  const logins: LoadRequest[] = Array.from({ length: FLOOD_USERS }, (_, i) => ({
    method: 'POST' as const,
    path: '/v1/auth/login',
    body: { email: floodEmail(i), password: PASSWORD },
  }));
  const { result: both, peakRssMb } = await withPeakRss(cluster.instances, () =>
    Promise.all([
      runLoad({ ports, requests: logins, connections: FLOOD_CONNECTIONS, seconds: FLOOD_SECONDS }),
      // The measured user starts once the flood is on and stops before it ends.
      new Promise<LoadFigures>((resolve, reject) => {
        setTimeout(() => {
          runLoad({ ports, requests: caseList, connections: 1, seconds: FLOOD_SECONDS - 3 }).then(resolve, reject);
        }, 1000);
      }),
    ]),
  );
  const [flood, measured] = both;
  const signedIn = flood.statuses['200'] ?? 0;
  const shed = flood.statuses['429'] ?? 0;
  const floodErrors = flood.errors - shed;
  line(`login flood c=${FLOOD_CONNECTIONS}`, flood, peakRssMb, `  (${statusText(flood.statuses)})`);
  const met = measured.p99 <= TARGET_P99_MS && measured.errors === 0;
  line(
    'case list, 1 user, during flood',
    measured,
    peakRssMb,
    `  target p99 ≤ ${TARGET_P99_MS} ms, 0 errors: ${met ? 'met' : 'NOT met'}`,
  );
  rows.push({
    ...requestRow(`login flood c=${FLOOD_CONNECTIONS}`, setup, flood),
    errors: floodErrors,
    rssMb: Math.max(...peakRssMb),
    note: `${signedIn} signed in (${(signedIn / flood.seconds).toFixed(0)}/s), ${shed} answered 429 + Retry-After`,
  });
  rows.push({
    ...requestRow('case list, 1 user, during flood', setup, measured),
    rssMb: Math.max(...peakRssMb),
    note: `target p99 ≤ ${TARGET_P99_MS} ms, 0 errors: ${met ? 'met' : 'NOT met'}`,
  });
}

const rows: BenchRow[] = [];
console.log(
  `LegalConnect HTTP load: ${LOAD_SECONDS} s per read/write scenario, then ${FLOOD_CONNECTIONS} connections ` +
    `signing in ${FLOOD_USERS} accounts for ${FLOOD_SECONDS} s while one user lists their cases`,
);
for (const setup of [
  { label: 'PGlite ×1', instances: 1 },
  {
    label: 'PostgreSQL+Redis ×2',
    instances: 2,
    databaseUrl: process.env.DATABASE_URL,
    redisUrl: process.env.REDIS_URL,
  },
]) {
  if (setup.instances > 1 && !(setup.databaseUrl && setup.redisUrl)) {
    console.log(`\n${setup.label}: skipped (set DATABASE_URL and REDIS_URL to measure it too)`);
    continue;
  }
  console.log(`\n${setup.label}`);
  const cluster = await startCluster({
    instances: setup.instances,
    floodUsers: FLOOD_USERS,
    lawyers: LAWYERS,
    ...(setup.databaseUrl ? { databaseUrl: setup.databaseUrl } : {}),
    ...(setup.redisUrl ? { redisUrl: setup.redisUrl } : {}),
  });
  try {
    await measure(cluster, setup.label, rows);
  } finally {
    await cluster.stop();
  }
}
console.log(`\nfigures: ${writeBenchReport('login-flood', rows)}`);
