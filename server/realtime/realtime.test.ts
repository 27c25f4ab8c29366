/**
 * The realtime endpoint end to end, as the PWA uses it: the real `@stomp/stompjs` client over the
 * real `sockjs-client` against the app on a real port (127.0.0.1). Tokens come from the HTTP API,
 * so CONNECT is checked by the very session store HTTP uses, and logout closes the socket.
 */
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ChatMessages } from '../../contract/chat';
import { ServerMessages } from '../../contract/errors';
import { NotificationMessages } from '../../contract/notifications';
import { call, registerUser, verifiedUser } from '../../tests/helpers/server-http';
import { waitForVerificationCode } from '../../tests/helpers/server-mail';
import {
  startRealtimeApp,
  StompRefused,
  TestStompClient,
  type RealtimeTestApp,
  type TestStompOptions,
} from '../../tests/helpers/server-realtime';
import { SessionEvents } from '../modules/auth/session-events';
import { Topics, UserQueues } from './destinations';
import { registerRealtime } from './index';
import { NotificationReplies } from './notification-handlers';

let t: RealtimeTestApp;
const clients: TestStompClient[] = [];

beforeAll(async () => {
  t = await startRealtimeApp();
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  t.clock.reset();
});
afterAll(async () => {
  await t?.close();
});

function stomp(token: string | null, options: Partial<TestStompOptions> = {}): TestStompClient {
  const client = new TestStompClient(t.url, { token, ...options });
  clients.push(client);
  return client;
}

async function refusal(client: TestStompClient): Promise<string | undefined> {
  const error = await client.connect().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(StompRefused);
  await client.waitForClose();
  return (error as StompRefused).frame.headers.message;
}

describe('CONNECT', () => {
  it('accepts a valid token and agrees on 4000 ms heart-beats', async () => {
    const user = await verifiedUser(t.app, t.mailDir);
    const client = stomp(user.token);
    const connected = await client.connect();
    expect(connected.headers).toMatchObject({ version: '1.2', 'heart-beat': '4000,4000', 'user-name': user.id });
    expect(t.realtime.broker.stats().authenticated).toBeGreaterThanOrEqual(1);
  });

  it('refuses a missing, invalid, expired or revoked token', async () => {
    const user = await verifiedUser(t.app, t.mailDir);
    expect(await refusal(stomp(null))).toBe(ServerMessages.unauthorized);
    expect(await refusal(stomp('not-a-token'))).toBe(ServerMessages.invalidToken);

    t.clock.advance(2 * 60 * 60 * 1000);
    expect(await refusal(stomp(user.token))).toBe(ServerMessages.invalidToken);
    t.clock.reset();

    const loggedOut = await verifiedUser(t.app, t.mailDir);
    expect((await call(t.app, 'POST', '/v1/user/logout', { token: loggedOut.token })).status).toBe(200);
    expect(await refusal(stomp(loggedOut.token))).toBe(ServerMessages.invalidToken);
  });

  it('lets an unverified user connect and hear their own notifications, and nothing else', async () => {
    const unverified = await registerUser(t.app);
    const client = stomp(unverified.token);
    await client.connect();
    const inbox = await client.subscribeConfirmed(Topics.user(unverified.id));
    const status = await client.subscribeConfirmed(UserQueues.status);
    const errors = await client.subscribeConfirmed(UserQueues.errors);
    const chat = client.subscribe(Topics.chat(unverified.id));
    client.send('/app/notifications/ping');
    expect((await status.next()).body).toBe(NotificationReplies.pong);
    client.send('/app/chat/send', JSON.stringify({ receiverId: unverified.id, content: 'hello' }));
    expect((await errors.next()).body).toBe(ServerMessages.emailNotVerified);
    expect(client.stompErrors.map((f) => f.headers.destination)).toEqual([Topics.chat(unverified.id)]);

    const created = await t.app.services.marketplace.notifications.notifyNow({
      userId: unverified.id,
      type: 'CASE_CREATE',
      content: 'Welcome',
    });
    expect(JSON.parse((await inbox.next()).body)).toEqual(created);
    t.realtime.broker.publishToUser(unverified.id, Topics.chat(unverified.id), { not: 'heard' });
    client.send('/app/notifications/ping');
    await status.next();
    expect(chat.messages).toEqual([]);
    expect(client.closes).toBe(0);
  });

  it('opens the rest to the same socket once the email is verified, with no reconnect', async () => {
    const user = await registerUser(t.app);
    const client = stomp(user.token);
    await client.connect();
    const errors = await client.subscribeConfirmed(UserQueues.errors);
    client.subscribe(Topics.chat(user.id));
    await vi.waitFor(() => expect(client.stompErrors).toHaveLength(1));

    const otp = await waitForVerificationCode(t.mailDir, user.email);
    const verified = await call(t.app, 'POST', '/v1/auth/verify-email', { body: { email: user.email, otp } });
    expect(verified.status).toBe(200);

    // The socket is refreshed when the server hears of the change; each SEND is answered on the
    // errors queue, refused for the unverified email until then, and once verified refused only
    // because a message to oneself is not allowed. The SENDs are paced under the 10-a-second limit:
    // a "too many requests" answer says nothing about the refresh (a busy machine once let the
    // check pass on one and then subscribe before the refresh).
    const attempt = async () => {
      client.send('/app/chat/send', JSON.stringify({ receiverId: user.id, content: 'hello' }));
      return (await errors.next()).body;
    };
    await vi.waitFor(async () => expect(await attempt()).toBe(ChatMessages.invalidRecipient), {
      timeout: 15_000,
      interval: 200,
    });
    const chat = await client.subscribeConfirmed(Topics.chat(user.id));
    t.realtime.broker.publishToUser(user.id, Topics.chat(user.id), { now: 'heard' });
    expect(JSON.parse((await chat.next()).body)).toEqual({ now: 'heard' });
    expect(client.closes).toBe(0);
  });
});

