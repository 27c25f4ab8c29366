/**
 * The connection's own rules (docs/product.md §4, §5, §9), over a scripted socket so time and failures are
 * ours to control: backoff 1 s doubling to 30 s, five attempts, the two giving-up texts, a manual
 * reconnect that counts afresh, subscriptions made again after every reconnect, and the errors for
 * sending while down and connecting without credentials. The real transport (SockJS to our broker)
 * is exercised end to end in tests/e2e/notifications.test.ts.
 */
import type { IStompSocket } from '@stomp/stompjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  backoffDelay,
  RealtimeConnection,
  RealtimeErrors,
  RECEIPT_TIMEOUT_MS,
  SendPacer,
  SENDS_PER_SECOND,
} from './connection';

type Mode = 'refuse' | 'accept';

/** A WebSocket stand-in that either fails to open or speaks just enough STOMP to say CONNECTED. */
class ScriptedSocket {
  static mode: Mode = 'refuse';
  static opened: ScriptedSocket[] = [];
  readyState = 0;
  binaryType = 'arraybuffer';
  url = 'ws://test';
  protocol = '';
  sent: string[] = [];
  onopen: ((ev?: unknown) => void) | null = null;
  onclose: ((ev?: unknown) => void) | null = null;
  onerror: ((ev?: unknown) => void) | null = null;
  onmessage: ((ev: { data: string }) => void) | null = null;

  constructor() {
    ScriptedSocket.opened.push(this);
    const mode = ScriptedSocket.mode;
    queueMicrotask(() => {
      if (mode === 'refuse') {
        this.readyState = 3;
        this.onclose?.({ code: 1006, reason: '', wasClean: false });
      } else {
        this.readyState = 1;
        this.onopen?.({});
      }
    });
  }

  send(data: string): void {
    this.sent.push(data);
    if (data.startsWith('CONNECT')) {
      queueMicrotask(() => this.onmessage?.({ data: 'CONNECTED\nversion:1.2\nheart-beat:0,0\n\n\0' }));
    }
  }

  close(): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    queueMicrotask(() => this.onclose?.({ code: 1000, reason: '', wasClean: true }));
  }

  /** A frame from the server. */
  receive(frame: string): void {
    this.onmessage?.({ data: frame });
  }

  /** The SEND frames written so far. */
  sends(): string[] {
    return this.sent.filter((frame) => frame.startsWith('SEND\n'));
  }

  /** A header of a frame this socket sent. */
  static header(frame: string | undefined, name: string): string | undefined {
    return frame
      ?.split('\n\n')[0]
      ?.split('\n')
      .find((line) => line.startsWith(`${name}:`))
      ?.slice(name.length + 1);
  }

  /** The server went away. */
  drop(): void {
    this.readyState = 3;
    this.onclose?.({ code: 1006, reason: '', wasClean: false });
  }
}

function makeConnection(credentials: { token: string; userId: string } | null = { token: 't', userId: 'u1' }) {
  return new RealtimeConnection({
    url: 'http://test/v1/ws',
    credentials: () => credentials,
    createSocket: () => new ScriptedSocket() as unknown as IStompSocket,
  });
}

async function settle(ms = 0): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
}

beforeEach(() => {
  vi.useFakeTimers();
  ScriptedSocket.opened = [];
  ScriptedSocket.mode = 'refuse';
});

afterEach(() => {
  vi.useRealTimers();
});

describe('backoffDelay', () => {
  it('starts at 1 s, doubles, and stops at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((attempt) => backoffDelay(attempt))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
  });
});

