/**
 * The parts of the HTTP load benchmark (tests/load/login-flood-bench.ts) and its smoke test
 * (tests/load/load-smoke.test.ts) that both use: the app as real server processes (one on the
 * embedded PGlite, or N on one PostgreSQL and one Redis), a cast seeded through the server's own
 * repositories before they start, a closed-loop load generator in a worker thread (its own event
 * loop, keep-alive connections, as a separate client machine would be), and the server's memory.
 *
 * The load generator is ours rather than autocannon's (not a dependency): it spreads connections
 * round-robin over several instances, counts answers by status, and keeps every latency for exact
 * percentiles.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { approvedProfileRow, demoLawyer } from '../../server/demo/demo-lawyers';
import { openDatabase } from '../../server/db/client';
import { hashPassword } from '../../server/modules/auth/passwords';
import { LawyersRepository } from '../../server/modules/lawyers/repository';
import { UsersRepository } from '../../server/modules/users/repository';
import { freePort, ISOLATED_ENV, REPO_ROOT, scratchDatabase, type ChaosDatabase } from '../chaos/chaos-server';
import { percentiles } from './bench-report';
import { TEST_AUTH_IP_LIMITS } from '../helpers/test-limits';

export const PASSWORD = 'Bench@2026x';
export const CLIENT_EMAIL = 'load-client@bench.legalconnect.test';
export const LAWYER_EMAIL = 'load-lawyer@bench.legalconnect.test';
export const floodEmail = (i: number) => `load-flood-${i}@bench.legalconnect.test`;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The built server when it exists (what `npm start` runs), else the source through tsx. */
export function defaultServerEntry(): string {
  const built = path.join(REPO_ROOT, 'dist', 'server', 'main.js');
  return process.env.LOAD_SERVER_ENTRY
    ? path.resolve(REPO_ROOT, process.env.LOAD_SERVER_ENTRY)
    : existsSync(built)
      ? built
      : path.join(REPO_ROOT, 'server', 'main.ts');
}

// ── The cluster ──────────────────────────────────────────────────────────────────────────────────

export interface Instance {
  label: string;
  pid: number;
  port: number;
  baseURL: string;
  logs(): string;
  stop(): Promise<void>;
}

export interface Cluster {
  backend: 'pglite' | 'postgres';
  instances: Instance[];
  stop(): Promise<void>;
}

/** Options of one server process beyond its environment. */
export interface InstanceOptions {
  /** Extra node flags for the server only (e.g. `--cpu-prof`). */
  nodeArgs?: readonly string[];
  /** Echo the server's output to this process's stderr as it comes. */
  echo?: boolean;
  /** How long the start-up may take (default 90 s; demo data on a busy machine takes longer). */
  startTimeoutMs?: number;
}

/**
 * One server process on a free port, isolated from the caller's shell (its own DATA_DIR, database
 * and Redis come from `env`), answered /v1/health before this returns. Also the fan-out bench's.
 */
