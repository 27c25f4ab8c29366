/**
 * The broker without sockets: fake transports record what it writes and how it closes. Covers the
 * CONNECT handshake (versions, tokens, heart-beat negotiation), per-frame authorization, SEND
 * routing and receipts, soft errors on /user/queue/errors, the rate limit, heart-beat timeouts,
 * fan-out between two brokers on one bus, and session revocation.
 */
import { Client, type IStompSocket } from '@stomp/stompjs';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServerMessages } from '../../contract/errors';
import { NotificationMessages } from '../../contract/notifications';
import { badRequest, notFound, unauthorized } from '../http/app-error';
import type { Actor } from '../modules/auth/policy';
import { StompBroker, type BrokerOptions, type Transport, type TransportSession } from './broker';
import { MemoryBus } from './bus';
import { Topics, UserQueues } from './destinations';
import { NotificationReplies, registerNotificationHandlers } from './notification-handlers';
import { SERVER_COMMANDS, serializeFrame, StompParser, type StompFrame } from './stomp-codec';

const ALICE = actor('a11ce000-0000-4000-8000-000000000001', 'alice-session');
const BOB = actor('b0b00000-0000-4000-8000-000000000002', 'bob-session');
const UNVERIFIED = { ...actor('c0000000-0000-4000-8000-000000000003', 'c-session'), emailVerified: false };
const MEETING = 'e0000000-0000-4000-8000-00000000000e';
const TOKENS: Record<string, Actor> = { alice: ALICE, bob: BOB, unverified: UNVERIFIED };

function actor(userId: string, sid: string): Actor {
  return {
    userId,
    sid,
    email: `${sid}@example.test`,
    role: 'USER',
    firstName: 'A',
    lastName: 'B',
    emailVerified: true,
  };
}

const logger = Fastify({ logger: false }).log;

class FakeTransport implements Transport {
  readonly kind = 'fake';
  readonly frames: StompFrame[] = [];
  heartbeats = 0;
  closedWith: [number, string] | null = null;
  session!: TransportSession;
  private readonly parser = new StompParser({ commands: SERVER_COMMANDS });

  send(text: string): void {
    if (this.closedWith) throw new Error('write after close');
    for (const item of this.parser.push(text)) {
      if (item.kind === 'heartbeat') this.heartbeats += 1;
      else this.frames.push(item.frame);
    }
  }

  close(code: number, reason: string): void {
    this.closedWith = [code, reason];
  }

  /** Sends one client frame. */
  frame(command: string, headers: Record<string, string> = {}, body = ''): void {
    this.session.receive(raw(command, headers, body));
  }

  of(command: string): StompFrame[] {
    return this.frames.filter((f) => f.command === command);
  }

  messages(destination?: string): StompFrame[] {
    return this.of('MESSAGE').filter((f) => destination === undefined || f.headers.destination === destination);
  }

  async waitFor(command: string, count = 1): Promise<StompFrame> {
    await vi.waitFor(() => expect(this.of(command).length).toBeGreaterThanOrEqual(count), { timeout: 2000 });
    return this.of(command)[count - 1] as StompFrame;
  }

  async waitForClose(): Promise<[number, string]> {
    await vi.waitFor(() => expect(this.closedWith).not.toBeNull(), { timeout: 2000 });
    return this.closedWith as [number, string];
  }
}

/** A client frame as stompjs writes it (headers unescaped on CONNECT only). */
function raw(command: string, headers: Record<string, string>, body = ''): string {
  return serializeFrame({ command, headers, body }).replace(/content-length:\d+\n/, '');
}

const brokers: StompBroker[] = [];
afterEach(async () => {
  for (const broker of brokers.splice(0)) await broker.close();
  vi.restoreAllMocks();
});

function newBroker(options: Partial<BrokerOptions> = {}): StompBroker {
  const broker = new StompBroker({
    authenticate: async (token) => {
      const found = TOKENS[token];
      if (!found) throw unauthorized(ServerMessages.invalidToken);
      return found;
    },
    bus: new MemoryBus(),
    logger,
    ...options,
  });
  brokers.push(broker);
  return broker;
}

/**
 * A WebSocket as @stomp/stompjs sees it, wired to `broker` in memory; every hop is a microtask, so
 * fake timers drive the whole conversation.
 */