describe('RealtimeConnection', () => {
  it('refuses to connect without a token and user', () => {
    expect(() => makeConnection(null).connect()).toThrow(RealtimeErrors.credentialsRequired);
  });

  it('retries with backoff and gives up after 5 retries with "Failed to connect after 5 attempts"', async () => {
    const connection = makeConnection();
    const errors: string[] = [];
    connection.onError((message) => errors.push(message));
    connection.connect();
    await settle();
    expect(connection.getSnapshot()).toMatchObject({ state: 'reconnecting', attempts: 1 });
    expect(ScriptedSocket.opened).toHaveLength(1);

    // Not before its time: the 2nd try comes 1 s later, then 2, 4, 8, 16 s.
    await settle(999);
    expect(ScriptedSocket.opened).toHaveLength(1);
    for (const wait of [1, 2000, 4000, 8000, 16_000]) {
      await settle(wait);
    }
    expect(ScriptedSocket.opened).toHaveLength(6);
    expect(connection.getSnapshot()).toMatchObject({ state: 'disconnected', everConnected: false });
    expect(errors).toEqual([RealtimeErrors.failedToConnect(5)]);
    expect(connection.getSnapshot().error).toBe('Failed to connect after 5 attempts');

    // No further tries by itself…
    await settle(120_000);
    expect(ScriptedSocket.opened).toHaveLength(6);
  });

  it('makes no attempt while the device is offline, and connects when reconnect() follows the network back', async () => {
    let online = false;
    const connection = new RealtimeConnection({
      url: 'http://test/v1/ws',
      credentials: () => ({ token: 't', userId: 'u1' }),
      createSocket: () => new ScriptedSocket() as unknown as IStompSocket,
      isOnline: () => online,
    });
    connection.connect();
    await settle(120_000);
    // No /ws/info request each second while there is no network at all.
    expect(ScriptedSocket.opened).toHaveLength(0);
    expect(connection.getSnapshot()).toMatchObject({ state: 'reconnecting', error: null });

    online = true;
    ScriptedSocket.mode = 'accept';
    connection.reconnect();
    await settle();
    expect(ScriptedSocket.opened).toHaveLength(1);
    expect(connection.getSnapshot().state).toBe('connected');
  });

  it('a manual reconnect starts counting afresh and connects at once', async () => {
    const connection = makeConnection();
    connection.connect();
    await settle(1 + 1000 + 2000 + 4000 + 8000 + 16_000);
    expect(connection.getSnapshot().state).toBe('disconnected');

    ScriptedSocket.mode = 'accept';
    connection.reconnect();
    await settle();
    expect(connection.getSnapshot()).toMatchObject({ state: 'connected', attempts: 0, error: null });
    expect(ScriptedSocket.opened.at(-1)?.sent[0]).toMatch(/^CONNECT\n[\s\S]*Authorization:Bearer t\n/);
  });

  it('after a drop it says "Max reconnection attempts reached" once the attempts run out', async () => {
    ScriptedSocket.mode = 'accept';
    const connection = makeConnection();
    connection.connect();
    await settle();
    expect(connection.getSnapshot().state).toBe('connected');

    ScriptedSocket.mode = 'refuse';
    ScriptedSocket.opened.at(-1)?.drop();
    expect(connection.getSnapshot()).toMatchObject({ state: 'reconnecting', attempts: 1 });
    expect(connection.getSnapshot().downSince).not.toBeNull();
    await settle(1000 + 2000 + 4000 + 8000 + 16_000);
    expect(connection.getSnapshot()).toMatchObject({ state: 'disconnected', error: RealtimeErrors.maxAttempts });
  });

  it('makes its subscriptions again after every reconnect, and sends only while connected', async () => {
    ScriptedSocket.mode = 'accept';
    const connection = makeConnection();
    connection.listen('/topic/user-u1', () => undefined);
    expect(() => connection.send('/app/notifications/ping', '')).toThrow(RealtimeErrors.notConnected);
    connection.connect();
    await settle();
    const subscribes = (socket: ScriptedSocket | undefined) =>
      (socket?.sent ?? []).filter((frame) => frame.startsWith('SUBSCRIBE') && frame.includes('/topic/user-u1'));
    expect(subscribes(ScriptedSocket.opened[0])).toHaveLength(1);

    ScriptedSocket.opened[0]?.drop();
    await settle(1000);
    expect(connection.getSnapshot().state).toBe('connected');
    expect(subscribes(ScriptedSocket.opened[1])).toHaveLength(1);

    connection.send('/app/notifications/ping', '');
    expect(
      ScriptedSocket.opened[1]?.sent.some((frame) => frame.startsWith('SEND\ndestination:/app/notifications/ping')),
    ).toBe(true);

    connection.disconnect();
    expect(connection.getSnapshot()).toMatchObject({ state: 'disconnected', attempts: 0 });
    expect(() => connection.send('/app/notifications/ping', '')).toThrow(RealtimeErrors.notConnected);
  });
});

