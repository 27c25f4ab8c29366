/**
 * Fan-out benchmark (issue 5): N STOMP 1.2 clients over SockJS's websocket transport, each
 * subscribed to its own /topic/user-{id}, while an admin creates notifications through the real API
 * (POST /v1/notifications/send) at a fixed rate, round-robin over the connected users. Measured on
 * the client side: connections held, delivery latency from the publisher's send to the MESSAGE's
 * arrival (one machine, one monotonic clock), lost and duplicated messages; and the server
 * process's RSS (VmRSS sampled, VmHWM) and CPU. Target on the 2-core machine: 2 000 clients,
 * 50 notifications/s, p99 ≤ 150 ms, 0 lost. Prints figures and never fails on timing; it exits
 * non-zero only when it could not run at all.
 *
 * The server runs in its own process, as `npm start` runs it (the bundle in dist/server by default),
 * on a fresh data directory with the embedded PGlite; with DATABASE_URL on a scratch PostgreSQL
 * database created from that URL and dropped afterwards, with REDIS_URL on Redis (counters and the
 * realtime bus). The subscribers are written with the repository the directory benchmark uses
 * (UsersRepository.createMany, verified USERs) and given sessions and access tokens the way login
 * does (a sessions row as AuthRepository.createSession writes it, then TokenService.signAccess with
 * the JWT_SECRET the server gets), because 2 000 argon2 logins would take this machine most of a
 * minute; the admin signs in through the API. The clients live in this process's main thread
 * (faye-websocket, the WebSocket client sockjs-client uses under Node, with raw SockJS framing), the
 * publisher in a worker thread with its own event loop.
 *
 *   npx tsx tests/load/fanout-bench.ts                      # 2000 clients, 50/s, 20 s
 *   npx tsx tests/load/fanout-bench.ts --clients 500 --rate 20 --seconds 10
 *   FANOUT_CLIENTS=1000 FANOUT_SECONDS=10 npx tsx tests/load/fanout-bench.ts
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 \
 *     npx tsx tests/load/fanout-bench.ts --instances 2     # two instances: half the deliveries cross Redis
 *
 * Options (flag or environment): --clients FANOUT_CLIENTS (2000), --rate FANOUT_RATE (50/s),
 * --seconds FANOUT_SECONDS (20, after a --warmup FANOUT_WARMUP_SECONDS of 2 that is not counted
 * in the latency figures), --grace FANOUT_GRACE_SECONDS (5), --batch FANOUT_CONNECT_BATCH (100
 * sockets opened at a time), --instances FANOUT_INSTANCES (1; 2 needs DATABASE_URL and REDIS_URL),
 * --server FANOUT_SERVER_ENTRY (dist/server/main.js; a .ts entry such as server/main.ts runs from
 * source through tsx). FANOUT_SERVER_LOG=1 copies the server's output to stderr; FANOUT_SERVER_ARGS
 * adds node flags to the server's command line (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof");
 * FANOUT_DUMP=file.json writes one row per notification (seq, send time, HTTP status and ms, delivery ms).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { systemClock } from '../../server/clock';
import { openDatabase } from '../../server/db/client';
import { sessions } from '../../server/db/schema';
import { TokenService } from '../../server/modules/auth/tokens';
import { UsersRepository } from '../../server/modules/users/repository';
import { percentiles, writeBenchReport } from './bench-report';
import { startInstance, type Instance } from './load-kit';

// ── Options ───────────────────────────────────────────────────────────────────────────────────────

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const { values: flags } = parseArgs({
  options: {
    clients: { type: 'string' },
    rate: { type: 'string' },
    seconds: { type: 'string' },
    warmup: { type: 'string' },
    grace: { type: 'string' },
    batch: { type: 'string' },
    instances: { type: 'string' },
    server: { type: 'string' },
  },
  strict: true,
});

function option(name: keyof typeof flags, variable: string, fallback: number, min = 0): number {
  const raw = flags[name] ?? process.env[variable];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) {
    console.error(`fan-out benchmark could not run: --${name} (${variable}) must be a number ≥ ${min}, not ${raw}`);
    process.exit(1);
  }
  return value;
}

const CLIENTS = Math.floor(option('clients', 'FANOUT_CLIENTS', 2000, 1));
const RATE = option('rate', 'FANOUT_RATE', 50, 0.1);
const SECONDS = option('seconds', 'FANOUT_SECONDS', 20, 1);
const WARMUP_SECONDS = option('warmup', 'FANOUT_WARMUP_SECONDS', 2, 0);
const GRACE_SECONDS = option('grace', 'FANOUT_GRACE_SECONDS', 5, 0);
const CONNECT_BATCH = Math.floor(option('batch', 'FANOUT_CONNECT_BATCH', 100, 1));
const INSTANCES = Math.floor(option('instances', 'FANOUT_INSTANCES', 1, 1));
const SERVER_ENTRY = path.resolve(
  REPO_ROOT,
  flags.server ?? process.env.FANOUT_SERVER_ENTRY ?? path.join('dist', 'server', 'main.js'),
);
const DATABASE_URL = process.env.DATABASE_URL || null;
const REDIS_URL = process.env.REDIS_URL || null;

const HEARTBEAT_MS = 4000;
const CONNECT_TIMEOUT_MS = 20_000;
const ADMIN = { email: 'fanout-admin@legalconnect.test', password: 'Bench@2026x' };
/** Latency target of issue 5, printed beside the figures (never enforced). */
const TARGET = { clients: 2000, rate: 50, p99Ms: 150 };

