/**
 * The connection's own rules (SPEC §4, §5, §9), over a scripted socket so time and failures are
 * ours to control: backoff 1 s doubling to 30 s, five attempts, the two giving-up texts, a manual
 * reconnect that counts afresh, subscriptions made again after every reconnect, and the errors for
 * sending while down and connecting without credentials. The real transport (SockJS to our broker)
 * is exercised end to end in tests/e2e/notifications.test.ts.
 */
import type { IStompSocket } from '@stomp/stompjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, RealtimeConnection, RealtimeErrors } from './connection';

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