/** A promise's state after the timers have run as far as the test let them. */
function track(promise: Promise<void>) {
  const state: { settled: 'pending' | 'resolved' | 'rejected'; error: unknown } = { settled: 'pending', error: null };
  promise.then(
    () => {
      state.settled = 'resolved';
    },
    (error: unknown) => {
      state.settled = 'rejected';
      state.error = error;
    },
  );
  return state;
}

async function connected() {
  ScriptedSocket.mode = 'accept';
  const connection = makeConnection();
  connection.connect();
  await settle();
  expect(connection.getSnapshot().state).toBe('connected');
  return { connection, socket: ScriptedSocket.opened.at(-1) as ScriptedSocket };
}

describe('sendWithReceipt', () => {
  const RATE_LIMITED = 'Too many requests. Please try again later.';

  it('resolves on its RECEIPT', async () => {
    const { connection, socket } = await connected();
    const sent = track(connection.sendWithReceipt('/app/chat/send', '{}'));
    await settle();
    const receipt = ScriptedSocket.header(socket.sends()[0], 'receipt');
    expect(receipt).toBeTruthy();
    socket.receive(`RECEIPT\nreceipt-id:${receipt}\n\n\0`);
    await settle();
    expect(sent.settled).toBe('resolved');
  });

  it('fails at once when the broker refuses the SEND on /user/queue/errors, naming its receipt', async () => {
    const { connection, socket } = await connected();
    // The connection listens there by itself, before anything is sent.
    const errorsSubscription = socket.sent.find(
      (frame) => frame.startsWith('SUBSCRIBE') && frame.includes('destination:/user/queue/errors'),
    );
    const subscriptionId = ScriptedSocket.header(errorsSubscription, 'id');
    expect(subscriptionId).toBeTruthy();

    const other = track(connection.sendWithReceipt('/app/chat/send', '{"n":1}'));
    const refused = track(connection.sendWithReceipt('/app/chat/send', '{"n":2}'));
    await settle(1000);
    const receipt = ScriptedSocket.header(socket.sends()[1], 'receipt');
    socket.receive(
      `MESSAGE\ndestination:/user/queue/errors\nsubscription:${subscriptionId}\nmessage-id:m-1\nreceipt-id:${receipt}\ncontent-type:text/plain;charset=UTF-8\n\n${RATE_LIMITED}\0`,
    );
    await settle();
    expect(refused.settled).toBe('rejected');
    expect((refused.error as Error).message).toBe(RealtimeErrors.refused(RATE_LIMITED));
    // Only the SEND it names; the connection stays up.
    expect(other.settled).toBe('pending');
    expect(connection.getSnapshot().state).toBe('connected');
  });

  it('fails at once on an ERROR frame naming its receipt, and reconnects after the broker closes', async () => {
    const { connection, socket } = await connected();
    const errors: string[] = [];
    connection.onError((message) => errors.push(message));
    const refused = track(connection.sendWithReceipt('/app/chat/send', '{}'));
    await settle();
    const receipt = ScriptedSocket.header(socket.sends()[0], 'receipt');
    socket.receive(`ERROR\nmessage:${RATE_LIMITED}\nreceipt-id:${receipt}\n\n${RATE_LIMITED}\0`);
    await settle();
    expect(refused.settled).toBe('rejected');
    expect((refused.error as Error).message).toBe(RealtimeErrors.refused(RATE_LIMITED));
    expect(errors).toEqual([RealtimeErrors.stomp(RATE_LIMITED)]);

    // STOMP 1.2: the broker closes after ERROR; the connection comes back as after any drop.
    socket.drop();
    expect(connection.getSnapshot().state).toBe('reconnecting');
    await settle(1000);
    expect(connection.getSnapshot().state).toBe('connected');
    const next = track(connection.sendWithReceipt('/app/chat/send', '{}'));
    await settle();
    const fresh = ScriptedSocket.opened.at(-1) as ScriptedSocket;
    fresh.receive(`RECEIPT\nreceipt-id:${ScriptedSocket.header(fresh.sends()[0], 'receipt')}\n\n\0`);
    await settle();
    expect(next.settled).toBe('resolved');
  });

  it('fails with noReceipt when nothing comes back in time, and notConnected when the socket drops', async () => {
    const { connection, socket } = await connected();
    const silent = track(connection.sendWithReceipt('/app/chat/send', '{}', 5000));
    await settle(4999);
    expect(silent.settled).toBe('pending');
    await settle(1);
    expect((silent.error as Error).message).toBe(RealtimeErrors.noReceipt);

    const cut = track(connection.sendWithReceipt('/app/chat/send', '{}'));
    await settle();
    socket.drop();
    await settle();
    expect((cut.error as Error).message).toBe(RealtimeErrors.notConnected);
  });

  it(`paces SENDs to ${SENDS_PER_SECOND} a second, evenly spaced (the broker drops beyond 10), in order`, async () => {
    const { connection, socket } = await connected();
    const results = Array.from({ length: 12 }, (_, n) =>
      track(connection.sendWithReceipt('/app/chat/send', JSON.stringify({ n }))),
    );
    connection.send('/app/chat/mark-read', 'x');
    await settle();
    expect(socket.sends()).toHaveLength(1);
    const spacing = 1000 / SENDS_PER_SECOND;
    await settle(spacing - 1);
    expect(socket.sends()).toHaveLength(1);
    await settle(1);
    expect(socket.sends()).toHaveLength(2);
    await settle(1000 - spacing);
    // Any 1000 ms holds at most SENDS_PER_SECOND of them.
    expect(socket.sends()).toHaveLength(SENDS_PER_SECOND + 1);
    await settle(2000);
    expect(socket.sends().map((frame) => frame.slice(frame.indexOf('\n\n') + 2, -1))).toEqual([
      ...Array.from({ length: 12 }, (_, n) => JSON.stringify({ n })),
      'x',
    ]);
    // The wait for its turn does not eat into a SEND's time for its receipt: the last one went at
    // 11 × spacing and waits RECEIPT_TIMEOUT_MS from then.
    await settle(RECEIPT_TIMEOUT_MS - 3000);
    expect((results[0]?.error as Error | null)?.message).toBe(RealtimeErrors.noReceipt);
    expect(results[11]?.settled).toBe('pending');
    await settle(11 * spacing);
    expect((results[11]?.error as Error | null)?.message).toBe(RealtimeErrors.noReceipt);
  });

  it('drops what waits for its turn when the socket goes: those SENDs fail, nothing reaches the next socket', async () => {
    const { connection, socket } = await connected();
    const results = Array.from({ length: 4 }, () => track(connection.sendWithReceipt('/app/chat/send', '{}')));
    await settle();
    expect(socket.sends()).toHaveLength(1);
    socket.drop();
    await settle();
    expect(results.map((r) => (r.error as Error | null)?.message)).toEqual(
      Array.from({ length: 4 }, () => RealtimeErrors.notConnected),
    );
    await settle(1000);
    expect(connection.getSnapshot().state).toBe('connected');
    await settle(1000);
    expect((ScriptedSocket.opened.at(-1) as ScriptedSocket).sends()).toEqual([]);
  });
});

describe('SendPacer', () => {
  it('runs one at once, then one every 1000 / perSecond ms from when the previous one went', async () => {
    const pacer = new SendPacer(4, () => Date.now());
    const ran: number[] = [];
    const start = Date.now();
    for (let i = 0; i < 6; i += 1) pacer.schedule(() => ran.push(Date.now() - start));
    expect(ran).toEqual([0]);
    await settle(1250);
    expect(ran).toEqual([0, 250, 500, 750, 1000, 1250]);
    // Idle for a while: the next goes at once.
    await settle(5000);
    pacer.schedule(() => ran.push(Date.now() - start));
    expect(ran.at(-1)).toBe(6250);
    pacer.schedule(() => ran.push(-1));
    pacer.cancel();
    await settle(1000);
    expect(ran.at(-1)).toBe(6250);
  });
});
