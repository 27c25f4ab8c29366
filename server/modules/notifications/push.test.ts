/**
 * Notification preferences, POST /notifications/send and web push end to end: a local HTTPS server
 * with a self-signed certificate stands in for the browser's push service (tests/helpers/
 * push-stand-in.ts); the payload is decrypted with the subscription's own keys, as a browser would. Pushes are durable jobs:
 * the tests run the job runner (runDue) and move the clock to reach retries, instead of waiting.
 */
import type { ECDH } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NotificationTypeSchema } from '../../../contract/enums';
import {
  NotificationPreferenceSchema,
  PushMessages,
  type Notification,
  type NotificationPreference,
} from '../../../contract/notifications';
import { startTestApp, type TestApp } from '../../../tests/helpers/server-app';
import { call, verifiedUser } from '../../../tests/helpers/server-http';
import { adminSession, caseBetween, lawyerSession, type Session } from '../../../tests/helpers/server-lawyers';
import { mailFiles } from '../../../tests/helpers/server-mail';
import { browserKeys, decryptPush, PushService, type Received } from '../../../tests/helpers/push-stand-in';
import { PUSH_JOB, type PushPayload } from './push';

/**
 * A listener on loopback standing for whatever an attacker would aim push at (an admin port, a
 * metadata service): it counts every connection it is offered, and must be offered none.
 */
class Trap {
  connections = 0;
  server!: TcpServer;
  port = 0;

