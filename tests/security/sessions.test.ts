/**
 * Sessions under stress (issue 11, "Sessions"; ASVS 5.0 V7 session management): after a logout, a
 * password change (PUT /v1/user/change-password ends the *other* sessions) and a password reset
 * (ends every session), every old access token and refresh token of an ended session is refused over
 * HTTP (401 with the contract's envelope) and over STOMP (CONNECT answered with an ERROR frame), and
 * every open STOMP/SockJS socket of that session — websocket and xhr-streaming — closes within
 * 1000 ms by a real clock, on the instance that ended it and on the other one. The session that
 * changed the password stays alive (its sockets open, its tokens good) and another user's sockets
 * are untouched.
 *
 * Runs twice: on one instance (PGlite, always) and on two instances sharing one PostgreSQL and one
 * Redis. The two-instance half follows the repo's rule for the cluster test
 * (server/realtime/realtime-cluster.test.ts): it runs when PostgreSQL and Redis are configured and is
 * skipped otherwise; configured but unreachable, it fails. The security project hides DATABASE_URL
 * from its workers, so PostgreSQL comes from LC_PG_URL (vitest.config.ts forwards DATABASE_URL
 * there) and Redis from REDIS_URL.
 */
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthResponseSchema, type AuthResponse } from '../../contract/auth';
import { OTP_RESEND_COOLDOWN_SECONDS } from '../../contract/constants';
import { ServerMessages } from '../../contract/errors';
import { Topics } from '../../server/realtime/destinations';
import { TestClock } from '../helpers/server-app';
import { mailFiles, waitForVerificationCode } from '../helpers/server-mail';
import { STRONG_PASSWORD, uniqueEmail } from '../helpers/server-http';
import {
  startRealtimeApp,
  startRealtimeCluster,
  StompRefused,
  TestStompClient,
  type SockJsTransport,
} from '../helpers/server-realtime';

/** The promise under test: sockets of an ended session close within this, by a real clock. */
const CLOSE_WITHIN_MS = 1000;

const pgUrl = process.env.LC_PG_URL ?? '';
const redisUrl = process.env.REDIS_URL ?? '';
const clusterConfigured = Boolean(pgUrl && redisUrl);

/** One app instance as a client reaches it: HTTP origin, STOMP endpoint, and where its mail lands. */
interface Node {
  name: string;
  origin: string;
  url: string;
}

interface Deployment {
  nodes: [Node, Node];
  /** Every instance's mail folder (the instance that handles a request is the one that mails). */
  mailDirs: string[];
  /** Every instance's clock (the rate-limit windows follow it). */
  clocks: TestClock[];
}

/** One session's credentials as the client holds them (each refresh adds to both lists). */
interface HeldSession {
  access: string[];
  refresh: string[];
  latest: AuthResponse;
}

const figures: string[] = [];
const openClients: TestStompClient[] = [];

async function http(
  node: Node,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; json: { data?: unknown; error?: { message?: string } } | null }> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${node.origin}/v1${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  return {
    status: response.status,
    json: type.includes('json') && text ? (JSON.parse(text) as { data?: unknown; error?: { message?: string } }) : null,
  };
}