function memorySocket(broker: StompBroker): IStompSocket {
  let session: TransportSession | null = null;
  const socket: IStompSocket & { readyState: number } = {
    url: 'memory://broker',
    readyState: 0,
    onclose: null,
    onerror: null,
    onmessage: null,
    onopen: null,
    close() {
      if (socket.readyState === 3) return;
      socket.readyState = 3;
      session?.closed();
      queueMicrotask(() => socket.onclose?.({ code: 1000, reason: '', wasClean: true }));
    },
    send(data) {
      const text = String(data);
      queueMicrotask(() => session?.receive(text));
    },
  };
  const transport: Transport = {
    kind: 'memory',
    send: (text) => queueMicrotask(() => socket.onmessage?.({ data: text })),
    close: (code, reason) => {
      if (socket.readyState === 3) return;
      socket.readyState = 3;
      queueMicrotask(() => socket.onclose?.({ code, reason, wasClean: true }));
    },
  };
  queueMicrotask(() => {
    socket.readyState = 1;
    session = broker.accept(transport);
    socket.onopen?.();
  });
  return socket;
}

function open(broker: StompBroker): FakeTransport {
  const transport = new FakeTransport();
  transport.session = broker.accept(transport);
  return transport;
}

async function connect(broker: StompBroker, token = 'alice', heartBeat = '0,0'): Promise<FakeTransport> {
  const transport = open(broker);
  transport.frame('CONNECT', {
    'accept-version': '1.2,1.1,1.0',
    'heart-beat': heartBeat,
    Authorization: `Bearer ${token}`,
  });
  await vi.waitFor(() => expect(transport.frames.length).toBeGreaterThan(0));
  return transport;
}

async function subscribe(transport: FakeTransport, destination: string, id = destination): Promise<void> {
  const receipt = `sub-${id}`;
  transport.frame('SUBSCRIBE', { id, destination, receipt });
  await vi.waitFor(() => expect(transport.of('RECEIPT').some((f) => f.headers['receipt-id'] === receipt)).toBe(true));
}

async function expectError(transport: FakeTransport, message: string): Promise<StompFrame> {
  const error = await transport.waitFor('ERROR');
  expect(error.headers.message).toBe(message);
  await transport.waitForClose();
  return error;
}