describe('authorization', () => {
  it("allows one's own destinations and answers another user's topic with ERROR, keeping the socket", async () => {
    const [alice, bob] = [await verifiedUser(t.app, t.mailDir), await verifiedUser(t.app, t.mailDir)];
    const client = stomp(alice.token);
    await client.connect();
    for (const destination of [
      Topics.user(alice.id),
      Topics.chat(alice.id),
      Topics.chatUnread(alice.id),
      Topics.chatReadStatus(alice.id),
      UserQueues.errors,
      UserQueues.status,
      UserQueues.notifications,
      UserQueues.chatStatus,
      UserQueues.chatErrors,
      UserQueues.chat,
    ]) {
      await client.subscribeConfirmed(destination);
    }
    expect(client.stompErrors).toEqual([]);

    const status = await client.subscribeConfirmed(UserQueues.status);
    client.subscribe(Topics.user(bob.id));
    client.send('/app/notifications/ping');
    expect((await status.next()).body).toBe(NotificationReplies.pong);
    expect(client.stompErrors.map((f) => [f.headers.message, f.headers.destination])).toEqual([
      [ServerMessages.accessDenied, Topics.user(bob.id)],
    ]);
    expect(client.closes).toBe(0);
  });
});

describe('delivery', () => {
  it("delivers publishToUser and every new notification on the user's topic", async () => {
    const user = await verifiedUser(t.app, t.mailDir);
    const client = stomp(user.token);
    await client.connect();
    const inbox = await client.subscribeConfirmed(Topics.user(user.id));

    t.realtime.broker.publishToUser(user.id, Topics.user(user.id), { hello: 'world' });
    const published = await inbox.next();
    expect(published.headers['content-type']).toBe('application/json');
    expect(JSON.parse(published.body)).toEqual({ hello: 'world' });

    const created = await t.app.services.marketplace.notifications.notifyNow({
      userId: user.id,
      type: 'CASE_CREATE',
      content: 'A new case was created',
      link: '/case/1',
    });
    expect(JSON.parse((await inbox.next()).body)).toEqual(created);
  });

  it('answers /app/notifications/* with the reference texts', async () => {
    const [user, other] = [await verifiedUser(t.app, t.mailDir), await verifiedUser(t.app, t.mailDir)];
    const client = stomp(user.token);
    await client.connect();
    const notifications = await client.subscribeConfirmed(UserQueues.notifications);
    const status = await client.subscribeConfirmed(UserQueues.status);
    const errors = await client.subscribeConfirmed(UserQueues.errors);

    client.send('/app/notifications/subscribe');
    expect((await notifications.next()).body).toBe('Successfully connected to notification service');
    client.send('/app/notifications/ping');
    expect((await status.next()).body).toBe(NotificationReplies.pong);

    const notify = t.app.services.marketplace.notifications;
    const mine = await notify.notifyNow({ userId: user.id, type: 'NOTE_CREATE', content: 'A note was added' });
    const theirs = await notify.notifyNow({ userId: other.id, type: 'NOTE_CREATE', content: 'Not for you' });
    client.send('/app/notifications/mark-read', mine.id);
    expect((await status.next()).body).toBe(`Notification mark-read request received for: ${mine.id}`);
    const unread = await call(t.app, 'GET', '/v1/notifications/unread-count', { token: user.token });
    expect(unread.json?.data).toEqual({ unreadCount: 0 });

    client.send('/app/notifications/mark-read', theirs.id);
    client.send('/app/notifications/mark-read', 'garbage');
    expect((await errors.next()).body).toBe(NotificationMessages.notFound);
    expect((await errors.next()).body).toBe(NotificationMessages.notFound);
    const theirsUnread = await call(t.app, 'GET', '/v1/notifications/unread-count', { token: other.token });
    expect(theirsUnread.json?.data).toEqual({ unreadCount: 1 });
    expect(client.closes).toBe(0);
  });

  it('sends RECEIPT only after the handler has finished', async () => {
    const events: string[] = [];
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    t.realtime.broker.handle('/app/test/slow-store', async () => {
      started();
      await gate;
      events.push('stored');
    });
    const user = await verifiedUser(t.app, t.mailDir);
    const client = stomp(user.token);
    const other = stomp(user.token);
    await client.connect();
    await other.connect();
    const receipt = client.receipt('store-1').then(() => events.push('receipt'));
    client.send('/app/test/slow-store', '{}', { receipt: 'store-1' });
    await running;
    // A full round trip on another socket while the handler waits: an early RECEIPT would be here by now.
    const status = await other.subscribeConfirmed(UserQueues.status);
    other.send('/app/notifications/ping');
    await status.next();
    finish();
    await receipt;
    expect(events).toEqual(['stored', 'receipt']);
  });

  it('limits SEND to 10 a second, answering the excess on /user/queue/errors, and keeps the socket', async () => {
    const user = await verifiedUser(t.app, t.mailDir);
    const client = stomp(user.token);
    await client.connect();
    const status = await client.subscribeConfirmed(UserQueues.status);
    const errors = await client.subscribeConfirmed(UserQueues.errors);
    // The broker's one-second window reads Date.now(): hold it still, then move it on.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (let i = 0; i < 14; i += 1) client.send('/app/notifications/ping');
      // The 15th asks for a receipt: dropped too, and told so by its receipt-id, after all the others.
      client.send('/app/notifications/ping', '', { receipt: 'last' });
      expect((await errors.next()).body).toBe(ServerMessages.rateLimited);
      const last = await errors.next();
      expect(last.headers['receipt-id']).toBe('last');
      expect(status.messages).toHaveLength(10);

      vi.setSystemTime(Date.now() + 1100);
      const next = client.receipt('next');
      client.send('/app/notifications/ping', '', { receipt: 'next' });
      await next;
      expect(status.messages).toHaveLength(11);
      expect(errors.messages).toHaveLength(2);
      expect(client.closes).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers a frame over 64 KB with ERROR and closes', async () => {
    const user = await verifiedUser(t.app, t.mailDir);
    const client = stomp(user.token);
    await client.connect();
    client.send('/app/notifications/ping', 'x'.repeat(70 * 1024));
    await client.waitForClose();
    expect(client.stompErrors[0]?.headers.message).toBe('Frame too large (limit 65536 bytes)');
  });
});

