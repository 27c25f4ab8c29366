/**
 * Realtime suites: the test app listening on 127.0.0.1 (port 0) with the STOMP endpoint at /v1/ws,
 * a STOMP client that is the real `@stomp/stompjs` over the real `sockjs-client` (as the PWA uses
 * them), and two app instances on one PostgreSQL and one Redis for the fan-out test.
 *
 * The endpoint is the app's own when build() registers it (app.realtime); until then these helpers
 * attach it themselves with the same dependencies build() has.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client, type IFrame, type IMessage, type StompHeaders } from '@stomp/stompjs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import SockJS from 'sockjs-client';
import { build } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { AuthRepository } from '../../server/modules/auth/repository';
import { AuthService } from '../../server/modules/auth/service';
import { TokenService } from '../../server/modules/auth/tokens';
import { UsersRepository } from '../../server/modules/users/repository';
import { createRealtime, type Realtime } from '../../server/realtime';
import { startTestApp, TestClock, type TestApp, type TestAppOptions } from './server-app';
import { TEST_AUTH_IP_LIMITS } from './test-limits';

export interface RealtimeTestApp extends TestApp {
  realtime: Realtime;
  /** http://127.0.0.1:PORT */
  origin: string;
  /** The SockJS endpoint URL. */
  url: string;
}

/** startTestApp() plus the realtime endpoint, listening on a real port. */
export async function startRealtimeApp(options: TestAppOptions = {}): Promise<RealtimeTestApp> {
  const t = await startTestApp(options);
  const attached = attachRealtime(t.app, `lc:test:${randomUUID()}:realtime`);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  await attached.realtime.ready();
  const origin = listeningOrigin(t.app);
  return {
    ...t,
    realtime: attached.realtime,
    origin,
    url: `${origin}/v1/ws`,
    async close() {
      await attached.close();
      await t.close();
    },
  };
}

/** The app's own realtime, or one attached with the dependencies build() would give it. */
function attachRealtime(app: FastifyInstance, channel: string): { realtime: Realtime; close(): Promise<void> } {
  if (app.hasDecorator('realtime')) return { realtime: app.realtime, close: async () => undefined };
  const { config, database, clock, counters, sessionEvents, notificationEvents, marketplace } = app.services;
  const auth = new AuthService({
    db: database.db,
    jobs: app.services.jobs,
    ipLimits: config.authIpLimits,
    users: new UsersRepository(database.db),
    auth: new AuthRepository(database.db),
    tokens: new TokenService(config.jwtSecret, clock),
    counters,
    mailer: { send: async () => undefined, close: () => undefined },
    clock,
    events: sessionEvents,
    otpSecret: `otp:${config.jwtSecret}`,
    logger: app.log,
  });
  const realtime = createRealtime(app.server, {
    authenticate: (token) => auth.authenticate(token),
    sessionEvents,
    notificationEvents,
    markRead: (actor, id) => marketplace.notifications.markRead(actor, id),
    redis: config.redisUrl ? { url: config.redisUrl, channel } : null,
    allowedOrigins: [config.publicUrl, ...config.corsOrigins],
    logger: app.log,
  });
  return { realtime, close: () => realtime.close() };
}

function listeningOrigin(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app is not listening on a TCP port');
  return `http://127.0.0.1:${address.port}`;
}

export interface ClusterInstance {
  app: FastifyInstance;
  realtime: Realtime;
  url: string;
  mailDir: string;
}

export interface RealtimeCluster {
  instances: ClusterInstance[];
  close(): Promise<void>;
}

/**
 * Two (or more) app instances as production runs them: one PostgreSQL database (a scratch database
 * made from DATABASE_URL, or `urls.databaseUrl` where a project hides DATABASE_URL), one Redis
 * (REDIS_URL or `urls.redisUrl`) with a channel of their own, one JWT secret.
 */