describe('CONNECT', () => {
  it('answers CONNECTED with version, heart-beats and the user', async () => {
    const t = await connect(newBroker(), 'alice', '4000,4000');
    const [connected] = t.frames;
    expect(connected?.command).toBe('CONNECTED');
    expect(connected?.headers).toMatchObject({ version: '1.2', 'heart-beat': '4000,4000', 'user-name': ALICE.userId });
    expect(t.closedWith).toBeNull();
  });

  it('also accepts the STOMP command and a case-insensitive Bearer scheme', async () => {
    const t = open(newBroker());
    t.frame('STOMP', { 'accept-version': '1.2', Authorization: 'bearer alice' });
    expect((await t.waitFor('CONNECTED')).headers.version).toBe('1.2');
  });

  it.each([
    ['0,0', '4000,4000'],
    ['4000,4000', '4000,4000'],
    ['10000,10000', '4000,4000'],
    ['500,500', '4000,500'],
    ['50,0', '4000,200'],
  ])('negotiates heart-beat %s → %s', async (client, server) => {
    const t = await connect(newBroker(), 'alice', client);
    expect(t.frames[0]?.headers['heart-beat']).toBe(server);
  });

  it('refuses clients without STOMP 1.2', async () => {
    const t = open(newBroker());
    t.frame('CONNECT', { 'accept-version': '1.0,1.1', Authorization: 'Bearer alice' });
    const error = await expectError(t, 'Supported protocol versions are 1.2');
    expect(error.headers.version).toBe('1.2');
  });

  it('refuses a missing, unknown or differently named token', async () => {
    const broker = newBroker();
    for (const [headers, message] of [
      [{}, ServerMessages.unauthorized],
      [{ Authorization: 'Basic YWxpY2U6eA==' }, ServerMessages.unauthorized],
      [{ authorization: 'Bearer alice' }, ServerMessages.unauthorized],
      [{ Authorization: 'Bearer nobody' }, ServerMessages.invalidToken],
    ] as const) {
      const t = open(broker);
      t.frame('CONNECT', { 'accept-version': '1.2', ...headers });
      expect(await expectError(t, message)).toBeDefined();
    }
    expect(broker.stats().connections).toBe(0);
  });

  it('lets a user whose email is not verified connect and hear only their notifications and own queues', async () => {
    const broker = newBroker();
    registerNotificationHandlers(broker, { markRead: async () => undefined });
    broker.handle('/app/test/verified', () => undefined);
    const t = await connect(broker, 'unverified');
    expect(t.frames[0]?.command).toBe('CONNECTED');
    for (const queue of [
      Topics.user(UNVERIFIED.userId),
      UserQueues.errors,
      UserQueues.status,
      UserQueues.notifications,
    ]) {
      await subscribe(t, queue);
    }
    for (const foreign of [
      Topics.chat(UNVERIFIED.userId),
      Topics.chatUnread(UNVERIFIED.userId),
      Topics.user(ALICE.userId),
    ]) {
      t.frame('SUBSCRIBE', { id: foreign, destination: foreign });
    }
    await t.waitFor('ERROR', 3);
    expect(t.of('ERROR').map((f) => f.headers.destination)).toEqual([
      Topics.chat(UNVERIFIED.userId),
      Topics.chatUnread(UNVERIFIED.userId),
      Topics.user(ALICE.userId),
    ]);

    // Ping answers; whatever HTTP keeps from an unverified email is refused the same way here.
    t.frame('SEND', { destination: '/app/notifications/ping' });
    t.frame('SEND', { destination: '/app/notifications/mark-read', receipt: 'm' }, MEETING);
    t.frame('SEND', { destination: '/app/test/verified', receipt: 'v' });
    await vi.waitFor(() => expect(t.messages(UserQueues.errors)).toHaveLength(2));
    expect(t.messages(UserQueues.status).map((m) => m.body)).toEqual(['pong']);
    expect(t.messages(UserQueues.errors).map((m) => [m.headers['receipt-id'], m.body])).toEqual([
      ['m', ServerMessages.emailNotVerified],
      ['v', ServerMessages.emailNotVerified],
    ]);
    expect(t.of('RECEIPT').map((f) => f.headers['receipt-id'])).not.toContain('v');

    broker.publishToUser(UNVERIFIED.userId, Topics.user(UNVERIFIED.userId), { id: 'n1' });
    broker.publishToUser(UNVERIFIED.userId, Topics.chat(UNVERIFIED.userId), { id: 'm1' });
    expect(t.messages().map((m) => m.headers.destination)).toEqual([
      UserQueues.status,
      UserQueues.errors,
      UserQueues.errors,
      Topics.user(UNVERIFIED.userId),
    ]);
    expect(t.closedWith).toBeNull();
  });

  it('answers a failing authentication with a generic error', async () => {
    const t = open(newBroker({ authenticate: () => Promise.reject(new Error('database down')) }));
    t.frame('CONNECT', { 'accept-version': '1.2', Authorization: 'Bearer alice' });
    await expectError(t, ServerMessages.internal);
  });

  it('refuses any other frame first, a second CONNECT, and a bad heart-beat header', async () => {
    const broker = newBroker();
    const first = open(broker);
    first.frame('SUBSCRIBE', { id: '1', destination: UserQueues.status });
    await expectError(first, 'Expected a CONNECT frame');

    const twice = await connect(broker);
    twice.frame('CONNECT', { 'accept-version': '1.2', Authorization: 'Bearer alice' });
    await expectError(twice, 'Already connected');

    const badBeat = open(broker);
    badBeat.frame('CONNECT', { 'accept-version': '1.2', 'heart-beat': 'often', Authorization: 'Bearer alice' });
    await expectError(badBeat, 'Invalid heart-beat header');
  });

  it('closes a socket that never sends CONNECT', async () => {
    const t = open(newBroker({ connectTimeoutMs: 50 }));
    await expectError(t, 'No CONNECT frame received in time');
  });
});