export async function startInstance(
  label: string,
  entry: string,
  env: Record<string, string>,
  options: InstanceOptions = {},
): Promise<Instance> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ISOLATED_ENV) delete childEnv[name];
  Object.assign(childEnv, {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseURL,
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'false',
    ...TEST_AUTH_IP_LIMITS,
    ...env,
  });
  const nodeArgs = options.nodeArgs ?? [];
  const args = entry.endsWith('.ts')
    ? [...nodeArgs, '--import', 'tsx', entry]
    : [...nodeArgs, '--enable-source-maps', entry];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const record = (chunk: Buffer) => {
    output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (output.length > 200) output.splice(0, output.length - 200);
    if (options.echo || process.env.LOAD_SERVER_LOG) process.stderr.write(chunk);
  };
  child.stdout?.on('data', record);
  child.stderr?.on('data', record);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    if (!(await Promise.race([exited.then(() => true), delay(15_000).then(() => false)]))) {
      child.kill('SIGKILL');
      await exited;
    }
  };
  const instance: Instance = { label, pid: child.pid ?? 0, port, baseURL, logs: () => output.join('\n'), stop };
  const startTimeoutMs = options.startTimeoutMs ?? 90_000;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${label} exited during start-up (code ${child.exitCode}):\n${instance.logs()}`);
    }
    try {
      const response = await fetch(`${baseURL}/v1/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return instance;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${label} did not answer /v1/health within ${startTimeoutMs / 1000} s:\n${instance.logs()}`);
    }
    await delay(100);
  }
}

export interface ClusterOptions {
  /** PostgreSQL admin URL (a scratch database is made from it and dropped); none: the embedded PGlite. */
  databaseUrl?: string;
  redisUrl?: string;
  instances: number;
  /** Verified USERs with the bench password, for the login flood. */
  floodUsers: number;
  /** APPROVED lawyers in the directory (the first is the measured client's lawyer). */
  lawyers: number;
  entry?: string;
}

/**
 * Seeds the cast (through the server's repositories, before any server opens the database), then
 * starts the instances. PGlite allows one instance on its data directory; PostgreSQL any number,
 * each with its own DATA_DIR and the same JWT_SECRET and Redis.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (!options.databaseUrl && options.instances > 1) throw new Error('more than one instance needs PostgreSQL');
  const root = mkdtempSync(path.join(tmpdir(), 'legalconnect-load-'));
  const database: ChaosDatabase = await scratchDatabase(options.databaseUrl);
  const jwtSecret = randomBytes(32).toString('hex');
  const instances: Instance[] = [];
  const stop = async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await database.drop();
    rmSync(root, { recursive: true, force: true });
  };
  try {
    await seed(database, path.join(root, 'instance-1'), options);
    for (let i = 1; i <= options.instances; i++) {
      instances.push(
        await startInstance(`instance ${i}`, options.entry ?? defaultServerEntry(), {
          DATA_DIR: path.join(root, `instance-${i}`),
          JWT_SECRET: jwtSecret,
          ...(database.url ? { DATABASE_URL: database.url } : {}),
          ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
        }),
      );
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { backend: database.kind, instances, stop };
}

async function seed(database: ChaosDatabase, dataDir: string, options: ClusterOptions): Promise<void> {
  const handle = await openDatabase({ databaseUrl: database.url, dataDir });
  try {
    const users = new UsersRepository(handle.db);
    const lawyers = new LawyersRepository(handle.db);
    // One argon2 hash for everyone: each login still verifies it in full.
    const passwordHash = await hashPassword(PASSWORD);
    const at = new Date();
    const generated = Array.from({ length: Math.max(1, options.lawyers) }, (_, i) => demoLawyer(i));
    const lawyerEmail = (i: number) => (i === 0 ? LAWYER_EMAIL : `load-lawyer-${i}@bench.legalconnect.test`);
    const created = await users.createMany([
      {
        email: CLIENT_EMAIL,
        passwordHash,
        firstName: 'Load',
        lastName: 'Client',
        role: 'USER',
        emailVerified: true,
        now: at,
      },
      ...Array.from({ length: options.floodUsers }, (_, i) => ({
        email: floodEmail(i),
        passwordHash,
        firstName: 'Flood',
        lastName: `User ${i}`,
        role: 'USER' as const,
        emailVerified: true,
        now: at,
      })),
      ...generated.map((lawyer, i) => ({
        email: lawyerEmail(i),
        passwordHash: i === 0 ? passwordHash : 'bench-no-login',
        firstName: lawyer.firstName,
        lastName: lawyer.lastName,
        role: 'LAWYER' as const,
        emailVerified: true,
        now: at,
      })),
    ]);
    const idOf = new Map(created.map((user) => [user.email, user.id]));
    const profiles = generated.map((lawyer, i) =>
      approvedProfileRow(lawyer, idOf.get(lawyerEmail(i)) ?? '', `load-${i}`, at),
    );
    await lawyers.insertMany(profiles);
  } finally {
    await handle.close();
  }
}

// ── Through the API: sessions and the client's cases ────────────────────────────────────────────

async function api<T>(
  baseURL: string,
  method: string,
  route: string,
  token: string | null,
  body?: unknown,
): Promise<T> {
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

export interface Scene {
  clientToken: string;
  lawyerToken: string;
  lawyerId: string;
  caseIds: string[];
}

/** Signs the client and the lawyer in, and has the lawyer open `cases` cases for the client. */
export async function prepareScene(cluster: Cluster, cases: number): Promise<Scene> {
  const baseURL = cluster.instances[0]?.baseURL ?? '';
  const client = await api<{ token: string }>(baseURL, 'POST', '/v1/auth/login', null, {
    email: CLIENT_EMAIL,
    password: PASSWORD,
  });
  const lawyer = await api<{ token: string; id: string }>(baseURL, 'POST', '/v1/auth/login', null, {
    email: LAWYER_EMAIL,
    password: PASSWORD,
  });
  const caseIds: string[] = [];
  for (let i = 0; i < cases; i++) {
    const opened = await api<{ caseId: string }>(baseURL, 'POST', '/v1/case', lawyer.token, {
      title: `Land dispute in Savar ${i + 1}`,
      clientEmail: CLIENT_EMAIL,
      description: 'Boundary wall between two plots',
    });
    caseIds.push(opened.caseId);
  }
  return { clientToken: client.token, lawyerToken: lawyer.token, lawyerId: lawyer.id, caseIds };
}

// ── The load generator ───────────────────────────────────────────────────────────────────────────

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  token?: string;
  body?: unknown;
}

export interface LoadSpec {
  ports: number[];
  requests: LoadRequest[];
  /** Connections (requests in flight), spread round-robin over the ports. */
  connections: number;
  /** Runs this long; or, with `count`, exactly that many requests. */
  seconds: number;
  count?: number;
}

export interface LoadFigures {
  requests: number;
  /** Answers that are not 2xx, and connection failures. */
  errors: number;
  /** Answers by status ("0": no answer). */
  statuses: Record<string, number>;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** The worker: closed loop, `connections` requests in flight, one keep-alive agent per port. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { ports, requests, connections, seconds, count } = workerData;
const agents = ports.map(() => new http.Agent({ keepAlive: true, maxSockets: connections }));
const prepared = requests.map((r) => ({
  method: r.method,
  path: r.path,
  body: r.body === undefined ? null : Buffer.from(JSON.stringify(r.body)),
  token: r.token,
}));
function once(i, lane) {
  const r = prepared[i % prepared.length];
  const which = lane % ports.length;
  const headers = {};
  if (r.token) headers.authorization = 'Bearer ' + r.token;
  if (r.body) { headers['content-type'] = 'application/json'; headers['content-length'] = r.body.length; }
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request({ host: '127.0.0.1', port: ports[which], path: r.path, method: r.method, agent: agents[which], headers },
      (res) => { res.resume(); res.on('end', () => resolve([performance.now() - started, res.statusCode])); });
    req.on('error', () => resolve([performance.now() - started, 0]));
    req.setTimeout(30000, () => req.destroy());
    req.end(r.body || undefined);
  });
}
(async () => {
  const latencies = [];
  const statuses = {};
  let next = 0;
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, async (_, lane) => {
    while (count ? next < count : performance.now() < deadline) {
      const [ms, status] = await once(next++, lane);
      latencies.push(ms);
      statuses[status] = (statuses[status] || 0) + 1;
    }
  }));
  parentPort.postMessage({ latencies, statuses, seconds: (performance.now() - started) / 1000 });
  for (const agent of agents) agent.destroy();
})();
`;

