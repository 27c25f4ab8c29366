/**
 * The one live connection of a tab (docs/architecture.md "Realtime"): STOMP 1.2 over SockJS at /v1/ws,
 * carrying notifications now and chat and call signalling later. @stomp/stompjs speaks the protocol;
 * this class owns what docs/product.md §4/§9 asks of the connection itself, which stompjs's own reconnect loop
 * cannot express: the states connecting / connected / disconnected / reconnecting, exponential
 * backoff from 1 s doubling to 30 s with at most 5 attempts, the texts 'Failed to connect after 5
 * attempts' and 'Max reconnection attempts reached', a manual reconnect that starts counting afresh,
 * and subscriptions that outlive a dropped socket (they are made again on every CONNECTED).
 *
 * A fresh token is fetched before every attempt (`prepare`), so a tab that slept past its access
 * token's hour reconnects with a refreshed one instead of failing five times in a row.
 *
 * SENDs are paced to SENDS_PER_SECOND on one connection, evenly spaced: the broker allows 10 a
 * second and drops the excess (docs/api.md §5–7). A SEND with a receipt ends as soon as the broker
 * answers either way: the RECEIPT, or a refusal naming its `receipt-id` (a MESSAGE on
 * /user/queue/errors — rate limit, invalid recipient — or an ERROR frame, after which the broker
 * closes the socket and this class reconnects as after any drop).
 */
import { Client, type IFrame, type IMessage, type IStompSocket, type StompSubscription } from '@stomp/stompjs';
import { WS_BASE_DELAY_MS, WS_HEARTBEAT_MS, WS_MAX_DELAY_MS, WS_RECONNECT_ATTEMPTS } from '../../../contract/constants';
import { reasonText } from '../error-reasons-text';

export type ConnectionState = 'disconnected' | 'connecting' | 'connected' | 'reconnecting';

/** Below the broker's 10 SEND/s per connection, leaving room for clock and network jitter. */
export const SENDS_PER_SECOND = 8;
/** How long a SEND waits for its RECEIPT (or refusal) before the caller tries another way. */
export const RECEIPT_TIMEOUT_MS = 10_000;
/** Where the broker answers a refused SEND, with the refused frame's `receipt-id`. */
const ERRORS_QUEUE = '/user/queue/errors';

export const RealtimeErrors = {
  credentialsRequired: 'Token and userId are required for WebSocket connection',
  notConnected: 'WebSocket is not connected',
  failedToConnect: (attempts: number) => `Failed to connect after ${attempts} attempts`,
  maxAttempts: 'Max reconnection attempts reached',
  stomp: (message: string) => `STOMP error: ${message}`,
  /** The broker answered a SEND with an error naming its receipt: it was not handled. */
  refused: (message: string) => `The server refused the message: ${message}`,
  noReceipt: 'The server did not confirm the message in time',
} as const;

export interface ConnectionSnapshot {
  state: ConnectionState;
  /** Failed attempts since the last successful CONNECT (or manual reconnect). */
  attempts: number;
  /** The last error text (docs/product.md §8 websocket errors), null once connected again. */
  error: string | null;
  /** When the connection was last lost or first failed (ms since epoch); null while connected. */
  downSince: number | null;
  /** Whether this connection has ever been up (the dropped-connection banner needs a drop). */
  everConnected: boolean;
}

export interface Credentials {
  token: string;
  userId: string;
}

export type MessageHandler = (body: string, message: IMessage) => void;

export interface ConnectionOptions {
  /** The SockJS endpoint, e.g. https://host/v1/ws. */
  url: string;
  /** The current token and user; null when signed out. */
  credentials: () => Credentials | null;
  /** Runs before every attempt (refresh an access token about to expire). Failures are ignored. */
  prepare?: () => Promise<void>;
  /** Opens the transport; SockJS in the app, something else in tests. */
  createSocket: (url: string) => IStompSocket;
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  heartbeatMs?: number;
  /** SENDs a second on one connection, evenly spaced (default SENDS_PER_SECOND). */
  sendsPerSecond?: number;
  now?: () => number;
  /**
   * Whether the device has a network at all (navigator.onLine by default). While it has none, no
   * attempt is made and no timer runs: the connection waits, quiet, for reconnect() — which the
   * app calls on the browser's 'online' event (src/lib/realtime/realtime.ts).
   */
  isOnline?: () => boolean;
}