/** Milliseconds on CLOCK_MONOTONIC: the same clock in every thread (and process) of the machine. */
const now = (): number => Number(process.hrtime.bigint()) / 1e6;
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// ── Seeding: verified users with sessions and access tokens ───────────────────────────────────────

interface Subscriber {
  index: number;
  userId: string;
  token: string;
}

async function seedSubscribers(databaseUrl: string | null, dataDir: string, jwtSecret: string): Promise<Subscriber[]> {
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const users = new UsersRepository(database.db);
    const tokens = new TokenService(jwtSecret, systemClock);
    const at = systemClock.now();
    const created = await users.createMany(
      Array.from({ length: CLIENTS }, (_, i) => ({
        email: `fanout-${i}@bench.legalconnect.test`,
        passwordHash: 'bench-no-login',
        firstName: 'Fanout',
        lastName: `Client ${i}`,
        role: 'USER' as const,
        emailVerified: true,
        now: at,
      })),
    );
    // Sessions as AuthRepository.createSession writes them, in multi-row inserts (one at a time
    // takes PGlite half a minute for 2 000).
    const subscribers: Subscriber[] = [];
    for (let i = 0; i < created.length; i += 500) {
      const chunk = created.slice(i, i + 500);
      const rows = await database.db
        .insert(sessions)
        .values(
          chunk.map((user) => ({
            userId: user.id,
            userAgent: 'fanout-bench',
            ip: '127.0.0.1',
            createdAt: at,
            lastSeenAt: at,
          })),
        )
        .returning({ id: sessions.id, userId: sessions.userId });
      const sidOf = new Map(rows.map((row) => [row.userId, row.id]));
      for (const user of chunk) {
        const sid = sidOf.get(user.id);
        if (!sid) throw new Error(`no session for seeded user ${user.email}`);
        const index = Number(/^fanout-(\d+)@/.exec(user.email)?.[1]);
        subscribers.push({ index, userId: user.id, token: await tokens.signAccess(user, sid) });
      }
    }
    subscribers.sort((a, b) => a.index - b.index);
    return subscribers;
  } finally {
    await database.close();
  }
}

// ── The server process(es): load-kit's startInstance ───────────────────────────────────────────────

type ServerProcess = Instance;

function startServer(label: string, env: Record<string, string>): Promise<ServerProcess> {
  // FANOUT_SERVER_ARGS: extra node flags for the server only, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.FANOUT_SERVER_ARGS ?? '').split(' ').filter(Boolean);
  return startInstance(label, SERVER_ENTRY, env, { nodeArgs, echo: Boolean(process.env.FANOUT_SERVER_LOG) });
}

/** /proc/<pid>: resident memory now and at its peak (kB), and CPU time used (ms). */
function processFigures(pid: number): { rssKb: number; hwmKb: number; cpuMs: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    // Fields after the parenthesised command name: state is field 3, utime 14, stime 15 (clock ticks).
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return { rssKb: kb('VmRSS'), hwmKb: kb('VmHWM'), cpuMs: ticks * 10 };
  } catch {
    return null;
  }
}

/** CPU time the whole machine spent busy since boot (all cores, ms), from /proc/stat. */
function machineCpu(): { busyMs: number } {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const [, user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = line
      .trim()
      .split(/\s+/)
      .map(Number);
    return { busyMs: (user + nice + system + irq + softirq + steal) * 10 };
  } catch {
    return { busyMs: 0 };
  }
}

// ── The STOMP clients (raw SockJS websocket transport) ────────────────────────────────────────────

/** The part of faye-websocket's client we use (it has no type declarations). */
interface FayeSocket {
  on(event: 'open', listener: () => void): void;
  on(event: 'message', listener: (event: { data: string }) => void): void;
  on(event: 'close', listener: (event: { code: number; reason: string }) => void): void;
  on(event: 'error', listener: (event: { message?: string }) => void): void;
  send(text: string): boolean;
  close(code?: number, reason?: string): void;
}
type FayeClient = new (url: string, protocols?: string[] | null, options?: Record<string, unknown>) => FayeSocket;
// faye-websocket is sockjs's and sockjs-client's own WebSocket (installed with them); Node 20 has no
// global WebSocket without --experimental-websocket.
const FayeWebSocket = (createRequire(import.meta.url)('faye-websocket') as { Client: FayeClient }).Client;