describe('SUBSCRIBE', () => {
  it("allows the user's own topics and queues, with receipts", async () => {
    const t = await connect(newBroker());
    for (const destination of [
      Topics.user(ALICE.userId),
      Topics.chat(ALICE.userId),
      Topics.chatUnread(ALICE.userId),
      Topics.chatReadStatus(ALICE.userId),
      UserQueues.errors,
      UserQueues.status,
      UserQueues.notifications,
      // The reference web client's, and any other queue of this connection, used or not.
      UserQueues.chatStatus,
      UserQueues.chatErrors,
      UserQueues.chat,
      '/user/queue/other',
    ]) {
      await subscribe(t, destination);
    }
    expect(t.of('ERROR')).toEqual([]);
    expect(t.closedWith).toBeNull();
  });

  it.each([
    Topics.user(BOB.userId),
    Topics.chat(BOB.userId),
    Topics.chatUnread(BOB.userId),
    Topics.chatReadStatus(BOB.userId),
    `/topic/user-${ALICE.userId}-extra`,
    '/topic/user-',
    '/queue/anything',
    '/user/queue/',
    '/user/queue/a/b',
    '/user/topic/errors',
    `/user/${BOB.userId}/queue/errors`,
    '/app/notifications/ping',
    Topics.call(MEETING),
  ])('denies %s with an ERROR naming it, and keeps the connection', async (destination) => {
    const broker = newBroker();
    const t = await connect(broker);
    t.frame('SUBSCRIBE', { id: '1', destination, receipt: 'r-1' });
    const error = await t.waitFor('ERROR');
    expect(error.headers).toMatchObject({
      message: ServerMessages.accessDenied,
      destination,
      subscription: '1',
      'receipt-id': 'r-1',
    });
    expect(error.body).toBe(`Subscription to ${destination} denied`);
    // The refused subscription does not exist; the connection goes on, and the id is free again.
    await subscribe(t, Topics.user(ALICE.userId), '1');
    broker.publishToUser(ALICE.userId, Topics.user(ALICE.userId), { id: 'n1' });
    expect(t.messages().map((m) => m.headers.subscription)).toEqual(['1']);
    expect(t.closedWith).toBeNull();
  });

  it('closes a connection that keeps subscribing where it may not', async () => {
    const t = await connect(newBroker());
    for (let i = 0; i < 64; i += 1) t.frame('SUBSCRIBE', { id: `s${i}`, destination: Topics.user(BOB.userId) });
    await t.waitFor('ERROR', 64);
    expect(t.closedWith).toBeNull();
    t.frame('SUBSCRIBE', { id: 'one-more', destination: Topics.user(BOB.userId) });
    await vi.waitFor(() => expect(t.closedWith).toEqual([1002, 'STOMP error']));
    expect(t.of('ERROR').at(-1)?.headers.message).toBe('At most 64 refused subscriptions per connection');
  });

  it('leaves a default-reconnect client refused a subscription with one connection, not a loop', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    try {
      const broker = newBroker();
      let sockets = 0;
      const heard: string[] = [];
      // @stomp/stompjs as shipped (reconnectDelay 5 s, heart-beats 10 s), over an in-memory socket.
      const client = new Client({
        webSocketFactory: () => {
          sockets += 1;
          return memorySocket(broker);
        },
        connectHeaders: { Authorization: 'Bearer alice' },
        debug: () => undefined,
      });
      client.onConnect = () => {
        // What the reference client subscribes to on every (re)connect, one of them not its own.
        client.subscribe(Topics.user(BOB.userId), () => undefined);
        client.subscribe(UserQueues.chatStatus, () => undefined);
        client.subscribe(Topics.user(ALICE.userId), (message) => heard.push(message.body));
      };
      const refusals: string[] = [];
      client.onStompError = (frame) => refusals.push(frame.headers.destination ?? '');
      client.activate();
      await vi.advanceTimersByTimeAsync(60_000);

      expect(sockets).toBeLessThan(5);
      expect(sockets).toBe(1);
      expect(refusals).toEqual([Topics.user(BOB.userId)]);
      broker.publishToUser(ALICE.userId, Topics.user(ALICE.userId), { id: 'still-here' });
      await vi.advanceTimersByTimeAsync(0);
      expect(heard).toEqual([JSON.stringify({ id: 'still-here' })]);
      await client.deactivate();
    } finally {
      vi.useRealTimers();
    }
  });

  it('allows a call topic only when canJoinCall says so', async () => {
    const canJoinCall = vi.fn(
      async (who: Actor, meetingId: string) => who.userId === ALICE.userId && meetingId === MEETING,
    );
    const broker = newBroker({ canJoinCall });
    const alice = await connect(broker, 'alice');
    await subscribe(alice, Topics.call(MEETING));
    expect(canJoinCall).toHaveBeenCalledWith(ALICE, MEETING);
    const bob = await connect(broker, 'bob');
    bob.frame('SUBSCRIBE', { id: '1', destination: Topics.call(MEETING) });
    expect((await bob.waitFor('ERROR')).headers).toMatchObject({
      message: ServerMessages.accessDenied,
      destination: Topics.call(MEETING),
    });
  });

  it('refuses a missing id, a reused id, and acknowledgement modes other than auto', async () => {
    const broker = newBroker();
    const noId = await connect(broker);
    noId.frame('SUBSCRIBE', { destination: UserQueues.status });
    await expectError(noId, 'SUBSCRIBE requires id and destination');

    const reused = await connect(broker);
    await subscribe(reused, UserQueues.status, 'same');
    reused.frame('SUBSCRIBE', { id: 'same', destination: UserQueues.errors });
    await expectError(reused, 'Subscription id already in use');

    const ack = await connect(broker);
    ack.frame('SUBSCRIBE', { id: '1', destination: UserQueues.status, ack: 'client' });
    await expectError(ack, 'Only ack:auto is supported');
  });

  it('caps the subscriptions of one connection', async () => {
    const t = await connect(newBroker());
    for (let i = 0; i < 64; i += 1) t.frame('SUBSCRIBE', { id: `s${i}`, destination: UserQueues.status });
    t.frame('SUBSCRIBE', { id: 'one-more', destination: UserQueues.status });
    await expectError(t, 'At most 64 subscriptions per connection');
  });
});