export async function startRealtimeCluster(
  size = 2,
  urls: { databaseUrl?: string; redisUrl?: string } = {},
): Promise<RealtimeCluster> {
  const adminUrl = urls.databaseUrl || process.env.DATABASE_URL;
  const redisUrl = urls.redisUrl || process.env.REDIS_URL;
  if (!adminUrl || !redisUrl) throw new Error('a realtime cluster needs DATABASE_URL and REDIS_URL');
  const scratch = await createPostgresDatabase(adminUrl);
  const jwtSecret = randomBytes(32).toString('hex');
  const redisKeyPrefix = `lc:test:${randomUUID()}:`;
  const instances: ClusterInstance[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  try {
    for (let i = 0; i < size; i += 1) {
      const dataDir = await mkdtemp(path.join(tmpdir(), `legalconnect-cluster-${i}-`));
      const config = loadConfig({
        DATA_DIR: dataDir,
        // The suites run with zod checking every response (Config.responseCrossCheck).
        NODE_ENV: 'test',
        DATABASE_URL: scratch.url,
        REDIS_URL: redisUrl,
        JWT_SECRET: jwtSecret,
        LOG_LEVEL: 'silent',
        DEMO_DATA: 'false',
        CLIENT_DIR: path.join(dataDir, 'no-client'),
        ...TEST_AUTH_IP_LIMITS,
      });
      const database: DatabaseHandle = await openDatabase({ databaseUrl: scratch.url, dataDir });
      const app = await build(config, { database, clock: new TestClock(), redisKeyPrefix });
      const attached = attachRealtime(app, `${redisKeyPrefix}realtime`);
      await app.ready();
      await app.listen({ port: 0, host: '127.0.0.1' });
      await attached.realtime.ready();
      cleanups.push(async () => {
        await attached.close();
        await app.close();
        await database.close();
        await rm(dataDir, { recursive: true, force: true });
      });
      instances.push({
        app,
        realtime: attached.realtime,
        url: `${listeningOrigin(app)}/v1/ws`,
        mailDir: path.join(dataDir, 'mail'),
      });
    }
  } catch (error) {
    for (const cleanup of cleanups) await cleanup();
    await scratch.drop();
    throw error;
  }
  return {
    instances,
    async close() {
      for (const cleanup of cleanups) await cleanup();
      await scratch.drop();
    },
  };
}

async function createPostgresDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `lc_rt_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
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

// ── The STOMP client ────────────────────────────────────────────────────────────────────────────

export type SockJsTransport = 'websocket' | 'xhr-streaming' | 'xhr-polling';

export interface TestStompOptions {
  /** Sent as `Authorization: Bearer …`; null sends no Authorization header. */
  token: string | null;
  transports?: SockJsTransport[];
  /** [outgoing, incoming] heart-beats in ms (docs/product.md §9: 4000 each way). */
  heartbeat?: [number, number];
  /** 0 (default): no automatic reconnect. */
  reconnectDelay?: number;
}

/** The socket the SockJS client gives stompjs, with what the tests look at. */
interface SockJsSocket {
  send(data: string): void;
  transport?: string;
}

export class StompRefused extends Error {
  constructor(readonly frame: IFrame) {
    super(`STOMP error: ${frame.headers.message ?? ''}`);
    this.name = 'StompRefused';
  }
}

/** @stomp/stompjs over sockjs-client, recording what happens for the assertions. */
export class TestStompClient {
  readonly client: Client;
  readonly stompErrors: IFrame[] = [];
  readonly connectedFrames: IFrame[] = [];
  /** The close code of every socket close, in order (3000: the server heard no heart-beat). */
  readonly closeCodes: number[] = [];
  /** Heart-beats this client has written. */
  heartbeatsSent = 0;
  closes = 0;
  private readonly events = new EventEmitter();
  private socket: SockJsSocket | null = null;

  constructor(url: string, options: TestStompOptions) {
    const [outgoing, incoming] = options.heartbeat ?? [4000, 4000];
    this.client = new Client({
      webSocketFactory: () => {
        const socket = new SockJS(url, null, options.transports ? { transports: options.transports } : {});
        this.socket = socket as unknown as SockJsSocket;
        return socket;
      },
      connectHeaders: options.token === null ? {} : { Authorization: `Bearer ${options.token}` },
      heartbeatOutgoing: outgoing,
      heartbeatIncoming: incoming,
      reconnectDelay: options.reconnectDelay ?? 0,
      debug: (line) => {
        if (line === '>>> PING') {
          this.heartbeatsSent += 1;
          this.events.emit('heartbeat');
        }
      },
      onConnect: (frame) => {
        this.connectedFrames.push(frame);
        this.events.emit('connect', frame);
      },
      onStompError: (frame) => {
        this.stompErrors.push(frame);
        this.events.emit('stomp-error', frame);
      },
      onWebSocketClose: (event?: { code?: number }) => {
        this.closeCodes.push(event?.code ?? 0);
        this.closes += 1;
        this.events.emit('close');
      },
    });
  }

  /** Activates the client; resolves with CONNECTED, rejects with StompRefused on an ERROR frame. */
  connect(timeoutMs = 5000): Promise<IFrame> {
    const connected = this.nextConnect(timeoutMs);
    this.client.activate();
    return connected;
  }

  /** The next CONNECTED; `acrossClose` waits through socket closes (an automatic reconnect). */
  nextConnect(timeoutMs = 5000, { acrossClose = false } = {}): Promise<IFrame> {
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        this.events.off('connect', onConnect);
        this.events.off('stomp-error', onError);
        this.events.off('close', onClose);
      };
      const onConnect = (frame: IFrame) => {
        done();
        resolve(frame);
      };
      const onError = (frame: IFrame) => {
        done();
        reject(new StompRefused(frame));
      };
      const onClose = () => {
        if (acrossClose) return;
        done();
        reject(new Error('socket closed before CONNECTED'));
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no CONNECTED within ${timeoutMs} ms`));
      }, timeoutMs);
      this.events.on('connect', onConnect);
      this.events.on('stomp-error', onError);
      this.events.on('close', onClose);
    });
  }

  /** Resolves when the socket closes (at once if `closes` already exceeds `after`). */
  waitForClose(timeoutMs = 5000, after = this.closes): Promise<void> {
    if (this.closes > after) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.events.off('close', onClose);
        reject(new Error(`socket still open after ${timeoutMs} ms`));
      }, timeoutMs);
      const onClose = () => {
        clearTimeout(timer);
        resolve();
      };
      this.events.once('close', onClose);
    });
  }

  /** Resolves once this client has written `count` heart-beats in all. */
  waitForHeartbeats(count: number, timeoutMs = 10_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (this.heartbeatsSent < count) return;
        clearTimeout(timer);
        this.events.off('heartbeat', check);
        resolve();
      };
      const timer = setTimeout(() => {
        this.events.off('heartbeat', check);
        reject(new Error(`${this.heartbeatsSent} of ${count} heart-beats within ${timeoutMs} ms`));
      }, timeoutMs);
      this.events.on('heartbeat', check);
      check();
    });
  }

  subscribe(destination: string, headers: StompHeaders = {}): Inbox {
    const inbox = new Inbox();
    this.client.subscribe(destination, (message) => inbox.add(message), headers);
    return inbox;
  }

  /** Subscribes and waits for the server's RECEIPT, so nothing published afterwards is missed. */
  async subscribeConfirmed(destination: string): Promise<Inbox> {
    const receipt = `sub-${randomUUID()}`;
    const confirmed = this.receipt(receipt);
    const inbox = this.subscribe(destination, { receipt });
    await confirmed;
    return inbox;
  }

  receipt(id: string, timeoutMs = 5000): Promise<IFrame> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no RECEIPT ${id} within ${timeoutMs} ms`)), timeoutMs);
      this.client.watchForReceipt(id, (frame) => {
        clearTimeout(timer);
        resolve(frame);
      });
    });
  }

  send(destination: string, body = '', headers: StompHeaders = {}): void {
    this.client.publish({ destination, body, headers });
  }

  /** The SockJS transport in use (websocket, xhr-streaming, xhr-polling). */
  get transport(): string | undefined {
    return this.socket?.transport;
  }

  /** Stops everything this client writes from reaching the server (a phone that went silent). */
  muteOutgoing(): void {
    if (this.socket) this.socket.send = () => undefined;
  }

  async close(): Promise<void> {
    await this.client.deactivate();
  }
}

/** Messages of one subscription, in arrival order. */
export class Inbox {
  readonly messages: IMessage[] = [];
  private taken = 0;
  private readonly arrived = new EventEmitter();

  add(message: IMessage): void {
    this.messages.push(message);
    this.arrived.emit('message');
  }

  /** The next message not yet taken. */
  async next(timeoutMs = 5000): Promise<IMessage> {
    const deadline = Date.now() + timeoutMs;
    while (this.messages.length <= this.taken) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no message within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.arrived.off('message', wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.arrived.on('message', wake);
      });
    }
    const message = this.messages[this.taken] as IMessage;
    this.taken += 1;
    return message;
  }

  bodies(): string[] {
    return this.messages.map((m) => m.body);
  }
}
