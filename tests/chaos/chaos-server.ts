/**
 * The chaos test's server side: the BUILT server (`node dist/server/main.js`, what `npm start` runs)
 * as a child process on its own port and data directory, which can be stopped (SIGTERM, wait for
 * exit) and started again on the same data; a scratch PostgreSQL database when DATABASE_URL is set
 * (created here, dropped at the end); users seeded through the server's own repositories before the
 * server starts (as the benchmarks do: no argon2 logins); and the rows the assertions read straight
 * from the database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { systemClock } from '../../server/clock';
import { approvedProfileRow, demoLawyer } from '../../server/demo/demo-lawyers';
import { openDatabase } from '../../server/db/client';
import { createPGlite } from '../../server/db/pglite-extensions';
import { sessions } from '../../server/db/schema';
import { TokenService } from '../../server/modules/auth/tokens';
import { LawyersRepository } from '../../server/modules/lawyers/repository';
import { UsersRepository } from '../../server/modules/users/repository';
import { TEST_AUTH_IP_LIMITS } from '../helpers/test-limits';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SERVER_ENTRY = path.join(REPO_ROOT, 'dist', 'server', 'main.js');

const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;

/** Variables of the caller's shell that would make the server share state with other runs. */
export const ISOLATED_ENV = [
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'PORT',
  'HOST',
  'DATA_DIR',
  'DEMO_DATA',
  'PUBLIC_URL',
  'LOG_LEVEL',
  'ADMIN_EMAIL',
  'ADMIN_PASSWORD',
];

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

// ── The database ────────────────────────────────────────────────────────────────────────────────

export interface ChaosDatabase {
  kind: 'pglite' | 'postgres';
  /** The scratch database's URL (postgres), null for PGlite in DATA_DIR/pglite. */
  url: string | null;
  /** Drops the scratch database (postgres); nothing for PGlite (the data dir is removed by the caller). */
  drop(): Promise<void>;
}