describe('publishing', () => {
  it('delivers publishToUser to every subscribed connection of that user only, as JSON', async () => {
    const broker = newBroker();
    const phone = await connect(broker, 'alice');
    const laptop = await connect(broker, 'alice');
    const unsubscribed = await connect(broker, 'alice');
    const bob = await connect(broker, 'bob');
    await subscribe(phone, Topics.user(ALICE.userId));
    await subscribe(laptop, Topics.user(ALICE.userId));
    await subscribe(bob, Topics.user(BOB.userId));

    broker.publishToUser(ALICE.userId, Topics.user(ALICE.userId), { id: 'n1', content: 'Hello: world' });
    for (const t of [phone, laptop]) {
      const [message] = t.messages(Topics.user(ALICE.userId));
      expect(message?.headers).toMatchObject({
        destination: Topics.user(ALICE.userId),
        'content-type': 'application/json',
        subscription: Topics.user(ALICE.userId),
      });
      expect(JSON.parse(message?.body ?? '')).toEqual({ id: 'n1', content: 'Hello: world' });
    }
    expect(unsubscribed.messages()).toEqual([]);
    expect(bob.messages()).toEqual([]);
  });

  it('sends one MESSAGE per subscription, with distinct message ids, and stops after UNSUBSCRIBE', async () => {
    const broker = newBroker();
    const t = await connect(broker);
    await subscribe(t, UserQueues.notifications, 'one');
    await subscribe(t, UserQueues.notifications, 'two');
    broker.publishToUser(ALICE.userId, UserQueues.notifications, 'text body');
    const messages = t.messages(UserQueues.notifications);
    expect(messages.map((m) => m.headers.subscription)).toEqual(['one', 'two']);
    expect(new Set(messages.map((m) => m.headers['message-id'])).size).toBe(2);
    expect(messages[0]?.headers['content-type']).toBe('text/plain;charset=UTF-8');

    t.frame('UNSUBSCRIBE', { id: 'one', receipt: 'u1' });
    await vi.waitFor(() => expect(t.of('RECEIPT').some((f) => f.headers['receipt-id'] === 'u1')).toBe(true));
    broker.publishToUser(ALICE.userId, UserQueues.notifications, 'again');
    expect(t.messages(UserQueues.notifications).map((m) => m.headers.subscription)).toEqual(['one', 'two', 'two']);
  });

  it('publish() reaches every subscriber of a topic', async () => {
    const broker = newBroker({ canJoinCall: () => true });
    const alice = await connect(broker, 'alice');
    const bob = await connect(broker, 'bob');
    await subscribe(alice, Topics.call(MEETING));
    await subscribe(bob, Topics.call(MEETING));
    broker.publish(Topics.call(MEETING), { type: 'offer' });
    expect(alice.messages(Topics.call(MEETING))).toHaveLength(1);
    expect(bob.messages(Topics.call(MEETING))).toHaveLength(1);
  });
});