/** One arrival of a benchmark notification. */
interface Arrival {
  seq: number;
  sentAt: number;
  receivedAt: number;
  client: number;
}

type ClientState = 'opening' | 'open' | 'connected' | 'subscribed' | 'closed';

class StompClient {
  state: ClientState = 'opening';
  socket: FayeSocket | null = null;
  lastServerAt = 0;
  connectMs = 0;
  /** When the connect began, SockJS opened ('o'), and CONNECTED arrived (monotonic ms). */
  startedAt = 0;
  openedAt = 0;
  connectedAt = 0;
  /** Why it failed to connect, or why it closed after connecting. */
  problem: string | null = null;
  closedAfterSubscribe = false;
  private buffer = '';
  private heartbeat: NodeJS.Timeout | null = null;
  private settle: ((ok: boolean) => void) | null = null;

  constructor(
    readonly subscriber: Subscriber,
    readonly server: ServerProcess,
    readonly instance: number,
    private readonly onArrival: (arrival: Arrival) => void,
    private readonly onStray: () => void,
  ) {}

  /** Resolves true once SUBSCRIBE is acknowledged (RECEIPT), false on any failure or the timeout. */
  connect(): Promise<boolean> {
    const started = (this.startedAt = now());
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.fail('timeout'), CONNECT_TIMEOUT_MS);
      this.settle = (ok) => {
        clearTimeout(timer);
        this.settle = null;
        if (ok) this.connectMs = now() - started;
        resolve(ok);
      };
      const serverId = String(this.subscriber.index % 1000).padStart(3, '0');
      const sessionId = randomBytes(8).toString('hex');
      const socket = new FayeWebSocket(`ws://127.0.0.1:${this.server.port}/v1/ws/${serverId}/${sessionId}/websocket`);
      this.socket = socket;
      socket.on('message', (event) => this.onSockJs(event.data));
      socket.on('error', (event) => {
        if (this.state !== 'subscribed') this.problem ??= `socket error: ${event.message ?? 'unknown'}`;
      });
      socket.on('close', (event) => this.onClose(event.code, event.reason));
    });
  }

  close(): void {
    this.stopHeartbeat();
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.socket?.close();
  }

  private fail(problem: string): void {
    this.problem ??= problem;
    this.close();
    this.settle?.(false);
  }

  private onClose(code: number, reason: string): void {
    this.stopHeartbeat();
    if (this.state === 'subscribed') {
      this.closedAfterSubscribe = true;
      this.problem ??= `closed ${code} ${reason}`.trim();
    }
    this.state = 'closed';
    this.settle?.(false);
    if (this.problem === null) this.problem = `closed ${code} ${reason}`.trim();
  }

  private sendFrames(...frames: string[]): void {
    this.socket?.send(JSON.stringify(frames));
  }

  /** SockJS frames: o (open), h (heart-beat), a[...] (messages), c[code,reason] (close). */
  private onSockJs(data: string): void {
    this.lastServerAt = now();
    switch (data[0]) {
      case 'o':
        this.state = 'open';
        this.openedAt = now();
        this.sendFrames(
          `CONNECT\naccept-version:1.2\nhost:127.0.0.1\nheart-beat:${HEARTBEAT_MS},${HEARTBEAT_MS}\n` +
            `Authorization:Bearer ${this.subscriber.token}\n\n\0`,
        );
        return;
      case 'a':
        for (const text of JSON.parse(data.slice(1)) as string[]) this.onStomp(text);
        return;
      case 'c': {
        const [code, reason] = JSON.parse(data.slice(1)) as [number, string];
        if (this.state !== 'subscribed') this.fail(`SockJS close ${code} ${reason}`);
        else this.problem ??= `SockJS close ${code} ${reason}`;
        return;
      }
      default:
        return; // 'h'
    }
  }

  /** STOMP frames, possibly several per SockJS message or split across them; bare EOLs are heart-beats. */
  private onStomp(text: string): void {
    this.buffer += text;
    for (;;) {
      let start = 0;
      while (start < this.buffer.length && (this.buffer[start] === '\n' || this.buffer[start] === '\r')) start++;
      const end = this.buffer.indexOf('\0', start);
      if (end === -1) {
        this.buffer = this.buffer.slice(start);
        return;
      }
      const frame = this.buffer.slice(start, end);
      this.buffer = this.buffer.slice(end + 1);
      this.onFrame(frame);
    }
  }

  private onFrame(frame: string): void {
    const receivedAt = now();
    const headEnd = frame.indexOf('\n\n');
    const head = headEnd === -1 ? frame : frame.slice(0, headEnd);
    const body = headEnd === -1 ? '' : frame.slice(headEnd + 2);
    const [command = '', ...headerLines] = head.split('\n');
    const header = (name: string) => headerLines.find((line) => line.startsWith(`${name}:`))?.slice(name.length + 1);
    switch (command.trim()) {
      case 'CONNECTED':
        this.state = 'connected';
        this.connectedAt = receivedAt;
        this.startHeartbeat();
        this.sendFrames(
          `SUBSCRIBE\nid:sub-0\ndestination:/topic/user-${this.subscriber.userId}\nack:auto\nreceipt:subscribed\n\n\0`,
        );
        return;
      case 'RECEIPT':
        if (header('receipt-id') === 'subscribed') {
          this.state = 'subscribed';
          this.settle?.(true);
        }
        return;
      case 'MESSAGE': {
        if (header('destination') !== `/topic/user-${this.subscriber.userId}`) return this.onStray();
        let content = '';
        try {
          content = (JSON.parse(body) as { content?: string }).content ?? '';
        } catch {
          return this.onStray();
        }
        const match = /^fanout seq=(\d+) sent=([\d.]+)$/.exec(content);
        if (!match) return this.onStray();
        this.onArrival({ seq: Number(match[1]), sentAt: Number(match[2]), receivedAt, client: this.subscriber.index });
        return;
      }
      case 'ERROR':
        this.fail(`STOMP ERROR: ${header('message') ?? body}`);
        return;
      default:
        return;
    }
  }

  private startHeartbeat(): void {
    this.heartbeat = setInterval(() => this.socket?.send('["\\n"]'), HEARTBEAT_MS);
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }
}