describe('liveness', () => {
  it('drops a client that stops heart-beating after twice the agreed interval', async () => {
    const user = await verifiedUser(t.app, t.mailDir);
    const client = stomp(user.token, { heartbeat: [300, 300] });
    const connected = await client.connect();
    expect(connected.headers['heart-beat']).toBe('4000,300');
    // Four heart-beats span more than twice the interval: a beating client is kept.
    await client.waitForHeartbeats(4);
    expect(client.closes).toBe(0);

    client.muteOutgoing();
    await client.waitForClose(5000);
    expect(client.closeCodes).toEqual([3000]);
    expect(client.stompErrors).toEqual([]);
  });

  it('reconnects after the server closed the connection, and delivery resumes', async () => {
    const user = await verifiedUser(t.app, t.mailDir);
    const client = stomp(user.token, { heartbeat: [300, 300], reconnectDelay: 100 });
    await client.connect();
    const reconnected = client.nextConnect(5000, { acrossClose: true });
    client.muteOutgoing();
    await client.waitForClose(3000);
    await reconnected;
    const inbox = await client.subscribeConfirmed(Topics.user(user.id));
    t.realtime.broker.publishToUser(user.id, Topics.user(user.id), 'after reconnect');
    expect((await inbox.next()).body).toBe('after reconnect');
  });

  it('closes the socket on logout', async () => {
    const user = await verifiedUser(t.app, t.mailDir);
    const client = stomp(user.token);
    await client.connect();
    await client.subscribeConfirmed(Topics.user(user.id));
    const closed = client.waitForClose();
    expect((await call(t.app, 'POST', '/v1/user/logout', { token: user.token })).status).toBe(200);
    await closed;
    expect(client.closeCodes).toEqual([1008]);
    expect(client.stompErrors.at(-1)?.headers.message).toBe(ServerMessages.invalidToken);
  });
});