describe('SEND', () => {
  it('routes /app destinations to handlers, with path parameters, and sends RECEIPT after the handler', async () => {
    const broker = newBroker();
    const order: string[] = [];
    broker.handle('/app/call/{meetingId}/signal', async ({ params, body, actor: who, reply }) => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      order.push(`stored ${params.meetingId} ${body} ${who.userId}`);
      reply(UserQueues.status, 'ok');
    });
    const t = await connect(broker);
    await subscribe(t, UserQueues.status);
    t.frame('SEND', { destination: `/app/call/${MEETING}/signal`, receipt: 'r1' }, 'offer');
    const receipt = await t.waitFor('RECEIPT', 2);
    expect(receipt.headers['receipt-id']).toBe('r1');
    expect(order).toEqual([`stored ${MEETING} offer ${ALICE.userId}`]);
    expect(t.messages(UserQueues.status).map((m) => m.body)).toEqual(['ok']);
  });

  it('handles the frames of one connection in order', async () => {
    const broker = newBroker();
    const seen: string[] = [];
    broker.handle('/app/test/store', async ({ body }) => {
      await new Promise((resolve) => setTimeout(resolve, body === 'first' ? 40 : 0));
      seen.push(body);
    });
    const t = await connect(broker);
    t.frame('SEND', { destination: '/app/test/store', receipt: '1' }, 'first');
    t.frame('SEND', { destination: '/app/test/store', receipt: '2' }, 'second');
    await t.waitFor('RECEIPT', 2);
    expect(seen).toEqual(['first', 'second']);
    expect(t.of('RECEIPT').map((f) => f.headers['receipt-id'])).toEqual(['1', '2']);
  });

  it('answers handler errors on /user/queue/errors without a RECEIPT and keeps the connection', async () => {
    const broker = newBroker();
    broker.handle('/app/test/refuse', () => {
      throw badRequest('Invalid message recipient.');
    });
    broker.handle('/app/test/crash', () => {
      throw new Error('bug');
    });
    const t = await connect(broker);
    await subscribe(t, UserQueues.errors);
    t.frame('SEND', { destination: '/app/test/refuse', receipt: 'r1' });
    t.frame('SEND', { destination: '/app/test/crash', receipt: 'r2' });
    t.frame('SEND', { destination: '/app/unknown', receipt: 'r3' });
    await vi.waitFor(() => expect(t.messages(UserQueues.errors)).toHaveLength(3));
    expect(t.messages(UserQueues.errors).map((m) => [m.body, m.headers['receipt-id']])).toEqual([
      ['Invalid message recipient.', 'r1'],
      [ServerMessages.internal, 'r2'],
      ['No handler for destination /app/unknown', 'r3'],
    ]);
    expect(t.of('RECEIPT').map((f) => f.headers['receipt-id'])).toEqual([`sub-${UserQueues.errors}`]);
    expect(t.closedWith).toBeNull();
  });

  it('denies SEND outside /app with an ERROR', async () => {
    const t = await connect(newBroker());
    t.frame('SEND', { destination: Topics.user(BOB.userId) }, 'spoofed');
    const error = await expectError(t, ServerMessages.accessDenied);
    expect(error.body).toBe(`Clients may not send to ${Topics.user(BOB.userId)}`);
  });

  it('refuses a SEND without destination', async () => {
    const t = await connect(newBroker());
    t.frame('SEND', {}, 'x');
    await expectError(t, 'SEND requires a destination');
  });

  it('refuses registering a handler outside /app or twice', () => {
    const broker = newBroker();
    expect(() => broker.handle('/topic/x', () => undefined)).toThrow('/app/');
    broker.handle('/app/x', () => undefined);
    expect(() => broker.handle('/app/x', () => undefined)).toThrow('already registered');
  });
});

