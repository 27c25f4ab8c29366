/**
 * The one live connection of a tab (ARCHITECTURE "Realtime"): STOMP 1.2 over SockJS at /v1/ws,
 * carrying notifications now and chat and call signalling later. @stomp/stompjs speaks the protocol;
 * this class owns what SPEC §4/§9 asks of the connection itself, which stompjs's own reconnect loop
 * cannot express: the states connecting / connected / disconnected / reconnecting, exponential
 * backoff from 1 s doubling to 30 s with at most 5 attempts, the texts 'Failed to connect after 5
 * attempts' and 'Max reconnection attempts reached', a manual reconnect that starts counting afresh,
 * and subscriptions that outlive a dropped socket (they are made again on every CONNECTED).
 *
 * A fresh token is fetched before every attempt (`prepare`), so a tab that slept past its access
 * token's hour reconnects with a refreshed one instead of failing five times in a row.
 */
import { Client, type IFrame, type IMessage, type IStompSocket, type StompSubscription } from '@stomp/stompjs';
import { WS_BASE_DELAY_MS, WS_HEARTBEAT_MS, WS_MAX_DELAY_MS, WS_RECONNECT_ATTEMPTS } from '../../../contract/constants';

export type ConnectionState = 'disconnected' | 'connecting' | 'connected' | 'reconnecting';

export const RealtimeErrors = {
  credentialsRequired: 'Token and userId are required for WebSocket connection',
  notConnected: 'WebSocket is not connected',
  failedToConnect: (attempts: number) => `Failed to connect after ${attempts} attempts`,
  maxAttempts: 'Max reconnection attempts reached',
  stomp: (message: string) => `STOMP error: ${message}`,
} as const;

export interface ConnectionSnapshot {
  state: ConnectionState;
  /** Failed attempts since the last successful CONNECT (or manual reconnect). */
  attempts: number;
  /** The last error text (SPEC §8 websocket errors), null once connected again. */
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
  now?: () => number;
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
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** Bumped by every start and stop, so callbacks of an abandoned client are ignored. */
  private generation = 0;
  private readonly maxAttempts: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly now: () => number;

  constructor(private readonly options: ConnectionOptions) {
    this.maxAttempts = options.maxAttempts ?? WS_RECONNECT_ATTEMPTS;
    this.baseDelayMs = options.baseDelayMs ?? WS_BASE_DELAY_MS;
    this.maxDelayMs = options.maxDelayMs ?? WS_MAX_DELAY_MS;
    this.now = options.now ?? Date.now;
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

  /** Connects unless already connected or trying; throws without credentials (SPEC §5). */
  connect(): void {
    if (!this.options.credentials()) throw new Error(RealtimeErrors.credentialsRequired);
    if (this.snapshot.state !== 'disconnected') return;
    this.update({ state: 'connecting', error: null });
    void this.attempt();
  }

  /** The user's Reconnect: forget the failed attempts and try at once (SPEC §4). */
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

  /** SEND now; throws 'WebSocket is not connected' while down (SPEC §5). */
  send(destination: string, body: string, headers: Record<string, string> = {}): void {
    if (!this.client || !this.connected) throw new Error(RealtimeErrors.notConnected);
    this.client.publish({ destination, body, headers });
  }

  /**
   * SEND with a receipt: resolves when the server has handled the frame (for chat: stored it).
   * Rejects when the connection drops first or nothing comes back within `timeoutMs`.
   */
  sendWithReceipt(destination: string, body: string, timeoutMs = 10_000): Promise<void> {
    const client = this.client;
    if (!client || !this.connected) return Promise.reject(new Error(RealtimeErrors.notConnected));
    const receipt = `r-${this.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
    return new Promise<void>((resolve, reject) => {
      const stop = this.subscribe(() => {
        if (!this.connected) finish(new Error(RealtimeErrors.notConnected));
      });
      const timer = setTimeout(() => finish(new Error(RealtimeErrors.notConnected)), timeoutMs);
      const finish = (error?: Error) => {
        clearTimeout(timer);
        stop();
        if (error) reject(error);
        else resolve();
      };
      client.watchForReceipt(receipt, () => finish());
      client.publish({ destination, body, headers: { receipt } });
    });
  }

  // ── internals ──────────────────────────────────────────────────────────────────────────────

  private async attempt(): Promise<void> {
    const generation = ++this.generation;
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
      // SPEC §9: the client's own automatic reconnect is off; this class decides when to retry.
      reconnectDelay: 0,
      debug: () => undefined,
    });
    client.onConnect = () => {
      if (generation !== this.generation) return;
      this.update({ state: 'connected', attempts: 0, error: null, downSince: null, everConnected: true });
      for (const listener of this.listeners) this.subscribeListener(listener);
    };
    client.onStompError = (frame: IFrame) => {
      if (generation !== this.generation) return;
      this.reportError(RealtimeErrors.stomp(frame.headers.message ?? frame.body ?? ''));
    };
    client.onWebSocketClose = () => {
      if (generation !== this.generation) return;
      this.dropped();
    };
    this.client = client;
    client.activate();
  }

  /** The socket closed (or never opened): count the attempt and wait, or give up. */
  private dropped(): void {
    for (const listener of this.listeners) listener.subscription = null;
    const wasConnected = this.snapshot.state === 'connected';
    const attempts = wasConnected ? 1 : this.snapshot.attempts + 1;
    const downSince = this.snapshot.downSince ?? this.now();
    this.client = null;
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