interface Listener {
  destination: string;
  handler: MessageHandler;
  subscription: StompSubscription | null;
}

/** 1 s, 2 s, 4 s, … capped at 30 s: the wait before attempt number `attempt` (1-based) of a reconnect. */
export function backoffDelay(attempt: number, baseMs = WS_BASE_DELAY_MS, maxMs = WS_MAX_DELAY_MS): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempt - 1), maxMs);
}

/**
 * SENDs one at a time, at least `1000 / perSecond` ms apart, in the order asked — so any second on
 * the wire holds at most `perSecond` of them. Evenly spaced rather than in bursts: a burst sent at the
 * end of one second and the next at the start of the following one can land in the same second at
 * the broker (its window starts where it likes, and delays vary); spacing only breaks when the delays
 * vary by more than the spare room (2 of 10). The next frame is timed from when the previous one
 * actually went, so a tab that stalled does not release its backlog at once. One per socket: the
 * broker counts per connection.
 */
export class SendPacer {
  private readonly waiting: (() => void)[] = [];
  private last = Number.NEGATIVE_INFINITY;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly intervalMs: number;

  constructor(
    perSecond: number,
    private readonly now: () => number,
  ) {
    this.intervalMs = 1000 / perSecond;
  }

  /** Runs `send` now if its turn has come, else when it does. */
  schedule(send: () => void): void {
    this.waiting.push(send);
    this.drain();
  }

  /** Forgets what waits (the socket is gone). */
  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.waiting.length = 0;
  }

  private drain(): void {
    if (this.timer) return;
    while (this.waiting.length > 0) {
      const wait = this.last + this.intervalMs - this.now();
      if (wait > 0) {
        this.timer = setTimeout(() => {
          this.timer = null;
          this.drain();
        }, wait);
        return;
      }
      this.last = this.now();
      this.waiting.shift()?.();
    }
  }
}

export class RealtimeConnection {
  private client: Client | null = null;
  private snapshot: ConnectionSnapshot = {
    state: 'disconnected',
    attempts: 0,
    error: null,
    downSince: null,
    everConnected: false,
  };
  private readonly watchers = new Set<() => void>();
  private readonly listeners = new Set<Listener>();
  private readonly errorListeners = new Set<(message: string) => void>();
  /** Receipt id → how to fail the SEND waiting for it when the broker refuses that frame. */
  private readonly refusals = new Map<string, (message: string) => void>();
  private pacer: SendPacer;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** Bumped by every start and stop, so callbacks of an abandoned client are ignored. */
  private generation = 0;
  private readonly maxAttempts: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly sendsPerSecond: number;
  private readonly now: () => number;

  constructor(private readonly options: ConnectionOptions) {
    this.maxAttempts = options.maxAttempts ?? WS_RECONNECT_ATTEMPTS;
    this.baseDelayMs = options.baseDelayMs ?? WS_BASE_DELAY_MS;
    this.maxDelayMs = options.maxDelayMs ?? WS_MAX_DELAY_MS;
    this.sendsPerSecond = options.sendsPerSecond ?? SENDS_PER_SECOND;
    this.now = options.now ?? Date.now;
    this.pacer = new SendPacer(this.sendsPerSecond, this.now);
  }

  // ── observation (useSyncExternalStore) ─────────────────────────────────────────────────────

  getSnapshot = (): ConnectionSnapshot => this.snapshot;

  subscribe = (watcher: () => void): (() => void) => {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  };

  /** Errors as they happen (STOMP ERROR frames, giving up); returns the remover. */
  onError(listener: (message: string) => void): () => void {
    this.errorListeners.add(listener);
    return () => this.errorListeners.delete(listener);
  }