describe('transports', () => {
  it.each(['websocket', 'xhr-streaming', 'xhr-polling'] as const)('works over %s', async (transport) => {
    const user = await verifiedUser(t.app, t.mailDir);
    const client = stomp(user.token, { transports: [transport] });
    await client.connect();
    expect(client.transport).toBe(transport);
    const status = await client.subscribeConfirmed(UserQueues.status);
    const topic = await client.subscribeConfirmed(Topics.user(user.id));
    client.send('/app/notifications/ping');
    expect((await status.next()).body).toBe(NotificationReplies.pong);
    const body = { content: 'মামলার তারিখ: ১২ জুন', nul: 'a\u0000b' };
    t.realtime.broker.publishToUser(user.id, Topics.user(user.id), body);
    expect(JSON.parse((await topic.next()).body)).toEqual(body);
  });
});

describe('the SockJS endpoint', () => {
  it('serves info and the websocket and xhr transports only; other paths stay with Fastify', async () => {
    const info = await fetch(`${t.url}/info`);
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({ websocket: true, cookie_needed: false });
    for (const path of [
      '/websocket',
      '/iframe.html',
      '/iframe-1.6.1.html',
      '/000/session1/jsonp',
      '/000/session1/jsonp_send',
      '/000/session1/eventsource',
      '/000/session1/htmlfile',
      '/chunking_test',
    ]) {
      const response = await fetch(`${t.url}${path}`, { method: path.endsWith('_send') ? 'POST' : 'GET' });
      expect(response.status, path).toBe(404);
      await response.body?.cancel();
    }
    expect((await fetch(`${t.origin}/v1/health`)).status).toBe(200);
  });

  it('refuses foreign origins and oversized xhr_send bodies', async () => {
    expect((await fetch(`${t.url}/info`, { headers: { origin: 'https://evil.example' } })).status).toBe(403);
    expect((await fetch(`${t.url}/info`, { headers: { origin: t.origin } })).status).toBe(200);
    const big = await fetch(`${t.url}/000/session1/xhr_send`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify(['x'.repeat(600 * 1024)]),
    });
    expect(big.status).toBe(413);
  });

  it('closes open sockets when the app shuts down', async () => {
    const other = await startRealtimeApp();
    const user = await verifiedUser(other.app, other.mailDir);
    const client = new TestStompClient(other.url, { token: user.token, transports: ['xhr-streaming'] });
    try {
      await client.connect();
      const closed = client.waitForClose();
      await other.close();
      await closed;
      expect(client.closeCodes).toEqual([1001]);
    } finally {
      await client.close();
    }
  });
});

describe('registerRealtime', () => {
  it('serves /v1/ws beside the routes of a Fastify app and closes with it', async () => {
    const app = Fastify({ logger: false });
    app.get('/v1/ping', async () => ({ ok: true }));
    const sessionEvents = new SessionEvents();
    registerRealtime(app, {
      // The token names the session here; the app passes AuthService.authenticate.
      authenticate: async (sid) => ({
        userId: 'u1',
        sid,
        email: 'u@example.test',
        role: 'USER',
        firstName: 'U',
        lastName: 'One',
        emailVerified: true,
      }),
      sessionEvents,
      markRead: async () => undefined,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const revoked = new TestStompClient(`${url}/v1/ws`, { token: 'session-1', transports: ['xhr-streaming'] });
    const open = new TestStompClient(`${url}/v1/ws`, { token: 'session-2', transports: ['xhr-streaming'] });
    clients.push(revoked, open);
    try {
      await revoked.connect();
      await open.connect();
      expect(app.realtime.broker.stats().authenticated).toBe(2);
      expect(await (await fetch(`${url}/v1/ping`)).json()).toEqual({ ok: true });

      const revokedClosed = revoked.waitForClose();
      sessionEvents.emitRevoked(['session-1']);
      await revokedClosed;
      expect(open.closes).toBe(0);

      const shutDown = open.waitForClose();
      await app.close();
      await shutDown;
      expect(open.closeCodes).toEqual([1001]);
    } finally {
      await app.close();
    }
  });
});