// ── The publisher (a worker thread: its own event loop, like a separate client) ───────────────────

interface PublishResult {
  /** Per sequence number: HTTP status (0: no answer), round trip in ms, lag behind the schedule in ms. */
  status: number[];
  httpMs: number[];
  lagMs: number[];
  seconds: number;
}

const PUBLISHER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { port, token, receivers, rate, total } = workerData;
// Open loop: enough sockets that a stalled server never makes a send wait for a free one here.
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
const now = () => Number(process.hrtime.bigint()) / 1e6;
const interval = 1000 / rate;
const status = new Array(total).fill(0), httpMs = new Array(total).fill(0), lagMs = new Array(total).fill(0);
let next = 0, finished = 0;
const start = now() + 20;
function post(seq) {
  const sentAt = now();
  lagMs[seq] = sentAt - (start + seq * interval);
  const body = Buffer.from(JSON.stringify({
    receiverId: receivers[seq % receivers.length],
    content: 'fanout seq=' + seq + ' sent=' + sentAt.toFixed(3),
  }));
  let answered = false;
  const done = (code) => {
    if (answered) return;
    answered = true;
    status[seq] = code;
    httpMs[seq] = now() - sentAt;
    if (++finished === total) {
      agent.destroy();
      parentPort.postMessage({ status, httpMs, lagMs, seconds: (now() - start) / 1000 });
    }
  };
  const req = http.request({ host: '127.0.0.1', port, path: '/v1/notifications/send', method: 'POST', agent,
    headers: { 'content-type': 'application/json', 'content-length': body.length, authorization: 'Bearer ' + token } },
    (res) => { res.resume(); res.on('end', () => done(res.statusCode)); res.on('error', () => done(0)); });
  req.setTimeout(30000, () => req.destroy(new Error('timeout')));
  req.on('error', () => done(0));
  req.end(body);
}
function tick() {
  const t = now();
  while (next < total && start + next * interval <= t) post(next++);
  if (next < total) setTimeout(tick, Math.max(0, start + next * interval - now()));
}
setTimeout(tick, 20);
`;

function publish(port: number, token: string, receivers: string[], total: number): Promise<PublishResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(PUBLISHER_SOURCE, {
      eval: true,
      workerData: { port, token, receivers, rate: RATE, total },
    });
    worker.once('error', reject);
    worker.once('message', (result: PublishResult) => {
      resolve(result);
      void worker.terminate();
    });
  });
}

// ── Figures ───────────────────────────────────────────────────────────────────────────────────────

function seededShuffle<T>(list: T[], seed: number): T[] {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const copy = [...list];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const mb = (kb: number) => (kb / 1024).toFixed(0);
const signedMb = (kb: number) => `${kb >= 0 ? '+' : '−'}${mb(Math.abs(kb))}`;
const histogram = (items: (string | null)[]) => {
  const counts = new Map<string, number>();
  for (const item of items) if (item) counts.set(item, (counts.get(item) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => `${n}× ${reason}`)
    .join('; ');
};

// ── The run ───────────────────────────────────────────────────────────────────────────────────────

async function main(): Promise<void> {
  if (!SERVER_ENTRY.endsWith('.ts') && !existsSync(SERVER_ENTRY)) {
    throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first (npm run bench does).`);
  }
  if (INSTANCES > 1 && (!DATABASE_URL || !REDIS_URL)) {
    throw new Error('--instances > 1 needs DATABASE_URL and REDIS_URL (PGlite is one process, the bus is Redis).');
  }
  const dbLabel = DATABASE_URL ? 'PostgreSQL (DATABASE_URL, scratch database)' : 'embedded PGlite (on disk)';
  const busLabel = REDIS_URL ? 'Redis bus and counters (REDIS_URL)' : 'in-memory bus';
  const warmupCount = Math.round(RATE * WARMUP_SECONDS);
  const measuredCount = Math.round(RATE * SECONDS);
  const total = warmupCount + measuredCount;
  console.log(
    `LegalConnect fan-out benchmark: ${CLIENTS} STOMP clients over SockJS websocket (heart-beat ${HEARTBEAT_MS},${HEARTBEAT_MS}), ` +
      `${RATE} notifications/s for ${SECONDS} s (+${WARMUP_SECONDS} s warm-up), ${INSTANCES} instance(s), ${dbLabel}, ${busLabel}`,
  );
  const [load1, load5] = os.loadavg();
  console.log(
    `  machine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, load average ${load1?.toFixed(2)} / ${load5?.toFixed(2)} (1/5 min) at start, node ${process.version}, server ${path.relative(REPO_ROOT, SERVER_ENTRY)}`,
  );

  const root = mkdtempSync(path.join(os.tmpdir(), 'legalconnect-fanout-'));
  const jwtSecret = randomBytes(32).toString('hex');
  const servers: ServerProcess[] = [];
  const clients: StompClient[] = [];
  let scratch: { admin: pg.Client; name: string } | null = null;
  try {
    // Database: a scratch PostgreSQL database, or PGlite in the first instance's data directory.
    let databaseUrl: string | null = null;
    if (DATABASE_URL) {
      const name = `lc_fanout_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
      const admin = new pg.Client({ connectionString: DATABASE_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      scratch = { admin, name };
      const url = new URL(DATABASE_URL);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
    }
    const dataDirs = Array.from({ length: INSTANCES }, (_, i) => path.join(root, `instance-${i}`));
    let started = now();
    const subscribers = await seedSubscribers(databaseUrl, dataDirs[0] as string, jwtSecret);
    console.log(
      `  seeded ${subscribers.length} verified users with sessions in ${((now() - started) / 1000).toFixed(1)} s`,
    );

    for (let i = 0; i < INSTANCES; i++) {
      servers.push(
        await startServer(`instance ${i}`, {
          DATA_DIR: dataDirs[i] as string,
          CLIENT_DIR: path.join(root, 'no-client'),
          DEMO_DATA: 'false',
          JWT_SECRET: jwtSecret,
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
          ...(REDIS_URL ? { REDIS_URL } : {}),
        }),
      );
    }
    const publisherServer = servers[0] as ServerProcess;
    const login = await fetch(`${publisherServer.baseURL}/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    if (!login.ok) throw new Error(`admin login answered ${login.status}: ${await login.text()}`);
    const adminToken = ((await login.json()) as { data: { token: string } }).data.token;
    await delay(2000);
    const idle = servers.map((s) => processFigures(s.pid));

    // Memory sampling all along (VmHWM also gives the kernel's own peak).
    const peakRssKb = servers.map(() => 0);
    const sampler = setInterval(() => {
      servers.forEach((s, i) => {
        const f = processFigures(s.pid);
        if (f) peakRssKb[i] = Math.max(peakRssKb[i] ?? 0, f.rssKb);
      });
    }, 250);

    // Connect in batches; clients alternate between instances.
    const arrivals: Arrival[] = [];
    let stray = 0;
    const onArrival = (arrival: Arrival) => arrivals.push(arrival);
    for (const subscriber of subscribers) {
      const instance = subscriber.index % INSTANCES;
      clients.push(new StompClient(subscriber, servers[instance] as ServerProcess, instance, onArrival, () => stray++));
    }
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    started = now();
    const cpuBeforeConnect = servers.map((s) => processFigures(s.pid)?.cpuMs ?? 0);
    for (let i = 0; i < clients.length; i += CONNECT_BATCH) {
      await Promise.all(clients.slice(i, i + CONNECT_BATCH).map((client) => client.connect()));
    }
    const connectSeconds = (now() - started) / 1000;
    const connectCpu = servers.map(
      (s, i) => ((processFigures(s.pid)?.cpuMs ?? 0) - (cpuBeforeConnect[i] ?? 0)) / 10 / connectSeconds,
    );
    const subscribed = clients.filter((c) => c.state === 'subscribed');
    const connectFigures = percentiles(subscribed.map((c) => c.connectMs));
    // Where a connect spends its time: socket + upgrade + SockJS 'o', then CONNECT → CONNECTED, then SUBSCRIBE → RECEIPT.
    const phases = {
      sockjsOpen: percentiles(subscribed.map((c) => c.openedAt - c.startedAt)),
      stompConnect: percentiles(subscribed.map((c) => c.connectedAt - c.openedAt)),
      subscribe: percentiles(subscribed.map((c) => c.startedAt + c.connectMs - c.connectedAt)),
    };
    const phaseText = Object.entries(phases)
      .map(([name, f]) => `${name} p50 ${ms(f.p50)} / p99 ${ms(f.p99)}`)
      .join(', ');
    const connectErrors = clients.filter((c) => c.state !== 'subscribed');
    console.log(
      `  connected ${subscribed.length}/${CLIENTS} in ${connectSeconds.toFixed(1)} s (batches of ${CONNECT_BATCH}): ` +
        `open→subscribed p50 ${ms(connectFigures.p50)} ms, p99 ${ms(connectFigures.p99)} ms (${phaseText} ms)` +
        (connectErrors.length
          ? `; ${connectErrors.length} failed: ${histogram(connectErrors.map((c) => c.problem))}`
          : ''),
    );
    if (subscribed.length === 0) throw new Error(`no client could connect:\n${publisherServer.logs()}`);

    await delay(3000);
    const connected = servers.map((s) => processFigures(s.pid));
    loopDelay.reset();

    // Publish: round-robin over a seeded shuffle of the subscribed users.
    const receivers = seededShuffle(subscribed, 5).map((c) => c.subscriber.userId);
    const expectedClient = new Map(subscribed.map((c) => [c.subscriber.userId, c.subscriber.index]));
    const cpuBeforePublish = servers.map((s) => processFigures(s.pid)?.cpuMs ?? 0);
    // PostgreSQL's share: the backends serving the scratch database (the servers' pools), same machine.
    const backends = scratch
      ? (
          await scratch.admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [
            scratch.name,
          ])
        ).rows.map((row) => row.pid)
      : [];
    const backendsCpu = () => backends.reduce((sum, pid) => sum + (processFigures(pid)?.cpuMs ?? 0), 0);
    const backendsBefore = backendsCpu();
    const clientCpuBefore = process.cpuUsage();
    const machineBefore = machineCpu();
    started = now();
    const result = await publish(publisherServer.port, adminToken, receivers, total);
    const publishSeconds = (now() - started) / 1000;
    const publishCpu = servers.map(
      (s, i) => ((processFigures(s.pid)?.cpuMs ?? 0) - (cpuBeforePublish[i] ?? 0)) / 10 / publishSeconds,
    );
    const clientCpuUsage = process.cpuUsage(clientCpuBefore);
    const clientCpu = (clientCpuUsage.user + clientCpuUsage.system) / 1e4 / publishSeconds;
    const machineAfter = machineCpu();
    // Of all the machine's cores, in % of one core: everything busy, and what the server(s) and this process did not use.
    const machineBusy = ((machineAfter.busyMs - machineBefore.busyMs) / 10 / publishSeconds) | 0;
    const postgresCpu = ((backendsCpu() - backendsBefore) / 10 / publishSeconds) | 0;
    const othersBusy = Math.max(0, machineBusy - publishCpu.reduce((a, b) => a + b, 0) - clientCpu - postgresCpu) | 0;

    // Grace: wait for stragglers (or until every accepted notification has arrived).
    const accepted = new Set<number>();
    result.status.forEach((status, seq) => {
      if (status >= 200 && status < 300) accepted.add(seq);
    });
    const graceDeadline = now() + GRACE_SECONDS * 1000;
    const outstanding = () => {
      const arrived = new Set(arrivals.map((a) => a.seq));
      return [...accepted].some((seq) => !arrived.has(seq));
    };
    while (now() < graceDeadline && outstanding()) await delay(100);
    loopDelay.disable();
    clearInterval(sampler);
    const end = servers.map((s) => processFigures(s.pid));

    // Held: still subscribed, and the server was heard within two heart-beat intervals.
    const heldAt = now();
    const held = clients.filter((c) => c.state === 'subscribed' && heldAt - c.lastServerAt <= 2 * HEARTBEAT_MS + 1000);
    const dropped = clients.filter((c) => c.closedAfterSubscribe);

    // Delivery: first arrival per sequence number; duplicates are the extra ones; misrouted ones went
    // to a socket of another user than the receiver (the topic's authorization should make that impossible).
    const firstArrival = new Map<number, Arrival>();
    let duplicates = 0;
    let misrouted = 0;
    for (const arrival of arrivals) {
      const receiver = receivers[arrival.seq % receivers.length];
      if (receiver === undefined || expectedClient.get(receiver) !== arrival.client) misrouted++;
      if (firstArrival.has(arrival.seq)) duplicates++;
      else firstArrival.set(arrival.seq, arrival);
    }
    const lost = [...accepted].filter((seq) => !firstArrival.has(seq));
    const unaccepted = result.status.length - accepted.size;
    const statuses = histogram(
      result.status.map((s) => (s >= 200 && s < 300 ? null : s === 0 ? 'no answer' : `HTTP ${s}`)),
    );
    const measured = [...firstArrival.values()].filter((a) => a.seq >= warmupCount);
    const latency = percentiles(measured.map((a) => a.receivedAt - a.sentAt));
    const warmLatency = percentiles(
      [...firstArrival.values()].filter((a) => a.seq < warmupCount).map((a) => a.receivedAt - a.sentAt),
    );
    const http = percentiles(result.httpMs.slice(warmupCount));
    // The realtime path alone: MESSAGE arrival minus the 201's arrival (negative: the socket was first).
    const afterResponse = percentiles(measured.map((a) => a.receivedAt - a.sentAt - (result.httpMs[a.seq] ?? 0)));
    const lag = percentiles(result.lagMs.slice(warmupCount));
    let viaBus: ReturnType<typeof percentiles> | null = null;
    if (INSTANCES > 1) {
      const instanceOf = new Map(clients.map((c) => [c.subscriber.index, c.instance]));
      viaBus = percentiles(measured.filter((a) => instanceOf.get(a.client) !== 0).map((a) => a.receivedAt - a.sentAt));
    }
    if (process.env.FANOUT_DUMP) {
      // One row per notification, for plotting latency against time: [seq, sentAt (ms from the first send), HTTP status, HTTP ms, delivery ms or null].
      const first = firstArrival.get(0)?.sentAt ?? 0;
      const dump = result.status.map((status, seq) => {
        const arrival = firstArrival.get(seq);
        return [
          seq,
          arrival ? +(arrival.sentAt - first).toFixed(1) : null,
          status,
          +(result.httpMs[seq] ?? 0).toFixed(1),
          arrival ? +(arrival.receivedAt - arrival.sentAt).toFixed(1) : null,
        ];
      });
      writeFileSync(process.env.FANOUT_DUMP, JSON.stringify(dump));
    }
    const loopP99 = loopDelay.percentile(99) / 1e6;
    const loopMax = loopDelay.max / 1e6;

    // ── Report ──
    const rows: [string, string][] = [
      [
        'connections held',
        `${held.length}/${CLIENTS} at the end (${dropped.length} dropped during the run${dropped.length ? `: ${histogram(dropped.map((c) => c.problem))}` : ''})`,
      ],
      [
        'connection errors',
        connectErrors.length ? `${connectErrors.length}: ${histogram(connectErrors.map((c) => c.problem))}` : '0',
      ],
      [
        'connect phase',
        `${connectSeconds.toFixed(1)} s, open→subscribed p50 ${ms(connectFigures.p50)} / p99 ${ms(connectFigures.p99)} / max ${ms(connectFigures.max)} ms`,
      ],
      [
        'published',
        `${result.status.length} in ${result.seconds.toFixed(1)} s (${warmupCount} warm-up), ${accepted.size} accepted (201)${unaccepted ? `, ${unaccepted} refused: ${statuses}` : ''}`,
      ],
      [
        'delivery latency',
        `p50 ${ms(latency.p50)} ms  p95 ${ms(latency.p95)} ms  p99 ${ms(latency.p99)} ms  max ${ms(latency.max)} ms  (${latency.count} after warm-up; send → MESSAGE)`,
      ],
      ...(viaBus
        ? ([
            [
              '  via Redis (other instance)',
              `p50 ${ms(viaBus.p50)} ms  p95 ${ms(viaBus.p95)} ms  p99 ${ms(viaBus.p99)} ms  (${viaBus.count})`,
            ],
          ] as [string, string][])
        : []),
      [
        '  warm-up latency',
        `p50 ${ms(warmLatency.p50)} ms  p99 ${ms(warmLatency.p99)} ms  max ${ms(warmLatency.max)} ms  (${warmLatency.count}, not counted above)`,
      ],
      [
        'lost',
        `${lost.length} of ${accepted.size} accepted (grace ${GRACE_SECONDS} s)${lost.length ? `, e.g. seq ${lost.slice(0, 5).join(', ')}` : ''}`,
      ],
      ['duplicated', `${duplicates}`],
      ['misrouted / unparsed', `${misrouted} / ${stray}`],
      [
        'HTTP send round trip',
        `p50 ${ms(http.p50)} ms  p95 ${ms(http.p95)} ms  p99 ${ms(http.p99)} ms  max ${ms(http.max)} ms`,
      ],
      [
        'MESSAGE − 201 arrival',
        `p50 ${ms(afterResponse.p50)} ms  p99 ${ms(afterResponse.p99)} ms  max ${ms(afterResponse.max)} ms (negative: the socket beat the HTTP answer)`,
      ],
      ['publisher schedule lag', `p99 ${ms(lag.p99)} ms  max ${ms(lag.max)} ms`],
      ...servers.map((s, i): [string, string] => [
        `server RSS${INSTANCES > 1 ? ` (${s.label})` : ''}`,
        `idle ${mb(idle[i]?.rssKb ?? 0)} MB, connected ${mb(connected[i]?.rssKb ?? 0)} MB ` +
          `(${signedMb((connected[i]?.rssKb ?? 0) - (idle[i]?.rssKb ?? 0))} MB for the sockets, GC permitting), ` +
          `peak ${mb(Math.max(peakRssKb[i] ?? 0, end[i]?.hwmKb ?? 0))} MB, end ${mb(end[i]?.rssKb ?? 0)} MB`,
      ]),
      ...servers.map((s, i): [string, string] => [
        `server CPU${INSTANCES > 1 ? ` (${s.label})` : ''}`,
        `${(connectCpu[i] ?? 0).toFixed(0)}% of a core while connecting, ${(publishCpu[i] ?? 0).toFixed(0)}% while publishing`,
      ]),
      [
        'bench process',
        `${clientCpu.toFixed(0)}% of a core while publishing; client event-loop delay p99 ${ms(loopP99)} ms, max ${ms(loopMax)} ms`,
      ],
      [
        'machine while publishing',
        `${machineBusy}% of ${os.cpus().length * 100}% busy` +
          (scratch ? `, PostgreSQL backends of this run ${postgresCpu}%` : '') +
          `, other processes ${othersBusy}%${REDIS_URL ? ' (Redis among them)' : ''}`,
      ],
    ];
    const met =
      CLIENTS >= TARGET.clients &&
      RATE >= TARGET.rate &&
      held.length === CLIENTS &&
      latency.p99 <= TARGET.p99Ms &&
      lost.length === 0;
    console.log('');
    for (const [name, value] of rows) console.log(`  ${name.padEnd(28)} ${value}`);
    console.log(
      `  ${'target'.padEnd(28)} ${TARGET.clients} clients, ${TARGET.rate}/s, p99 ≤ ${TARGET.p99Ms} ms, 0 lost: ` +
        (CLIENTS >= TARGET.clients && RATE >= TARGET.rate ? (met ? 'met' : 'NOT met') : 'n/a at this size'),
    );
    const [endLoad1] = os.loadavg();
    const setup = `${DATABASE_URL ? 'PostgreSQL' : 'PGlite'}${REDIS_URL ? '+Redis' : ''} ×${INSTANCES}`;
    writeBenchReport(`fanout${INSTANCES > 1 ? `-${INSTANCES}` : ''}`, [
      {
        scenario: `STOMP fan-out ${held.length}/${CLIENTS} clients, ${RATE}/s`,
        setup,
        requests: accepted.size,
        rps: RATE,
        p50: latency.p50,
        p95: latency.p95,
        p99: latency.p99,
        errors: connectErrors.length + dropped.length,
        rssMb: Math.max(...servers.map((_, i) => Number(mb(Math.max(peakRssKb[i] ?? 0, end[i]?.hwmKb ?? 0))))),
        note:
          `delivery latency; lost ${lost.length}, duplicated ${duplicates}, misrouted ${misrouted}` +
          (viaBus ? `; via Redis p99 ${ms(viaBus.p99)} ms` : ''),
      },
    ]);
    console.log(
      JSON.stringify({
        bench: 'fanout',
        clients: CLIENTS,
        rate: RATE,
        seconds: SECONDS,
        instances: INSTANCES,
        database: DATABASE_URL ? 'postgres' : 'pglite',
        bus: REDIS_URL ? 'redis' : 'memory',
        held: held.length,
        connectErrors: connectErrors.length,
        dropped: dropped.length,
        published: result.status.length,
        accepted: accepted.size,
        lost: lost.length,
        duplicated: duplicates,
        misrouted,
        latencyMs: {
          p50: +latency.p50.toFixed(2),
          p95: +latency.p95.toFixed(2),
          p99: +latency.p99.toFixed(2),
          max: +latency.max.toFixed(2),
        },
        ...(viaBus ? { viaRedisMs: { p50: +viaBus.p50.toFixed(2), p99: +viaBus.p99.toFixed(2) } } : {}),
        httpMs: { p50: +http.p50.toFixed(2), p99: +http.p99.toFixed(2) },
        messageMinusResponseMs: { p50: +afterResponse.p50.toFixed(2), p99: +afterResponse.p99.toFixed(2) },
        serverRssMb: servers.map((_, i) => ({
          idle: +mb(idle[i]?.rssKb ?? 0),
          connected: +mb(connected[i]?.rssKb ?? 0),
          peak: +mb(Math.max(peakRssKb[i] ?? 0, end[i]?.hwmKb ?? 0)),
          end: +mb(end[i]?.rssKb ?? 0),
        })),
        serverCpuPercent: servers.map((_, i) => ({
          connect: Math.round(connectCpu[i] ?? 0),
          publish: Math.round(publishCpu[i] ?? 0),
        })),
        clientLoopDelayP99Ms: +loopP99.toFixed(2),
        machineBusyPercent: machineBusy,
        ...(scratch ? { postgresBusyPercent: postgresCpu } : {}),
        othersBusyPercent: othersBusy,
        loadAverage: [+(load1 ?? 0).toFixed(2), +(endLoad1 ?? 0).toFixed(2)],
        targetMet: met,
      }),
    );
  } finally {
    for (const client of clients) client.close();
    await delay(200);
    await Promise.all(servers.map((s) => s.stop()));
    if (scratch) {
      await scratch.admin.query(`drop database if exists ${scratch.name} with (force)`).catch(() => undefined);
      await scratch.admin.end();
    }
    rmSync(root, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('fan-out benchmark could not run:', error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