  get connected(): boolean {
    return this.snapshot.state === 'connected';
  }

  // ── lifecycle ──────────────────────────────────────────────────────────────────────────────

  /** Connects unless already connected or trying; throws without credentials (docs/product.md §5). */
  connect(): void {
    if (!this.options.credentials()) throw new Error(RealtimeErrors.credentialsRequired);
    if (this.snapshot.state !== 'disconnected') return;
    this.update({ state: 'connecting', error: null });
    void this.attempt();
  }

  /** The user's Reconnect: forget the failed attempts and try at once (docs/product.md §4). */
  reconnect(): void {
    if (this.snapshot.state === 'connected') return;
    this.stopClient();
    this.update({ state: 'disconnected', attempts: 0 });
    this.connect();
  }

  /** Closes the connection for good (sign-out); subscriptions are kept for a later connect(). */
  disconnect(): void {
    this.stopClient();
    this.update({ state: 'disconnected', attempts: 0, error: null, downSince: null, everConnected: false });
  }

  // ── messaging ──────────────────────────────────────────────────────────────────────────────

  /**
   * Hears `destination` from now on, across reconnects. Works while disconnected: the subscription
   * is made as soon as the connection is up. Returns the function that stops listening.
   */
  listen(destination: string, handler: MessageHandler): () => void {
    const listener: Listener = { destination, handler, subscription: null };
    this.listeners.add(listener);
    if (this.connected) this.subscribeListener(listener);
    return () => {
      this.listeners.delete(listener);
      if (listener.subscription && this.connected) listener.subscription.unsubscribe();
      listener.subscription = null;
    };
  }

  /**
   * SEND (now, or at its turn when SENDs come faster than the pace); throws 'WebSocket is not
   * connected' while down (docs/product.md §5). A paced frame whose socket goes in the meantime is not sent.
   */
  send(destination: string, body: string, headers: Record<string, string> = {}): void {
    const client = this.client;
    if (!client || !this.connected) throw new Error(RealtimeErrors.notConnected);
    this.pacer.schedule(() => {
      if (this.client === client && this.connected) client.publish({ destination, body, headers });
    });
  }