describe('rate limit', () => {
  it('drops SENDs beyond 10 a second with one error message and keeps the connection', async () => {
    const broker = newBroker();
    let handled = 0;
    broker.handle('/app/test/count', () => {
      handled += 1;
    });
    const t = await connect(broker);
    await subscribe(t, UserQueues.errors);
    t.session.receive(Array.from({ length: 15 }, () => raw('SEND', { destination: '/app/test/count' })).join(''));
    await vi.waitFor(() => expect(handled).toBe(10));
    const errors = t.messages(UserQueues.errors);
    expect(errors.map((m) => m.body)).toEqual([ServerMessages.rateLimited]);
    expect(errors[0]?.headers['receipt-id']).toBeUndefined();
    expect(t.closedWith).toBeNull();
  });

  it('tells every dropped SEND that asked for a receipt, by its receipt-id, so its sender need not wait', async () => {
    const broker = newBroker();
    let handled = 0;
    broker.handle('/app/test/count', () => {
      handled += 1;
    });
    const t = await connect(broker);
    await subscribe(t, UserQueues.errors);
    t.session.receive(
      Array.from({ length: 15 }, (_, i) =>
        raw('SEND', { destination: '/app/test/count', ...(i === 12 ? {} : { receipt: `r${i}` }) }),
      ).join(''),
    );
    await vi.waitFor(() => expect(handled).toBe(10));
    const errors = t.messages(UserQueues.errors);
    expect(errors.map((m) => m.body)).toEqual(Array.from({ length: 4 }, () => ServerMessages.rateLimited));
    expect(errors.map((m) => m.headers['receipt-id'])).toEqual(['r10', 'r11', 'r13', 'r14']);
    await vi.waitFor(() =>
      expect(
        t
          .of('RECEIPT')
          .map((f) => f.headers['receipt-id'])
          .filter((id) => id?.startsWith('r')),
      ).toEqual(Array.from({ length: 10 }, (_, i) => `r${i}`)),
    );
    expect(t.closedWith).toBeNull();
  });

  it('closes a connection that floods for several seconds in a row, or at ten times the limit', async () => {
    const broker = newBroker();
    broker.handle('/app/test/noop', () => undefined);
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const flooder = await connect(broker);
    const burst = raw('SEND', { destination: '/app/test/noop' }).repeat(15);
    for (let second = 0; second < 5; second += 1) {
      flooder.session.receive(burst);
      now += 1000;
    }
    expect(flooder.closedWith).toBeNull();
    flooder.session.receive(burst);
    await expectError(flooder, ServerMessages.rateLimited);

    const burster = await connect(broker);
    burster.session.receive(raw('SEND', { destination: '/app/test/noop' }).repeat(101));
    await expectError(burster, ServerMessages.rateLimited);
  });
});

describe('heart-beats', () => {
  it('drops a client silent for more than twice the agreed interval', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    try {
      const broker = newBroker({ minHeartbeatMs: 50 });
      const silent = await connect(broker, 'alice', '50,0');
      const beating = await connect(broker, 'alice', '50,0');
      // 100 ms of silence is the limit; 30 ms apart is well inside it.
      for (let elapsed = 0; elapsed < 600; elapsed += 30) {
        beating.session.receive('\n');
        await vi.advanceTimersByTimeAsync(30);
      }
      expect(silent.closedWith).toEqual([3000, 'No heart-beat']);
      expect(beating.closedWith).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends EOLs at the agreed interval when nothing else goes out', async () => {
    const t = await connect(newBroker({ heartbeatMs: 40 }), 'alice', '0,40');
    await vi.waitFor(() => expect(t.heartbeats).toBeGreaterThanOrEqual(3), { timeout: 1000 });
  });
});

