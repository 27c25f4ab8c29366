/**
 * The load tests' smoke version (issue 11, run by `npm test` in the "chaos" project): the same
 * scenarios as `npm run bench`, small and short, asserting what must hold at any speed — never
 * timing. The main reads and writes answer without an error; under a sign-in flood every sign-in
 * answers 200 or 429 (the password-hashing gate shedding load; server/modules/auth/passwords.test.ts
 * checks its Retry-After and message) and a normal
 * user's case list has no error; the STOMP fan-out loses and duplicates nothing. On the embedded
 * PGlite with one instance always; on PostgreSQL + Redis with two instances when DATABASE_URL and
 * REDIS_URL are set. Figures are printed for a glance.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../chaos/chaos-server';
import {
  defaultServerEntry,
  floodEmail,
  mainScenarios,
  PASSWORD,
  prepareScene,
  runLoad,
  startCluster,
  type Cluster,
  type LoadFigures,
  type LoadRequest,
  type Scene,
} from './load-kit';

const FLOOD_USERS = 40;

interface Setup {
  label: string;
  instances: number;
  /** PostgreSQL and Redis (absent: the embedded PGlite). */
  shared?: { databaseUrl: string; redisUrl: string };
  /** Needs DATABASE_URL and REDIS_URL, which are not set: reported as skipped, not left out. */
  skip?: boolean;
}

const { DATABASE_URL, REDIS_URL } = process.env;
const setups: Setup[] = [
  { label: 'PGlite ×1', instances: 1 },
  DATABASE_URL && REDIS_URL
    ? { label: 'PostgreSQL+Redis ×2', instances: 2, shared: { databaseUrl: DATABASE_URL, redisUrl: REDIS_URL } }
    : { label: 'PostgreSQL+Redis ×2 (needs DATABASE_URL and REDIS_URL)', instances: 2, skip: true },
];

const figures = (f: LoadFigures) =>
  `${f.requests} req, ${f.rps.toFixed(0)}/s, p50 ${f.p50.toFixed(0)} ms, p99 ${f.p99.toFixed(0)} ms, ` +
  `statuses ${JSON.stringify(f.statuses)}`;

/** Runs tests/load/fanout-bench.ts small and returns its JSON figures line. */
function fanout(instances: number, env: Record<string, string>): Promise<Record<string, unknown>> {
  const args = [
    '--import',
    'tsx',
    path.join(REPO_ROOT, 'tests', 'load', 'fanout-bench.ts'),
    ...['--clients', '40', '--rate', '10', '--seconds', '3', '--warmup', '1', '--grace', '5'],
    ...['--instances', String(instances), '--server', defaultServerEntry()],
  ];
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  delete childEnv.DATABASE_URL;
  delete childEnv.REDIS_URL;
  // Its figures are the smoke's, not the benchmark's: keep reports/bench/ as `npm run bench` left it.
  Object.assign(childEnv, { BENCH_REPORT: 'off' }, env);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.split('\n').find((text) => text.startsWith('{"bench":"fanout"'));
      if (code !== 0 || !line) reject(new Error(`fan-out benchmark exited ${code}:\n${out.slice(-3000)}`));
      else resolve(JSON.parse(line) as Record<string, unknown>);
    });
  });
}

for (const setup of setups)
  describe.skipIf(setup.skip)(`load smoke on ${setup.label}`, () => {
    let cluster: Cluster;
    let scene: Scene;
    let ports: number[];

    beforeAll(async () => {
      cluster = await startCluster({
        instances: setup.instances,
        floodUsers: FLOOD_USERS,
        lawyers: 20,
        ...setup.shared,
      });
      ports = cluster.instances.map((instance) => instance.port);
      scene = await prepareScene(cluster, 3);
    });
    afterAll(async () => {
      await cluster?.stop();
    });

    it('answers the main reads and writes without an error', async () => {
      for (const scenario of mainScenarios(scene)) {
        const result = await runLoad({ ports, requests: scenario.requests, connections: 4, seconds: 1 });
        console.log(`  ${setup.label} ${scenario.name}: ${figures(result)}`);
        expect(result.requests, scenario.name).toBeGreaterThan(0);
        expect(result.statuses, scenario.name).toEqual({ [String(scenario.status)]: result.requests });
      }
    });

    it('keeps a normal user’s case list free of errors under a sign-in flood, shedding sign-ins only with 429', async () => {
      const logins: LoadRequest[] = Array.from({ length: FLOOD_USERS }, (_, i) => ({
        method: 'POST' as const,
        path: '/v1/auth/login',
        body: { email: floodEmail(i), password: PASSWORD },
      }));
      const caseList: LoadRequest[] = [{ method: 'GET', path: '/v1/case?page=0&size=10', token: scene.clientToken }];
      const [flood, measured] = await Promise.all([
        runLoad({ ports, requests: logins, connections: 60, seconds: 3 }),
        runLoad({ ports, requests: caseList, connections: 1, seconds: 2 }),
      ]);
      console.log(`  ${setup.label} login flood c=60: ${figures(flood)}`);
      console.log(`  ${setup.label} case list during it: ${figures(measured)}`);
      expect(measured.requests).toBeGreaterThan(0);
      expect(measured.errors).toBe(0);
      expect(flood.statuses['200'] ?? 0).toBeGreaterThan(0);
      expect(Object.keys(flood.statuses).filter((status) => status !== '200' && status !== '429')).toEqual([]);
    });

    it('fans STOMP notifications out with nothing lost or duplicated', async () => {
      const result = await fanout(
        setup.instances,
        setup.shared ? { DATABASE_URL: setup.shared.databaseUrl, REDIS_URL: setup.shared.redisUrl } : {},
      );
      console.log(`  ${setup.label} fan-out: ${JSON.stringify(result)}`);
      expect(result).toMatchObject({ held: 40, lost: 0, duplicated: 0, misrouted: 0 });
      expect(result.accepted).toBeGreaterThan(0);
    });
  });