  /**
   * SEND with a receipt: resolves when the server has handled the frame (for chat: stored it).
   * Rejects at once when the broker refuses the frame (RealtimeErrors.refused), when the connection
   * drops first (notConnected: whether it was handled is unknown), or when nothing comes back within
   * `timeoutMs` of sending (noReceipt). A wait for its turn in the pace comes before that.
   */
  sendWithReceipt(destination: string, body: string, timeoutMs = RECEIPT_TIMEOUT_MS): Promise<void> {
    const client = this.client;
    if (!client || !this.connected) return Promise.reject(new Error(RealtimeErrors.notConnected));
    const receipt = `r-${this.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
    return new Promise<void>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let settled = false;
      const finish = (error?: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        stop();
        this.refusals.delete(receipt);
        if (error) reject(error);
        else resolve();
      };
      const stop = this.subscribe(() => {
        if (!this.connected || this.client !== client) finish(new Error(RealtimeErrors.notConnected));
      });
      this.pacer.schedule(() => {
        if (settled) return;
        this.refusals.set(receipt, (message) => finish(new Error(RealtimeErrors.refused(message))));
        client.watchForReceipt(receipt, () => finish());
        client.publish({ destination, body, headers: { receipt } });
        timer = setTimeout(() => finish(new Error(RealtimeErrors.noReceipt)), timeoutMs);
      });
    });
  }

  // ── internals ──────────────────────────────────────────────────────────────────────────────

  private async attempt(): Promise<void> {
    const generation = ++this.generation;
    if (!this.isOnline()) {
      // Offline: every try would fail at once (a /ws/info request each second). Wait for the network.
      this.update({ state: 'reconnecting', downSince: this.snapshot.downSince ?? this.now() });
      return;
    }
    await this.options.prepare?.().catch(() => undefined);
    if (generation !== this.generation) return;
    const credentials = this.options.credentials();
    if (!credentials) {
      this.disconnect();
      return;
    }
    const heartbeat = this.options.heartbeatMs ?? WS_HEARTBEAT_MS;
    const client = new Client({
      webSocketFactory: () => this.options.createSocket(this.options.url),
      connectHeaders: { Authorization: `Bearer ${credentials.token}` },
      heartbeatIncoming: heartbeat,
      heartbeatOutgoing: heartbeat,
      // docs/product.md §9: the client's own automatic reconnect is off; this class decides when to retry.
      reconnectDelay: 0,
      debug: () => undefined,
    });
    client.onConnect = () => {
      if (generation !== this.generation) return;
      // Before anything is sent on it: where the broker says which SEND it refused.
      // A refusal names its reason (issue 20): our catalogue's words, which the screens translate.
      client.subscribe(ERRORS_QUEUE, (message) =>
        this.refuse(message.headers['receipt-id'], reasonText(message.headers.reason, message.body)),
      );
      this.update({ state: 'connected', attempts: 0, error: null, downSince: null, everConnected: true });
      for (const listener of this.listeners) this.subscribeListener(listener);
    };
    client.onStompError = (frame: IFrame) => {
      if (generation !== this.generation) return;
      const message = frame.headers.message ?? frame.body ?? '';
      // The broker closes the socket after an ERROR; the SEND it names fails now, not at the close.
      this.refuse(frame.headers['receipt-id'], message);
      this.reportError(RealtimeErrors.stomp(message));
    };
    client.onWebSocketClose = () => {
      if (generation !== this.generation) return;
      this.dropped();
    };
    this.pacer.cancel();
    this.pacer = new SendPacer(this.sendsPerSecond, this.now);
    this.client = client;
    client.activate();
  }

  private isOnline(): boolean {
    if (this.options.isOnline) return this.options.isOnline();
    try {
      return typeof navigator === 'undefined' || navigator.onLine !== false;
    } catch {
      // A navigator stand-in (a test's, an embedding WebView's) without a working onLine: assume online.
      return true;
    }
  }

  /** The socket closed (or never opened): count the attempt and wait, or give up. */
  private dropped(): void {
    for (const listener of this.listeners) listener.subscription = null;
    const wasConnected = this.snapshot.state === 'connected';
    const attempts = wasConnected ? 1 : this.snapshot.attempts + 1;
    const downSince = this.snapshot.downSince ?? this.now();
    this.client = null;
    this.pacer.cancel();
    if (attempts > this.maxAttempts) {
      const error = this.snapshot.everConnected
        ? RealtimeErrors.maxAttempts
        : RealtimeErrors.failedToConnect(this.maxAttempts);
      this.update({ state: 'disconnected', attempts, downSince });
      this.reportError(error);
      return;
    }
    this.update({ state: 'reconnecting', attempts, downSince });
    const generation = ++this.generation;
    this.retryTimer = setTimeout(
      () => {
        this.retryTimer = null;
        if (generation === this.generation) void this.attempt();
      },
      backoffDelay(attempts, this.baseDelayMs, this.maxDelayMs),
    );
  }

  /** The broker refused the frame with this receipt id: fail the SEND waiting for it. */
  private refuse(receipt: string | undefined, message: string): void {
    if (receipt !== undefined) this.refusals.get(receipt)?.(message);
  }

  private subscribeListener(listener: Listener): void {
    if (!this.client) return;
    listener.subscription = this.client.subscribe(listener.destination, (message) =>
      listener.handler(message.body, message),
    );
  }

  private stopClient(): void {
    this.generation += 1;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    for (const listener of this.listeners) listener.subscription = null;
    const client = this.client;
    this.client = null;
    this.pacer.cancel();
    if (client) void client.deactivate();
  }

  private reportError(message: string): void {
    this.update({ error: message });
    for (const listener of this.errorListeners) listener(message);
  }

  private update(patch: Partial<ConnectionSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const watcher of this.watchers) watcher();
  }
}