  async start(): Promise<void> {
    this.server = createTcpServer((socket) => {
      this.connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

let dir: string;
let pushService: PushService;
let trap: Trap;
let t: TestApp;
let admin: Session;
let me: Session;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'legalconnect-push-'));
  pushService = new PushService();
  await pushService.start(dir);
  trap = new Trap();
  await trap.start();
  t = await startTestApp({
    // Our own push receiver, listed as the address it is; `localhost` (a name resolving to loopback)
    // is listed only so the check after DNS resolution has something to refuse.
    env: { PUSH_ENDPOINT_HOSTS: `fcm.googleapis.com,${new URL(pushService.url).host},localhost:${trap.port}` },
    build: { pushCa: pushService.ca },
  });
});
afterAll(async () => {
  await t.close();
  await trap.stop();
  await pushService.stop();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(async () => {
  await t.reset();
  pushService.received.length = 0;
  pushService.statusFor.clear();
  pushService.headersFor.clear();
  admin = await adminSession(t);
  me = await verifiedUser(t.app, t.mailDir);
});

const preferencesOf = async (token: string) =>
  (
    (await call(t.app, 'GET', '/v1/notifications/preferences', { token })).json?.data as {
      preferences: NotificationPreference[];
    }
  ).preferences;

async function subscribe(token: string, endpointPath: string) {
  const browser = browserKeys();
  const endpoint = `${pushService.url}${endpointPath}`;
  const res = await call(t.app, 'POST', '/v1/push/subscriptions', { token, body: { endpoint, keys: browser.keys } });
  expect(res.status).toBe(201);
  return { ...browser, endpoint };
}

const sendAsAdmin = (receiverId: string, content: string) =>
  call(t.app, 'POST', '/v1/notifications/send', { token: admin.token, body: { receiverId, content } });

describe('notification preferences', () => {
  it('lists all 11 types with display names and the defaults, and updates one', async () => {
    const preferences = await preferencesOf(me.token);
    expect(preferences.map((p) => p.type)).toEqual(NotificationTypeSchema.options);
    for (const p of preferences) NotificationPreferenceSchema.strict().parse(p);
    expect(preferences.find((p) => p.type === 'ACCOUNT')).toEqual({
      type: 'ACCOUNT',
      displayName: 'Account',
      emailEnabled: true,
      webPushEnabled: true,
    });
    expect(preferences.find((p) => p.type === 'CASE_CREATE')).toMatchObject({
      displayName: 'New case',
      emailEnabled: false,
      webPushEnabled: true,
    });

    const updated = await call(t.app, 'PUT', '/v1/notifications/preferences/CASE_CREATE', {
      token: me.token,
      body: { emailEnabled: true, webPushEnabled: false },
    });
    expect(updated.status).toBe(200);
    expect(updated.json?.data).toEqual({
      type: 'CASE_CREATE',
      displayName: 'New case',
      emailEnabled: true,
      webPushEnabled: false,
    });
    const after = await preferencesOf(me.token);
    expect(after).toHaveLength(11);
    expect(after.find((p) => p.type === 'CASE_CREATE')).toMatchObject({ emailEnabled: true, webPushEnabled: false });
    // Only mine changed.
    const other = await verifiedUser(t.app, t.mailDir);
    expect((await preferencesOf(other.token)).find((p) => p.type === 'CASE_CREATE')).toMatchObject({
      emailEnabled: false,
    });
    const bad = await call(t.app, 'PUT', '/v1/notifications/preferences/NOPE', {
      token: me.token,
      body: { emailEnabled: true, webPushEnabled: true },
    });
    expect(bad.status).toBe(400);
  });

  it('gates email by emailEnabled', async () => {
    const { notifications } = t.app.services.marketplace;
    const mails = async () => {
      await t.app.services.jobRunner.runDue();
      return (await mailFiles(t.mailDir, me.email)).length;
    };
    const before = await mails();
    await notifications.notifyNow({ userId: me.id, type: 'ACCOUNT', content: 'mailed by default' });
    expect(await mails()).toBe(before + 1);
    await notifications.notifyNow({ userId: me.id, type: 'CASE_CREATE', content: 'not mailed by default' });
    expect(await mails()).toBe(before + 1);

    for (const [type, emailEnabled] of [
      ['ACCOUNT', false],
      ['CASE_CREATE', true],
    ] as const) {
      const res = await call(t.app, 'PUT', `/v1/notifications/preferences/${type}`, {
        token: me.token,
        body: { emailEnabled, webPushEnabled: true },
      });
      expect(res.status).toBe(200);
    }
    await notifications.notifyNow({ userId: me.id, type: 'ACCOUNT', content: 'now silent' });
    expect(await mails()).toBe(before + 1);
    await notifications.notifyNow({ userId: me.id, type: 'CASE_CREATE', content: 'now mailed' });
    expect(await mails()).toBe(before + 2);
  });
});

describe('POST /v1/notifications/send', () => {
  it('lets an admin or a case party notify, and answers 404 for an unknown or unrelated receiver', async () => {
    const sent = await sendAsAdmin(me.id, 'Please update your phone number.');
    expect(sent.status).toBe(201);
    expect(sent.json?.data).toMatchObject({
      type: 'ACCOUNT',
      content: 'Please update your phone number.',
      read: false,
    });

    const { session: lawyer } = await lawyerSession(t);
    const stranger = await call(t.app, 'POST', '/v1/notifications/send', {
      token: lawyer.token,
      body: { receiverId: me.id, content: 'Hello' },
    });
    expect(stranger.status).toBe(404);
    expect(stranger.json?.error?.message).toBe(PushMessages.receiverNotFound);
    const unknown = await sendAsAdmin('00000000-0000-4000-8000-000000000000', 'Hello');
    expect(unknown.status).toBe(404);

    await caseBetween(t, lawyer.id, me.id, 'IN_PROGRESS');
    const party = await call(t.app, 'POST', '/v1/notifications/send', {
      token: lawyer.token,
      body: { receiverId: me.id, content: 'Hearing moved to Monday.' },
    });
    expect(party.status).toBe(201);
    const back = await call(t.app, 'POST', '/v1/notifications/send', {
      token: me.token,
      body: { receiverId: lawyer.id, content: 'Thanks' },
    });
    expect(back.status).toBe(201);
    const list = await call(t.app, 'GET', '/v1/notifications/', { token: me.token });
    expect((list.json?.data as { notifications: Notification[] }).notifications.map((n) => n.content)).toContain(
      'Hearing moved to Monday.',
    );
    const empty = await sendAsAdmin(me.id, '   ');
    expect(empty.status).toBe(400);
  });
});

/** Runs every job due now (the app's own runner may be on them already: runDue waits its turn). */
const runJobs = () => t.app.services.jobRunner.runDue();
const pushJobs = () => t.app.services.jobs.repository.list([PUSH_JOB]);

function decrypt(request: Received | undefined, browser: { ecdh: ECDH; authSecret: Buffer }): PushPayload {
  return decryptPush<PushPayload>(request, browser);
}

describe('web push', () => {
  it('sends the notification encrypted (aes128gcm, VAPID) to my subscription, through a job', async () => {
    const browser = await subscribe(me.token, '/push/me');
    const sent = await sendAsAdmin(me.id, 'Your documents are ready.');
    expect(sent.status).toBe(201);
    const notification = sent.json?.data as Notification;
    await runJobs();

    expect(pushService.received).toHaveLength(1);
    const [request] = pushService.received;
    expect(request?.path).toBe('/push/me');
    expect(request?.headers['content-encoding']).toBe('aes128gcm');
    expect(request?.headers.ttl).toBe('86400');
    const authorization = String(request?.headers.authorization ?? '');
    const vapidKey = (await call(t.app, 'GET', '/v1/push/vapid-public-key')).json?.data as { publicKey: string };
    expect(authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=/);
    expect(authorization).toContain(`k=${vapidKey.publicKey}`);
    expect(decrypt(request, browser)).toEqual({
      id: notification.id,
      type: 'ACCOUNT',
      title: 'Account',
      body: 'Your documents are ready.',
      link: null,
      createdAt: notification.createdAt,
    });
    // Done, so gone: a job row lives only until its handler succeeds.
    expect(await pushJobs()).toEqual([]);
  });

  it('deletes a subscription the push service calls gone (410), keeps one that failed, gives up on a refusal', async () => {
    await subscribe(me.token, '/push/gone');
    await subscribe(me.token, '/push/flaky');
    await subscribe(me.token, '/push/refused');
    pushService.statusFor.set('/push/gone', 410);
    pushService.statusFor.set('/push/flaky', 500);
    pushService.statusFor.set('/push/refused', 403);
    await sendAsAdmin(me.id, 'first');
    await runJobs();

    expect(pushService.paths()).toEqual(['/push/flaky', '/push/gone', '/push/refused']);
    const left = await t.app.services.marketplace.repositories.notifications.subscriptions(me.id);
    expect(left.map((s) => s.endpoint).sort()).toEqual([
      `${pushService.url}/push/flaky`,
      `${pushService.url}/push/refused`,
    ]);
    // The 500 waits for its retry; the 403 is kept dead with the answer; the 410's job is done.
    const jobs = await pushJobs();
    expect(jobs).toHaveLength(2);
    const flaky = jobs.find((j) => j.deadAt === null);
    expect(flaky).toMatchObject({ attempts: 1, lockedUntil: null, lastError: 'Error: push service answered 500' });
    expect(flaky?.runAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
    const refused = jobs.find((j) => j.deadAt !== null);
    expect(refused).toMatchObject({ attempts: 1, lastError: 'PermanentJobError: push service answered 403' });
  });

  it('retries a 5xx with backoff and then delivers exactly once to each browser', async () => {
    const steady = await subscribe(me.token, '/push/steady');
    const flaky = await subscribe(me.token, '/push/flaky');
    pushService.statusFor.set('/push/flaky', 502);
    const sent = (await sendAsAdmin(me.id, 'Hearing at 10:00.')).json?.data as Notification;
    await runJobs();
    expect(pushService.paths()).toEqual(['/push/flaky', '/push/steady']);

    // Not before the backoff (10 s after the first failure).
    t.clock.advance(5_000);
    await runJobs();
    expect(pushService.received).toHaveLength(2);

    pushService.statusFor.delete('/push/flaky');
    t.clock.advance(5_000);
    await runJobs();
    // The retry reached only the browser that had not got it; the steady one was not sent it again.
    expect(pushService.paths()).toEqual(['/push/flaky', '/push/flaky', '/push/steady']);
    const steadyPayload = decrypt(
      pushService.received.find((r) => r.path === '/push/steady'),
      steady,
    );
    const flakyPayload = decrypt(pushService.received.at(-1), flaky);
    expect(flakyPayload).toEqual(steadyPayload);
    expect(flakyPayload.id).toBe(sent.id);
    expect(await pushJobs()).toEqual([]);

    t.clock.advance(60 * 60_000);
    await runJobs();
    expect(pushService.received).toHaveLength(3);
  });

  it('waits as long as a 429 asks (Retry-After), not its own shorter backoff', async () => {
    await subscribe(me.token, '/push/busy');
    pushService.statusFor.set('/push/busy', 429);
    pushService.headersFor.set('/push/busy', { 'Retry-After': '120' });
    await sendAsAdmin(me.id, 'busy');
    await runJobs();
    expect(pushService.received).toHaveLength(1);

    pushService.statusFor.delete('/push/busy');
    t.clock.advance(60_000);
    await runJobs();
    expect(pushService.received).toHaveLength(1);
    t.clock.advance(60_000);
    await runJobs();
    expect(pushService.received).toHaveLength(2);
    expect(await pushJobs()).toEqual([]);
  });

  it('sends nothing when webPushEnabled is off, and nothing after unsubscribing', async () => {
    await subscribe(me.token, '/push/off');
    await call(t.app, 'PUT', '/v1/notifications/preferences/ACCOUNT', {
      token: me.token,
      body: { emailEnabled: true, webPushEnabled: false },
    });
    await sendAsAdmin(me.id, 'quiet');
    await runJobs();
    expect(pushService.received).toHaveLength(0);
    expect(await pushJobs()).toEqual([]);

    await call(t.app, 'PUT', '/v1/notifications/preferences/ACCOUNT', {
      token: me.token,
      body: { emailEnabled: true, webPushEnabled: true },
    });
    const endpoint = `${pushService.url}/push/off`;
    const gone = await call(t.app, 'DELETE', '/v1/push/subscriptions', { token: me.token, body: { endpoint } });
    expect(gone.status).toBe(200);
    await sendAsAdmin(me.id, 'still quiet');
    await runJobs();
    expect(pushService.received).toHaveLength(0);
  });

  it('never sends a queued push to an endpoint that has since moved to another user', async () => {
    await subscribe(me.token, '/push/shared');
    const repo = t.app.services.marketplace.repositories.notifications;
    const [mine] = await repo.subscriptions(me.id);
    const other = await verifiedUser(t.app, t.mailDir);
    await subscribe(other.token, '/push/shared');
    // A job queued for me before the move, run after it.
    await t.app.services.jobs.enqueue(t.database.db, {
      kind: PUSH_JOB,
      payload: {
        userId: me.id,
        subscriptionId: mine?.id ?? '',
        message: { id: mine?.id ?? '', type: 'ACCOUNT', title: 'Account', body: 'for me', link: null, createdAt: '' },
      },
    });
    await runJobs();
    expect(pushService.received).toHaveLength(0);
    expect(await pushJobs()).toEqual([]);
  });

  it('keeps the 10 most recently saved browsers of an account, so one account cannot multiply its pushes', async () => {
    for (let i = 0; i < 10; i += 1) {
      await subscribe(me.token, `/push/b${i}`);
      t.clock.advance(1000);
    }
    // b0's browser starts again and saves its subscription anew: b1 is now the least recently saved.
    const endpoint = `${pushService.url}/push/b0`;
    const again = await call(t.app, 'POST', '/v1/push/subscriptions', {
      token: me.token,
      body: { endpoint, keys: browserKeys().keys },
    });
    expect(again.status).toBe(201);
    t.clock.advance(1000);
    await subscribe(me.token, '/push/b10');

    await sendAsAdmin(me.id, 'To each of my browsers.');
    await runJobs();
    const expected = ['/push/b0', ...Array.from({ length: 9 }, (_, i) => `/push/b${i + 2}`)].sort();
    expect(pushService.paths()).toEqual(expected);
  });

  it('moves an endpoint to whoever subscribes it last, and validates subscriptions', async () => {
    const other = await verifiedUser(t.app, t.mailDir);
    await subscribe(me.token, '/push/shared');
    await subscribe(other.token, '/push/shared');
    const repo = t.app.services.marketplace.repositories.notifications;
    expect(await repo.subscriptions(me.id)).toHaveLength(0);
    expect(await repo.subscriptions(other.id)).toHaveLength(1);
    // Another user cannot delete it.
    await call(t.app, 'DELETE', '/v1/push/subscriptions', {
      token: me.token,
      body: { endpoint: `${pushService.url}/push/shared` },
    });
    expect(await repo.subscriptions(other.id)).toHaveLength(1);

    const { keys } = browserKeys();
    for (const body of [
      { endpoint: 'http://127.0.0.1/push', keys },
      { endpoint: `${pushService.url}/${'x'.repeat(2048)}`, keys },
      { endpoint: `${pushService.url}/push`, keys: { ...keys, auth: 'short' } },
    ]) {
      const res = await call(t.app, 'POST', '/v1/push/subscriptions', { token: me.token, body });
      expect(res.status).toBe(400);
    }
    const anonymous = await call(t.app, 'POST', '/v1/push/subscriptions', {
      body: { endpoint: `${pushService.url}/push`, keys },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('push endpoints (no server-side request forgery)', () => {
  const refusedEndpoints = () => [
    `https://127.0.0.1:${trap.port}/push`,
    `https://2130706433:${trap.port}/push`, // 127.0.0.1 written as one decimal number
    `https://0x7f.1:${trap.port}/push`, // and as hex with a short form
    `https://[::1]:${trap.port}/push`,
    `https://[::ffff:127.0.0.1]:${trap.port}/push`, // IPv4-mapped IPv6
    `https://[::ffff:7f00:1]:${trap.port}/push`,
    'https://169.254.169.254/latest/meta-data',
    'https://10.0.0.8/push',
    'https://[fd00::1]/push',
    'https://push.example.org/push', // not a push service on the list
    `https://fcm.googleapis.com:${trap.port}/fcm/send/x`, // a listed host, but not on 443
    'https://user:pw@fcm.googleapis.com/fcm/send/x',
  ];

  it('refuses endpoints off PUSH_ENDPOINT_HOSTS and loopback/private addresses in every spelling', async () => {
    const { keys } = browserKeys();
    for (const endpoint of refusedEndpoints()) {
      const res = await call(t.app, 'POST', '/v1/push/subscriptions', { token: me.token, body: { endpoint, keys } });
      expect(res.status, endpoint).toBe(400);
      expect(res.json?.error?.fields).toEqual([{ field: 'endpoint', message: PushMessages.endpointNotAllowed }]);
    }
    const listed = await call(t.app, 'POST', '/v1/push/subscriptions', {
      token: me.token,
      body: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys },
    });
    expect(listed.status).toBe(201);
    expect(await t.app.services.marketplace.repositories.notifications.subscriptions(me.id)).toHaveLength(1);
    expect(trap.connections).toBe(0);
  });

  it('never connects to a listed name that resolves to loopback; the job dies unsent', async () => {
    await call(t.app, 'POST', '/v1/push/subscriptions', {
      token: me.token,
      body: { endpoint: `https://localhost:${trap.port}/push/rebound`, keys: browserKeys().keys },
    }).then((res) => expect(res.status).toBe(201));
    await subscribe(me.token, '/push/real');
    await sendAsAdmin(me.id, 'Hearing moved.');
    await runJobs();

    expect(trap.connections).toBe(0);
    expect(pushService.paths()).toEqual(['/push/real']);
    const [dead] = await pushJobs();
    expect(dead?.deadAt).not.toBeNull();
    expect(dead?.lastError).toMatch(/^PermanentJobError: push endpoint localhost resolves to (127\.0\.0\.1|::1)/);
  });

  it('deletes, unsent, a subscription saved before its host was refused', async () => {
    const repo = t.app.services.marketplace.repositories.notifications;
    const { keys } = browserKeys();
    for (const endpoint of refusedEndpoints()) {
      await repo.upsertSubscription(me.id, { endpoint, p256dh: keys.p256dh, auth: keys.auth }, t.clock.now());
      t.clock.advance(1);
    }
    await sendAsAdmin(me.id, 'To the old subscriptions.');
    await runJobs();
    expect(trap.connections).toBe(0);
    expect(pushService.received).toHaveLength(0);
    expect(await repo.subscriptions(me.id)).toEqual([]);
    expect(await pushJobs()).toEqual([]);
  });
});

describe('VAPID key', () => {
  it('is generated once into DATA_DIR/secrets.json and stays the same across builds', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'legalconnect-vapid-'));
    try {
      const keyOf = async () => {
        const app = await startTestApp({ dataDir });
        try {
          const res = await call(app.app, 'GET', '/v1/push/vapid-public-key');
          expect(res.status).toBe(200);
          return (res.json?.data as { publicKey: string }).publicKey;
        } finally {
          await app.close();
        }
      };
      const first = await keyOf();
      expect(Buffer.from(first, 'base64url')).toHaveLength(65);
      expect(await keyOf()).toBe(first);
      const secrets = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as Record<string, string>;
      expect(secrets.vapidPublicKey).toBe(first);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