/** PostgreSQL when DATABASE_URL is set (a scratch database made from it), else PGlite in the data dir. */
export async function scratchDatabase(adminUrl: string | undefined): Promise<ChaosDatabase> {
  if (!adminUrl) return { kind: 'pglite', url: null, drop: async () => undefined };
  const name = `lc_chaos_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

export interface SeededUser {
  index: number;
  id: string;
  role: 'USER' | 'LAWYER';
  token: string;
}

/**
 * `clients` verified USERs and `lawyers` verified LAWYERs with APPROVED profiles (so every client
 * may talk to every lawyer, server/modules/chat/policy.ts), each with a session and an access token
 * as login makes them. Written through the server's repositories before the server starts.
 */
export async function seedUsers(
  database: ChaosDatabase,
  dataDir: string,
  jwtSecret: string,
  counts: { clients: number; lawyers: number },
): Promise<{ clients: SeededUser[]; lawyers: SeededUser[] }> {
  const handle = await openDatabase({ databaseUrl: database.url, dataDir });
  try {
    const users = new UsersRepository(handle.db);
    const lawyers = new LawyersRepository(handle.db);
    const tokens = new TokenService(jwtSecret, systemClock);
    const at = systemClock.now();
    const lawyerData = Array.from({ length: counts.lawyers }, (_, i) => demoLawyer(i));
    const created = await users.createMany([
      ...Array.from({ length: counts.clients }, (_, i) => ({
        email: `chaos-client-${i}@chaos.legalconnect.test`,
        passwordHash: 'chaos-no-login',
        firstName: 'Chaos',
        lastName: `Client ${i}`,
        role: 'USER' as const,
        emailVerified: true,
        now: at,
      })),
      ...lawyerData.map((lawyer, i) => ({
        email: `chaos-lawyer-${i}@chaos.legalconnect.test`,
        passwordHash: 'chaos-no-login',
        firstName: lawyer.firstName,
        lastName: lawyer.lastName,
        role: 'LAWYER' as const,
        emailVerified: true,
        now: at,
      })),
    ]);
    const byEmail = new Map(created.map((user) => [user.email, user]));
    const lawyerId = (i: number) => byEmail.get(`chaos-lawyer-${i}@chaos.legalconnect.test`)?.id ?? '';
    // APPROVED profiles, as the directory benchmark writes them.
    const profiles = lawyerData.map((lawyer, i) => approvedProfileRow(lawyer, lawyerId(i), `chaos-${i}`, at));
    await lawyers.insertMany(profiles);
    // Sessions as AuthRepository.createSession writes them, then access tokens as login signs them.
    const rows = await handle.db
      .insert(sessions)
      .values(
        created.map((user) => ({
          userId: user.id,
          userAgent: 'chat-chaos',
          ip: '127.0.0.1',
          createdAt: at,
          lastSeenAt: at,
        })),
      )
      .returning({ id: sessions.id, userId: sessions.userId });
    const sidOf = new Map(rows.map((row) => [row.userId, row.id]));
    const seeded = async (email: string, index: number, role: 'USER' | 'LAWYER'): Promise<SeededUser> => {
      const user = byEmail.get(email);
      const sid = user ? sidOf.get(user.id) : undefined;
      if (!user || !sid) throw new Error(`seeding failed for ${email}`);
      return { index, id: user.id, role, token: await tokens.signAccess(user, sid) };
    };
    const clients: SeededUser[] = [];
    for (let i = 0; i < counts.clients; i++)
      clients.push(await seeded(`chaos-client-${i}@chaos.legalconnect.test`, i, 'USER'));
    const lawyerUsers: SeededUser[] = [];
    for (let i = 0; i < counts.lawyers; i++) {
      lawyerUsers.push(await seeded(`chaos-lawyer-${i}@chaos.legalconnect.test`, counts.clients + i, 'LAWYER'));
    }
    return { clients, lawyers: lawyerUsers };
  } finally {
    await handle.close();
  }
}

export interface MessageRowView {
  id: string;
  conversationId: string;
  seq: number;
  senderId: string;
  receiverId: string;
  clientMessageId: string | null;
  content: string;
}

export interface ConversationRowView {
  id: string;
  userLow: string;
  userHigh: string;
  lastSeq: number;
}

/** Every message and conversation, read straight from the database (PGlite: the server must be stopped). */
export async function readChat(
  database: ChaosDatabase,
  dataDir: string,
): Promise<{ messages: MessageRowView[]; conversations: ConversationRowView[] }> {
  const messagesSql =
    'select id::text as "id", conversation_id::text as "conversationId", seq, sender_id::text as "senderId", ' +
    'receiver_id::text as "receiverId", client_message_id::text as "clientMessageId", content from messages';
  const conversationsSql =
    'select id::text as "id", user_low::text as "userLow", user_high::text as "userHigh", last_seq as "lastSeq" from conversations';
  if (database.url) {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const messages = await client.query<MessageRowView>(messagesSql);
      const conversations = await client.query<ConversationRowView>(conversationsSql);
      return { messages: messages.rows, conversations: conversations.rows };
    } finally {
      await client.end();
    }
  }
  const db = await createPGlite({ dataDir: path.join(dataDir, 'pglite') });
  try {
    const messages = await db.query<MessageRowView>(messagesSql);
    const conversations = await db.query<ConversationRowView>(conversationsSql);
    return { messages: messages.rows, conversations: conversations.rows };
  } finally {
    await db.close();
  }
}

// ── Probes (CHAOS_PROGRESS) ───────────────────────────────────────────────────────────────────────

interface FayeSocket {
  on(event: 'open' | 'close', listener: () => void): void;
  on(event: 'message', listener: (event: { data: string }) => void): void;
  close(): void;
}
/** faye-websocket, the WebSocket client sockjs-client uses under Node (no type declarations). */
const FayeWebSocket = (createRequire(import.meta.url)('faye-websocket') as { Client: new (url: string) => FayeSocket })
  .Client;

function timeHealth(port: number, fresh: boolean): Promise<string> {
  const started = performance.now();
  return new Promise((resolve) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: '/v1/health', ...(fresh ? { agent: false } : {}) },
      (response) => {
        response.resume();
        response.on('end', () => resolve(`${response.statusCode} in ${(performance.now() - started).toFixed(0)} ms`));
      },
    );
    request.on('error', () => resolve('no answer'));
    request.setTimeout(10_000, () => request.destroy());
  });
}

function timeWebSocket(port: number): Promise<string> {
  const started = performance.now();
  let upgraded = -1;
  return new Promise((resolve) => {
    const session = Math.random().toString(36).slice(2, 10);
    const socket = new FayeWebSocket(`ws://127.0.0.1:${port}/v1/ws/999/${session}/websocket`);
    const finish = (text: string) => {
      clearTimeout(timer);
      socket.close();
      resolve(text);
    };
    const timer = setTimeout(() => finish(`101 ${upgraded.toFixed(0)} ms, no 'o' in 10 s`), 10_000);
    socket.on('open', () => {
      upgraded = performance.now() - started;
    });
    socket.on('message', (event) => {
      if (event.data === 'o')
        finish(`101 ${upgraded.toFixed(0)} ms, 'o' ${(performance.now() - started).toFixed(0)} ms`);
    });
    socket.on('close', () => finish(upgraded < 0 ? 'refused' : 'closed'));
  });
}