export function runLoad(spec: LoadSpec): Promise<LoadFigures> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { count: 0, ...spec } });
    worker.once('error', reject);
    worker.once('message', (result: { latencies: number[]; statuses: Record<string, number>; seconds: number }) => {
      const { count, p50, p95, p99, max } = percentiles(result.latencies);
      const errors = Object.entries(result.statuses)
        .filter(([status]) => !/^2\d\d$/.test(status))
        .reduce((sum, [, n]) => sum + n, 0);
      resolve({
        requests: count,
        errors,
        statuses: result.statuses,
        seconds: result.seconds,
        rps: count / Math.max(result.seconds, 0.001),
        p50,
        p95,
        p99,
        max,
      });
      void worker.terminate();
    });
  });
}

// ── Memory ───────────────────────────────────────────────────────────────────────────────────────

/** Resident memory of a process now (MB), from /proc; 0 where there is no /proc. */
export function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Samples every instance's RSS while `work` runs; resolves with its result and each peak (MB). */
export async function withPeakRss<T>(
  instances: readonly Instance[],
  work: () => Promise<T>,
): Promise<{ result: T; peakRssMb: number[] }> {
  const peaks = instances.map((instance) => rssMb(instance.pid));
  const timer = setInterval(() => {
    instances.forEach((instance, i) => {
      peaks[i] = Math.max(peaks[i] ?? 0, rssMb(instance.pid));
    });
  }, 200);
  try {
    const result = await work();
    return { result, peakRssMb: peaks };
  } finally {
    clearInterval(timer);
  }
}