async function codeFor(deployment: Deployment, email: string, seen: number[]): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    for (const [index, dir] of deployment.mailDirs.entries()) {
      if ((await mailFiles(dir, email)).length > (seen[index] ?? 0)) {
        return waitForVerificationCode(dir, email, { newerThan: seen[index] ?? 0, timeoutMs: 2000 });
      }
    }
    if (Date.now() > deadline) throw new Error(`no code mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function mailCounts(deployment: Deployment, email: string): Promise<number[]> {
  return Promise.all(deployment.mailDirs.map(async (dir) => (await mailFiles(dir, email)).length));
}

function held(auth: AuthResponse): HeldSession {
  return { access: [auth.token], refresh: [auth.refreshToken], latest: auth };
}

/** Registers on `node` and verifies through the mailed code: the first session. */
async function newUser(deployment: Deployment, node: Node): Promise<{ email: string; first: HeldSession }> {
  const email = uniqueEmail('session');
  const registered = await http(node, 'POST', '/auth/register', {
    body: { firstName: 'Nusrat', lastName: 'Jahan', email, password: STRONG_PASSWORD, role: 'USER' },
  });
  expect(registered.status).toBe(201);
  const otp = await codeFor(
    deployment,
    email,
    deployment.mailDirs.map(() => 0),
  );
  const verified = await http(node, 'POST', '/auth/verify-email', { body: { email, otp } });
  expect(verified.status).toBe(200);
  return { email, first: held(AuthResponseSchema.parse(verified.json?.data)) };
}

async function login(node: Node, email: string, password = STRONG_PASSWORD): Promise<HeldSession> {
  const result = await http(node, 'POST', '/auth/login', { body: { email, password } });
  expect(result.status).toBe(200);
  return held(AuthResponseSchema.parse(result.json?.data));
}

/** Rotates the session's refresh token once, so it holds two access and two refresh tokens. */
async function rotate(node: Node, session: HeldSession): Promise<void> {
  const result = await http(node, 'POST', '/auth/refresh', { body: { refreshToken: session.latest.refreshToken } });
  expect(result.status).toBe(200);
  const next = AuthResponseSchema.parse(result.json?.data);
  session.access.push(next.token);
  session.refresh.push(next.refreshToken);
  session.latest = next;
}

async function socket(node: Node, token: string, transport: SockJsTransport): Promise<TestStompClient> {
  const client = new TestStompClient(node.url, { token, transports: [transport] });
  openClients.push(client);
  await client.connect();
  expect(client.transport).toBe(transport);
  return client;
}

/** A websocket and an xhr-streaming socket of the session on every instance. */
async function socketsEverywhere(deployment: Deployment, token: string): Promise<TestStompClient[]> {
  const sockets: TestStompClient[] = [];
  for (const node of deployment.nodes) {
    sockets.push(await socket(node, token, 'websocket'), await socket(node, token, 'xhr-streaming'));
  }
  return sockets;
}

/**
 * Starts every socket's close watch, runs `act`, and resolves with each socket's close time in ms
 * from just before the request was sent (a socket not closed within 3 s fails the wait).
 */
async function closeTimes(sockets: TestStompClient[], act: () => Promise<void>): Promise<number[]> {
  const start = performance.now();
  const closed = sockets.map((s) => s.waitForClose(3000).then(() => performance.now() - start));
  await act();
  return Promise.all(closed);
}

/** The socket still answers: a SUBSCRIBE to the user's own topic gets its RECEIPT. */
async function stillAlive(client: TestStompClient, userId: string): Promise<void> {
  expect(client.closes).toBe(0);
  await client.subscribeConfirmed(Topics.user(userId));
  expect(client.closes).toBe(0);
}

/** Every token of an ended session is refused over HTTP and STOMP on every instance. */
async function expectEnded(deployment: Deployment, session: HeldSession, label: string): Promise<void> {
  for (const node of deployment.nodes) {
    for (const token of session.access) {
      const info = await http(node, 'GET', '/user/user-info', { token });
      expect(info.status, `${label}: access token on ${node.name}`).toBe(401);
      expect(info.json?.error?.message).toBe(ServerMessages.invalidToken);

      const client = new TestStompClient(node.url, { token, transports: ['websocket'] });
      openClients.push(client);
      const refused = await client.connect().then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused, `${label}: STOMP CONNECT on ${node.name}`).toBeInstanceOf(StompRefused);
      expect(client.connectedFrames).toHaveLength(0);
      await client.close();
    }
    for (const refreshToken of session.refresh) {
      const refreshed = await http(node, 'POST', '/auth/refresh', { body: { refreshToken } });
      expect(refreshed.status, `${label}: refresh token on ${node.name}`).toBe(401);
      expect(refreshed.json?.error?.message).toBe(ServerMessages.refreshInvalid);
    }
  }
}

/** The session still works over HTTP on every instance. */
async function expectAlive(deployment: Deployment, session: HeldSession): Promise<void> {
  for (const node of deployment.nodes) {
    expect((await http(node, 'GET', '/user/user-info', { token: session.latest.token })).status).toBe(200);
  }
}

function record(scenario: string, times: number[]): void {
  const line = `${scenario}: ${times.length} sockets closed in ${times.map((ms) => Math.round(ms)).join(', ')} ms (max ${Math.round(Math.max(...times))})`;
  figures.push(line);
  for (const ms of times) expect(ms, scenario).toBeLessThanOrEqual(CLOSE_WITHIN_MS);
}

function scenarios(label: string, deploy: () => Deployment): void {
  it(`${label}: logout ends that session everywhere, and only that one`, async () => {
    const deployment = deploy();
    const [a, b] = deployment.nodes;
    const { email, first } = await newUser(deployment, a);
    await rotate(b, first);
    const second = await login(b, email);
    const bystander = await newUser(deployment, b);

    const ended = await socketsEverywhere(deployment, first.latest.token);
    // The first access token too: issued before the rotation, still a token of this session.
    ended.push(await socket(b, first.access[0] ?? '', 'websocket'));
    const kept = await socketsEverywhere(deployment, second.latest.token);
    const other = await socketsEverywhere(deployment, bystander.first.latest.token);

    const times = await closeTimes(ended, async () => {
      expect((await http(a, 'POST', '/user/logout', { token: first.latest.token })).status).toBe(200);
    });
    record(`${label} logout`, times);
    for (const client of ended) expect(client.stompErrors.at(-1)?.headers.message).toBe(ServerMessages.invalidToken);

    await expectEnded(deployment, first, 'logged out');
    for (const client of kept) await stillAlive(client, first.latest.id);
    for (const client of other) await stillAlive(client, bystander.first.latest.id);
    await expectAlive(deployment, second);
    await expectAlive(deployment, bystander.first);
  });

  it(`${label}: a password change ends the other sessions; the changing one lives on`, async () => {
    const deployment = deploy();
    const [a, b] = deployment.nodes;
    const { email, first: changer } = await newUser(deployment, a);
    const second = await login(a, email);
    await rotate(b, second);
    const third = await login(b, email);
    const bystander = await newUser(deployment, a);

    const ended = [
      ...(await socketsEverywhere(deployment, second.latest.token)),
      ...(await socketsEverywhere(deployment, third.latest.token)),
    ];
    const kept = await socketsEverywhere(deployment, changer.latest.token);
    const other = await socketsEverywhere(deployment, bystander.first.latest.token);

    const password = 'N3w!Passw0rd';
    const times = await closeTimes(ended, async () => {
      const changed = await http(a, 'PUT', '/user/change-password', {
        token: changer.latest.token,
        body: { oldPassword: STRONG_PASSWORD, password },
      });
      expect(changed.status).toBe(200);
    });
    record(`${label} password change`, times);

    await expectEnded(deployment, second, 'other session after a password change');
    await expectEnded(deployment, third, 'other session after a password change');
    const userId = changer.latest.id;
    for (const client of kept) await stillAlive(client, userId);
    for (const client of other) await stillAlive(client, bystander.first.latest.id);
    await expectAlive(deployment, changer);
    await expectAlive(deployment, bystander.first);
    // The changing session's refresh token still rotates, on the other instance too.
    await rotate(b, changer);
    await expectAlive(deployment, changer);
    // The old password no longer opens a session; the new one does.
    expect((await http(b, 'POST', '/auth/login', { body: { email, password: STRONG_PASSWORD } })).status).toBe(401);
    await login(b, email, password);
  });

  it(`${label}: a verification on one instance lets the session through on every instance at once`, async () => {
    // Each instance remembers the sessions it checked (SESSION_CACHE_MS); a change of the user must
    // reach every instance's memory, not wait for it to expire.
    const deployment = deploy();
    const [a, b] = deployment.nodes;
    const email = uniqueEmail('session');
    const registered = await http(a, 'POST', '/auth/register', {
      body: { firstName: 'Nusrat', lastName: 'Jahan', email, password: STRONG_PASSWORD, role: 'USER' },
    });
    expect(registered.status).toBe(201);
    const token = AuthResponseSchema.parse(registered.json?.data).token;
    for (const node of deployment.nodes) {
      expect((await http(node, 'GET', '/notifications/unread-count', { token })).status).toBe(403);
    }
    const otp = await codeFor(
      deployment,
      email,
      deployment.mailDirs.map(() => 0),
    );
    expect((await http(a, 'POST', '/auth/verify-email', { body: { email, otp } })).status).toBe(200);
    const start = performance.now();
    expect((await http(a, 'GET', '/notifications/unread-count', { token })).status).toBe(200);
    // The other instance hears of it over the bus: within the same second as a revocation.
    let status = 0;
    while (performance.now() - start <= CLOSE_WITHIN_MS) {
      status = (await http(b, 'GET', '/notifications/unread-count', { token })).status;
      if (status === 200) break;
    }
    expect(status, `${label}: the old token on ${b.name} after the verification`).toBe(200);
    figures.push(`${label} verification: seen on ${b.name} after ${Math.round(performance.now() - start)} ms`);
  });

  it(`${label}: a password reset ends every session`, async () => {
    const deployment = deploy();
    const [a, b] = deployment.nodes;
    const { email, first } = await newUser(deployment, a);
    await rotate(a, first);
    const second = await login(b, email);
    const bystander = await newUser(deployment, b);

    const ended = [
      ...(await socketsEverywhere(deployment, first.latest.token)),
      ...(await socketsEverywhere(deployment, second.latest.token)),
    ];
    const other = await socketsEverywhere(deployment, bystander.first.latest.token);

    // A minute later (the sign-up's code holds the resend cooldown until then), on every clock.
    for (const clock of deployment.clocks) clock.advance(OTP_RESEND_COOLDOWN_SECONDS * 1000 + 1000);
    const seen = await mailCounts(deployment, email);
    expect((await http(b, 'POST', '/auth/send-verification-code', { body: { email } })).status).toBe(200);
    const otp = await codeFor(deployment, email, seen);
    const password = 'R3set!Passw0rd';
    const times = await closeTimes(ended, async () => {
      expect((await http(b, 'POST', '/auth/reset-password', { body: { email, password, otp } })).status).toBe(200);
    });
    record(`${label} password reset`, times);

    await expectEnded(deployment, first, 'session after a reset');
    await expectEnded(deployment, second, 'session after a reset');
    for (const client of other) await stillAlive(client, bystander.first.latest.id);
    await expectAlive(deployment, bystander.first);
    await login(a, email, password);
  });
}

afterAll(async () => {
  await Promise.all(openClients.map((client) => client.close()));
  if (figures.length > 0) console.log(`Sessions suite:\n  ${figures.join('\n  ')}`);
});

describe('one instance (the embedded database)', () => {
  let deployment: Deployment | null = null;
  let close: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    const t = await startRealtimeApp();
    close = () => t.close();
    const node = { origin: t.origin, url: t.url };
    deployment = {
      nodes: [
        { name: 'A', ...node },
        { name: 'A again', ...node },
      ],
      mailDirs: [t.mailDir],
      clocks: [t.clock],
    };
  });
  afterAll(async () => {
    await Promise.all(openClients.map((client) => client.close()));
    await close?.();
  });

  scenarios('one instance', () => {
    if (!deployment) throw new Error('the app did not start');
    return deployment;
  });
});

describe.skipIf(!clusterConfigured)('two instances on one PostgreSQL and one Redis', () => {
  let deployment: Deployment | null = null;
  let close: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    const cluster = await startRealtimeCluster(2, { databaseUrl: pgUrl, redisUrl });
    close = () => cluster.close();
    const nodes = cluster.instances.map((instance, index) => ({
      name: index === 0 ? 'A' : 'B',
      origin: new URL(instance.url).origin,
      url: instance.url,
    }));
    const [a, b] = nodes;
    if (!a || !b) throw new Error('the cluster has fewer than two instances');
    const clocks = cluster.instances.map(({ app }) => {
      if (!(app.services.clock instanceof TestClock)) throw new Error('the cluster runs on a real clock');
      return app.services.clock;
    });
    deployment = { nodes: [a, b], mailDirs: cluster.instances.map((instance) => instance.mailDir), clocks };
  });
  afterAll(async () => {
    await Promise.all(openClients.map((client) => client.close()));
    await close?.();
  });

  scenarios('two instances', () => {
    if (!deployment) throw new Error('the cluster did not start');
    return deployment;
  });
});