describe('sessions and instances', () => {
  it('delivers across brokers sharing a bus exactly once, and closes a revoked session everywhere', async () => {
    const bus = new MemoryBus();
    const a = newBroker({ bus });
    const b = newBroker({ bus });
    const onA = await connect(a, 'alice');
    const onB = await connect(b, 'alice');
    const bobOnB = await connect(b, 'bob');
    await subscribe(onA, Topics.user(ALICE.userId));
    await subscribe(onB, Topics.user(ALICE.userId));

    a.publishToUser(ALICE.userId, Topics.user(ALICE.userId), { id: 'n1' });
    expect(onA.messages()).toHaveLength(1);
    expect(onB.messages()).toHaveLength(1);

    a.closeSession(ALICE.sid);
    await expectError(onA, ServerMessages.invalidToken);
    await expectError(onB, ServerMessages.invalidToken);
    expect(onB.closedWith).toEqual([1008, 'Session ended']);
    expect(bobOnB.closedWith).toBeNull();
  });

  it('refuses a CONNECT whose session was revoked while it authenticated', async () => {
    let release!: () => void;
    const broker = newBroker({
      authenticate: async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return ALICE;
      },
    });
    const t = open(broker);
    t.frame('CONNECT', { 'accept-version': '1.2', Authorization: 'Bearer alice' });
    await vi.waitFor(() => expect(release).toBeDefined());
    broker.closeSession(ALICE.sid);
    release();
    await expectError(t, ServerMessages.invalidToken);
  });

  it('answers DISCONNECT with its receipt and closes normally', async () => {
    const broker = newBroker();
    const t = await connect(broker);
    t.frame('DISCONNECT', { receipt: 'bye' });
    expect((await t.waitFor('RECEIPT')).headers['receipt-id']).toBe('bye');
    expect(await t.waitForClose()).toEqual([1000, 'Normal closure']);
    expect(broker.stats()).toMatchObject({ connections: 0, authenticated: 0, users: 0, subscriptions: 0 });
  });

  it('refuses transactions', async () => {
    const t = await connect(newBroker());
    t.frame('BEGIN', { transaction: 'tx1' });
    await expectError(t, 'Transactions are not supported');
  });

  it('answers a malformed frame with ERROR, naming its receipt when it got that far', async () => {
    const broker = newBroker({ maxFrameBytes: 1024 });
    const big = await connect(broker);
    big.frame('SEND', { destination: '/app/x', receipt: 'big' }, 'x'.repeat(2000));
    const error = await expectError(big, 'Frame too large (limit 1024 bytes)');
    expect(error.headers['receipt-id']).toBe('big');

    const garbage = await connect(broker);
    garbage.session.receive('HELLO\n\n\0');
    await expectError(garbage, 'Unknown command "HELLO"');
  });

  it('counts connections for metrics and closes them all on shutdown', async () => {
    const broker = newBroker();
    const alice = await connect(broker, 'alice');
    const bob = await connect(broker, 'bob');
    open(broker);
    await subscribe(alice, UserQueues.status);
    expect(broker.stats()).toEqual({
      connections: 3,
      authenticated: 2,
      users: 2,
      subscriptions: 1,
      byTransport: { fake: 3 },
    });
    bob.session.closed();
    expect(broker.stats().connections).toBe(2);
    await broker.close();
    expect(alice.closedWith).toEqual([1001, 'Server shutting down']);
    expect(open(broker).closedWith).toEqual([1001, 'Server shutting down']);
    expect(broker.stats().connections).toBe(0);
  });
});

describe('/app/notifications/*', () => {
  async function setUp() {
    const markRead = vi.fn(async (who: Actor, id: string) => {
      if (who.userId !== ALICE.userId || id !== MEETING) throw notFound(NotificationMessages.notFound);
    });
    const broker = newBroker();
    registerNotificationHandlers(broker, { markRead });
    const t = await connect(broker);
    for (const queue of [UserQueues.notifications, UserQueues.status, UserQueues.errors]) await subscribe(t, queue);
    return { t, markRead, broker };
  }

  it('answers subscribe and ping with the reference texts, to this connection only', async () => {
    const { t, broker } = await setUp();
    const other = await connect(broker, 'alice');
    await subscribe(other, UserQueues.notifications);
    t.frame('SEND', { destination: '/app/notifications/subscribe' });
    t.frame('SEND', { destination: '/app/notifications/ping', receipt: 'p' });
    await vi.waitFor(() => expect(t.of('RECEIPT').some((f) => f.headers['receipt-id'] === 'p')).toBe(true));
    expect(t.messages(UserQueues.notifications).map((m) => m.body)).toEqual([NotificationReplies.subscribed]);
    expect(NotificationReplies.subscribed).toBe('Successfully connected to notification service');
    expect(t.messages(UserQueues.status).map((m) => m.body)).toEqual(['pong']);
    expect(other.messages()).toEqual([]);
  });

  it('marks a notification read and confirms with the reference text', async () => {
    const { t, markRead } = await setUp();
    t.frame('SEND', { destination: '/app/notifications/mark-read', receipt: 'm' }, MEETING);
    await vi.waitFor(() => expect(t.messages(UserQueues.status)).toHaveLength(1));
    expect(t.messages(UserQueues.status)[0]?.body).toBe(`Notification mark-read request received for: ${MEETING}`);
    expect(markRead).toHaveBeenCalledWith(ALICE, MEETING);
  });

  it('answers an unknown, foreign or malformed id on /user/queue/errors', async () => {
    const { t } = await setUp();
    for (const body of ['f0000000-0000-4000-8000-00000000000f', 'not-a-uuid', '']) {
      t.frame('SEND', { destination: '/app/notifications/mark-read' }, body);
    }
    await vi.waitFor(() => expect(t.messages(UserQueues.errors)).toHaveLength(3));
    expect(new Set(t.messages(UserQueues.errors).map((m) => m.body))).toEqual(new Set([NotificationMessages.notFound]));
    expect(t.messages(UserQueues.status)).toEqual([]);
  });
});