// ── The scenarios ──────────────────────────────────────────────────────────────────────────────

export interface Scenario {
  name: string;
  connections: number;
  requests: LoadRequest[];
  /** What every answer should be. */
  status: 200 | 201;
}

/** The main reads and writes of a signed-in client, with the connections each is measured at. */
export function mainScenarios(scene: Scene): Scenario[] {
  const client = scene.clientToken;
  const [firstCase = ''] = scene.caseIds;
  return [
    {
      name: 'GET /v1/case (case list)',
      status: 200,
      connections: 32,
      requests: [{ method: 'GET', path: '/v1/case?page=0&size=10', token: client }],
    },
    {
      name: 'GET /v1/case/:id',
      status: 200,
      connections: 32,
      requests: scene.caseIds.map((id) => ({ method: 'GET' as const, path: `/v1/case/${id}`, token: client })),
    },
    {
      name: 'POST /v1/case-assets/notes',
      status: 201,
      connections: 16,
      requests: [
        {
          method: 'POST',
          path: '/v1/case-assets/notes',
          token: client,
          body: {
            caseId: firstCase,
            title: 'Hearing notes',
            content: 'The court asked for the mutation records.',
            privacy: 'PRIVATE',
          },
        },
      ],
    },
    {
      name: 'POST /v1/chat/send',
      status: 201,
      connections: 16,
      requests: [
        {
          method: 'POST',
          path: '/v1/chat/send',
          token: client,
          body: { receiverId: scene.lawyerId, content: 'আসসালামু আলাইকুম, শুনানির তারিখ কবে?' },
        },
      ],
    },
    {
      name: 'GET /v1/notifications/',
      status: 200,
      connections: 32,
      requests: [{ method: 'GET', path: '/v1/notifications/?page=0&size=10', token: client }],
    },
    {
      name: 'POST find-lawyers (directory)',
      status: 200,
      connections: 32,
      requests: [
        { method: 'POST', path: '/v1/lawyer-directory/find-lawyers?page=0&size=10', token: client, body: {} },
        {
          method: 'POST',
          path: '/v1/lawyer-directory/find-lawyers?page=0&size=10',
          token: client,
          body: { q: 'rahman' },
        },
        {
          method: 'POST',
          path: '/v1/lawyer-directory/find-lawyers?page=1&size=20',
          token: client,
          body: { division: 'DHAKA', sortBy: 'RATING' },
        },
      ],
    },
  ];
}