/** How long the server takes to answer: health on a kept-alive and on a fresh connection, a SockJS WebSocket. */
export async function probeServer(port: number): Promise<string> {
  const [kept, fresh, websocket] = await Promise.all([
    timeHealth(port, false),
    timeHealth(port, true),
    timeWebSocket(port),
  ]);
  return `health ${kept} (fresh connection ${fresh}), websocket ${websocket}`;
}

// ── The server process ────────────────────────────────────────────────────────────────────────────

/** The built server on a fixed port and data directory, restartable on the same data. */
export class ServerProcess {
  readonly baseURL: string;
  private child: ChildProcess | null = null;
  private readonly output: string[] = [];
  /** Log lines at level error or fatal (pino JSON: level ≥ 50), over every run of the process. */
  readonly errorLines: string[] = [];
  starts = 0;
  /** Exits nobody asked for (a crash), with the code or signal. */
  readonly unexpectedExits: string[] = [];
  private stopping = false;

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.baseURL = `http://127.0.0.1:${port}`;
  }

  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  logs(): string {
    return this.output.join('\n');
  }

  /** What a failure message needs: unexpected exits and the last lines the server printed. */
  diagnosis(lines = 30): string {
    return [
      `server: ${this.unexpectedExits.length ? this.unexpectedExits.join('; ') : 'no unexpected exit'}`,
      `last ${lines} lines of its output:`,
      ...this.output.slice(-lines),
    ].join('\n');
  }

  /** Spawns the server and resolves once GET /v1/health answers 200. */
  async start(): Promise<void> {
    if (!existsSync(SERVER_ENTRY)) {
      throw new Error(`${SERVER_ENTRY} is missing: run \`npm run build\` first (npm test does).`);
    }
    const env: NodeJS.ProcessEnv = { ...process.env };
    for (const name of ISOLATED_ENV) delete env[name];
    Object.assign(
      env,
      {
        NODE_ENV: 'production',
        PORT: String(this.port),
        HOST: '127.0.0.1',
        PUBLIC_URL: this.baseURL,
        ...TEST_AUTH_IP_LIMITS,
      },
      this.env,
    );
    const child = spawn(process.execPath, ['--enable-source-maps', SERVER_ENTRY], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.starts += 1;
    const run = this.starts;
    child.once('exit', (code, signal) => {
      if (!this.stopping) this.unexpectedExits.push(`run ${run} exited by itself (code ${code}, signal ${signal})`);
    });
    const record = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        this.output.push(`[run ${run}] ${line}`);
        const level = /"level":(\d+)/.exec(line)?.[1];
        if (level && Number(level) >= 50) this.errorLines.push(`[run ${run}] ${line}`);
      }
      if (this.output.length > 300) this.output.splice(0, this.output.length - 300);
      if (process.env.CHAOS_SERVER_LOG) process.stderr.write(chunk);
    };
    child.stdout?.on('data', record);
    child.stderr?.on('data', record);
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`the server exited during start-up (code ${child.exitCode}):\n${this.logs()}`);
      }
      try {
        const response = await fetch(`${this.baseURL}/v1/health`, { signal: AbortSignal.timeout(2_000) });
        if (response.status === 200) return;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) {
        await this.stop();
        throw new Error(`GET /v1/health did not answer 200 within ${START_TIMEOUT_MS / 1000} s:\n${this.logs()}`);
      }
      // Start-up has no event to wait for from outside the process but its port answering.
      await delay(50);
    }
  }

  /** SIGTERM, and wait for the exit (SIGKILL after STOP_TIMEOUT_MS). Resolves whether it was graceful. */
  async stop(): Promise<{ graceful: boolean; code: number | null }> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) {
      return { graceful: true, code: child?.exitCode ?? null };
    }
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    this.stopping = true;
    try {
      child.kill('SIGTERM');
      const graceful = await Promise.race([exited.then(() => true), delay(STOP_TIMEOUT_MS).then(() => false)]);
      if (!graceful) {
        child.kill('SIGKILL');
        await exited;
      }
      return { graceful, code: child.exitCode };
    } finally {
      this.stopping = false;
    }
  }
}
