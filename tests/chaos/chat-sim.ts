/**
 * One simulated chat user of the chaos test: the app's own outbox (src/lib/offline/outbox.ts on
 * fake-indexeddb) and the app's own connection manager (src/lib/realtime/connection.ts: @stomp/stompjs
 * over sockjs-client's websocket transport, its backoff and re-subscriptions), driven the way
 * src/features/chat/chat-live.ts drives them:
 * - the sender does what chat-live's chatSender does: STOMP SEND to /app/chat/send with a receipt
 *   while the socket is up, else (or when the receipt does not come) REST POST /v1/chat/send with
 *   `Idempotency-Key` = clientMessageId and the app's 10 s timeout, its outcome classified by the
 *   outbox's own outcomeOfStatus();
 * - flush() runs one round at a time per user (a trigger during a round runs it again), on every
 *   queued message, on every (re)connect, and on a timer (the app's `online`/visibility/SW `sync`);
 * - it hears /topic/chat-{me} and, after every (re)connect, lists its conversations and fills each
 *   one's gap with GET …/messages?afterSeq= (from the last seq it holds without a gap, page after
 *   page), as a client tracking `seq` does.
 * The chaos: a seeded schedule destroys the socket's TCP stream 0.2–2 s after every CONNECTED (an
 * abrupt drop, no close frame); the connection manager reconnects as it would on a phone.
 *
 * What it received (socket pushes ∪ gap fills, deduplicated by message id) is kept per conversation
 * by seq for the assertions; anything odd (the same id pushed twice, two ids for one seq, a gap seen
 * on a socket after that connection's gap fill) is counted.
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import type { IStompSocket } from '@stomp/stompjs';
import SockJS from 'sockjs-client';
import type { Message } from '../../contract/chat';
import { HTTP_TIMEOUT_MS } from '../../contract/constants';
import { enqueue, flush, outcomeOfStatus, type OutboxSender, type SendOutcome } from '../../src/lib/offline/outbox';
import { RealtimeConnection, type ConnectionState } from '../../src/lib/realtime/connection';

/** The outbox kind of a chat message: CHAT_SEND of src/features/chat/chat-live.ts. */
export const CHAT_SEND = 'chat.send';

/** What an outbox entry of kind chat.send carries (ChatSendPayload of chat-live.ts). */
export interface ChatSendPayload {
  receiverId: string;
  content: string;
  clientMessageId: string;
  conversationId: string | null;
}

/** mulberry32: small, fast, seedable. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SimUser {
  index: number;
  id: string;
  token: string;
  /** The users this one writes to. */
  partners: string[];
}

/** Counters shared by every simulated client. */
export class ChaosStats {
  drops = 0;
  dropMisses = 0;
  /** SockJS sockets that closed before they opened, by close code and reason. */
  readonly failedAttempts = new Map<string, number>();
  reconnects = 0;
  /** The connection gave up after its attempts and was started again (the app's online/visible revive). */
  revived = 0;
  stompSends = 0;
  stompAcks = 0;
  stompFailures = 0;
  stompTimeouts = 0;
  restSends = 0;
  restCreated = 0;
  /** 2xx with `Idempotent-Replayed: true`: the stored answer of an earlier attempt with this key. */
  restReplayed = 0;
  /** 2xx with a message stored before this request began: the service found (sender, clientMessageId). */
  restExisting = 0;
  restNoAnswer = 0;
  readonly restFailures = new Map<string, number>();
  /** Attempts per clientMessageId (for repeats). */
  readonly attempts = new Map<string, number>();
  /** MESSAGEs on /user/queue/errors (a SEND refused without a receipt), by text. */
  readonly queueErrors = new Map<string, number>();
  flushRounds = 0;
  flushErrors = 0;
  readonly failedEntries: { user: number; id: string; error: string | null }[] = [];
  pushes = 0;
  /** The same message id arriving twice over the sockets of one user. */
  pushDuplicates = 0;
  /** A push whose seq is not above the previous push of that conversation on the same connection. */
  pushOutOfOrder = 0;
  /** A push showing a gap on a connection whose gap fill had already completed. */
  gapsAfterFill = 0;
  syncs = 0;
  syncErrors = 0;
  fillRequests = 0;
  /** Messages that first arrived by a gap fill (the socket missed them). */
  filled = 0;
  readonly conflicts: string[] = [];
  queued = 0;
  acknowledged = 0;
  /** clientMessageId → when it was queued (performance.now()). */
  readonly queuedAt = new Map<string, number>();
  /** Queued → acknowledged (left the outbox), ms per message. */
  readonly ackMs: number[] = [];
  /** Queued → held by its receiver (push or gap fill), ms per message. */
  readonly deliveryMs: number[] = [];
  /** The most messages waiting in all outboxes together. */
  maxTotalDepth = 0;
  private readonly listeners = new Set<() => void>();

  count(map: Map<string, number>, key: string): void {
    map.set(key, (map.get(key) ?? 0) + 1);
  }

  /** Something moved (an entry sent or failed, a round ended, a connection came up). */
  changed(): void {
    for (const listener of this.listeners) listener();
  }

  /**
   * Resolves once `done()` holds, checked on every change; rejects on `broken()` or after
   * `timeoutMs`, with `describe()` in the message.
   */
  until(
    done: () => boolean,
    timeoutMs: number,
    describe: () => string,
    broken: () => string | null = () => null,
  ): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const problem = broken();
        if (problem) finish(new Error(problem));
        else if (done()) finish();
      };
      const timer = setTimeout(() => finish(new Error(`not within ${timeoutMs / 1000} s: ${describe()}`)), timeoutMs);
      const finish = (error?: Error) => {
        clearTimeout(timer);
        this.listeners.delete(check);
        if (error) reject(error);
        else resolve();
      };
      this.listeners.add(check);
      check();
    });
  }
}

interface ConversationView {
  /** seq → the message held for it. */
  bySeq: Map<number, Message>;
  /** Every seq up to this one is held. */
  contiguous: number;
  /** The conversation's last seq as the latest listing said. */
  listedLastSeq: number;
}

/** The bits of sockjs-client (and faye-websocket under it) that reach the TCP stream. */
interface SockJsInternals {
  _transport?: { ws?: { _stream?: { destroy(): void } } } | null;
}

export class SimClient {
  readonly connection: RealtimeConnection;
  readonly views = new Map<string, ConversationView>();
  depth = 0;
  maxDepth = 0;
  connects = 0;
  private readonly byId = new Map<string, Message>();
  private readonly pushedIds = new Set<string>();
  private lastPushSeq = new Map<string, number>();
  private socket: SockJsInternals | null = null;
  private lastState: ConnectionState = 'disconnected';
  private chaos = true;
  private closed = false;
  private dropTimer: NodeJS.Timeout | null = null;
  private reviveTimer: NodeJS.Timeout | null = null;
  private flushTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private flushAgain = false;
  private syncing: Promise<void> | null = null;
  private syncAgain = false;
  /** The gap fill of the current connection has completed. */
  private filledThisConnection = false;
  private lastStamp = 0;

  constructor(
    readonly user: SimUser,
    private readonly baseURL: string,
    private readonly random: () => number,
    private readonly stats: ChaosStats,
    options: { flushEveryMs: number },
  ) {
    this.connection = new RealtimeConnection({
      url: `${baseURL}/v1/ws`,
      credentials: () => ({ token: user.token, userId: user.id }),
      createSocket: (url) => {
        const socket = new SockJS(url, undefined, { transports: ['websocket'] });
        this.socket = socket as unknown as SockJsInternals;
        let opened = false;
        socket.addEventListener('open', () => {
          opened = true;
        });
        socket.addEventListener('close', (event) => {
          const { code, reason } = event as unknown as { code: number; reason: string };
          if (!opened) this.stats.count(this.stats.failedAttempts, `${code} ${reason}`.trim());
        });
        return socket as unknown as IStompSocket;
      },
    });
    this.connection.listen(`/topic/chat-${user.id}`, (body) => this.onPush(body));
    this.connection.listen('/user/queue/errors', (body) =>
      this.stats.count(this.stats.queueErrors, body.slice(0, 120)),
    );
    this.connection.subscribe(() => this.onState());
    // The app's other flush moments (online, visible, the service worker's sync): a timer here.
    const first = this.random() * options.flushEveryMs;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = setInterval(() => {
        if (this.depth > 0) void this.flushSoon();
      }, options.flushEveryMs);
    }, first);
  }

  start(): void {
    this.connection.connect();
  }

  get connected(): boolean {
    return this.connection.connected;
  }

  /** The connection manager's state and attempts, for failure messages. */
  describe(): string {
    const snapshot = this.connection.getSnapshot();
    return `user ${this.user.index}: ${snapshot.state} (attempts ${snapshot.attempts}, error ${snapshot.error ?? 'none'}, connects ${this.connects})`;
  }

  /** Queues a message in the outbox (as useChatActions().send does) and starts a flush. */
  async queue(receiverId: string, content: string): Promise<string> {
    const clientMessageId = randomUUID();
    // Strictly increasing queue times, so the outbox's oldest-first order is the order queued.
    this.lastStamp = Math.max(Date.now(), this.lastStamp + 1);
    this.depth += 1;
    this.maxDepth = Math.max(this.maxDepth, this.depth);
    this.stats.queued += 1;
    this.stats.maxTotalDepth = Math.max(this.stats.maxTotalDepth, this.stats.queued - this.stats.acknowledged);
    this.stats.queuedAt.set(clientMessageId, performance.now());
    const payload: ChatSendPayload = { receiverId, content, clientMessageId, conversationId: null };
    try {
      await enqueue({
        userId: this.user.id,
        id: clientMessageId,
        kind: CHAT_SEND,
        payload,
        createdAt: new Date(this.lastStamp).toISOString(),
      });
    } catch (error) {
      this.depth -= 1;
      this.stats.queued -= 1;
      throw error;
    }
    void this.flushSoon();
    return clientMessageId;
  }

  /** Stops the chaos: no more drops from now on (the connection reconnects by itself). */
  calm(): void {
    this.chaos = false;
    if (this.dropTimer) clearTimeout(this.dropTimer);
    this.dropTimer = null;
  }

  /** A full gap fill that starts after this call (joins a running one and makes it go again). */
  syncNow(): Promise<void> {
    return this.syncSoon();
  }

  /** Whether every conversation listed last is held without a gap up to its listed last seq. */
  caughtUp(): boolean {
    for (const view of this.views.values()) if (view.contiguous !== view.listedLastSeq) return false;
    return true;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.calm();
    if (this.reviveTimer) clearTimeout(this.reviveTimer);
    if (this.flushTimer) clearInterval(this.flushTimer);
    this.connection.disconnect();
    await Promise.all([this.flushing, this.syncing]);
  }

  // ── Sending (chat-live.ts's chatSender, with counters) ───────────────────────────────────────

  private readonly sender: OutboxSender = {
    send: async (entry) => {
      const { receiverId, content, clientMessageId } = entry.payload as ChatSendPayload;
      this.stats.count(this.stats.attempts, clientMessageId);
      const body = { receiverId, content, clientMessageId };
      if (this.connection.connected) {
        this.stats.stompSends += 1;
        const started = Date.now();
        try {
          // The RECEIPT comes only after the server has stored it.
          await this.connection.sendWithReceipt('/app/chat/send', JSON.stringify(body));
          this.stats.stompAcks += 1;
          return { ok: true };
        } catch {
          // Dropped, refused or too slow: REST with the same id is stored at most once.
          this.stats.stompFailures += 1;
          if (Date.now() - started >= 9_000) this.stats.stompTimeouts += 1;
        }
      }
      return this.restSend(body);
    },
  };

  private async restSend(body: { receiverId: string; content: string; clientMessageId: string }): Promise<SendOutcome> {
    this.stats.restSends += 1;
    const startedAt = Date.now();
    let response: Response;
    let json: { data?: Message; message?: string; error?: { message?: string } } | null;
    try {
      response = await fetch(`${this.baseURL}/v1/chat/send`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${this.user.token}`,
          'content-type': 'application/json',
          'idempotency-key': body.clientMessageId,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
      });
      json = (await response.json().catch(() => null)) as typeof json;
    } catch (error) {
      this.stats.restNoAnswer += 1;
      return outcomeOfStatus(null, error instanceof Error ? error.message : String(error));
    }
    if (response.ok) {
      if (response.headers.get('idempotent-replayed') === 'true') this.stats.restReplayed += 1;
      else if (json?.data && Date.parse(json.data.createdAt) < startedAt) this.stats.restExisting += 1;
      else this.stats.restCreated += 1;
      return outcomeOfStatus(response.status, '', undefined, json?.data);
    }
    // The envelope's error text, as the app's base query reads it (contract: error.message).
    const text = json?.error?.message ?? json?.message ?? `HTTP ${response.status}`;
    this.stats.count(this.stats.restFailures, `${response.status} ${text}`);
    const retryAfter = Number(response.headers.get('retry-after'));
    return outcomeOfStatus(
      response.status,
      text,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    );
  }

  /** chat-live's runFlush: one round at a time; a trigger during a round makes it go again. */
  private flushSoon(): Promise<void> {
    if (this.flushing) {
      this.flushAgain = true;
      return this.flushing;
    }
    this.flushing = (async () => {
      try {
        do {
          this.flushAgain = false;
          this.stats.flushRounds += 1;
          await flush(this.user.id, {
            senders: { [CHAT_SEND]: this.sender },
            onChange: (entry, change) => {
              if (change === 'sent') {
                this.depth -= 1;
                this.stats.acknowledged += 1;
                const queuedAt = this.stats.queuedAt.get(entry.id);
                if (queuedAt !== undefined) this.stats.ackMs.push(performance.now() - queuedAt);
              } else {
                this.stats.failedEntries.push({ user: this.user.index, id: entry.id, error: entry.error });
              }
              this.stats.changed();
            },
          }).catch(() => {
            this.stats.flushErrors += 1;
          });
        } while (this.flushAgain && !this.closed);
      } finally {
        this.flushing = null;
        this.stats.changed();
      }
    })();
    return this.flushing;
  }

  // ── Hearing (socket pushes and gap fills) ─────────────────────────────────────────────────────

  private onState(): void {
    const { state } = this.connection.getSnapshot();
    const was = this.lastState;
    this.lastState = state;
    if (state === 'connected' && was !== 'connected') {
      this.connects += 1;
      if (this.connects > 1) this.stats.reconnects += 1;
      this.lastPushSeq = new Map();
      this.filledThisConnection = false;
      this.scheduleDrop();
      void this.flushSoon();
      void this.syncSoon();
      this.stats.changed();
    } else if (state !== 'connected' && was === 'connected') {
      if (this.dropTimer) clearTimeout(this.dropTimer);
      this.dropTimer = null;
    }
    if (state === 'disconnected' && was !== 'disconnected' && !this.closed) {
      // The manager gave up after its attempts (a long outage): the app starts it again when the
      // phone comes back online or to the foreground; here, a second later.
      this.stats.revived += 1;
      this.reviveTimer = setTimeout(() => {
        this.reviveTimer = null;
        if (!this.closed) this.connection.reconnect();
      }, 1000);
    }
  }

  private scheduleDrop(): void {
    if (!this.chaos) return;
    const after = 200 + this.random() * 1800;
    this.dropTimer = setTimeout(() => {
      this.dropTimer = null;
      if (!this.chaos || !this.connection.connected) return;
      const stream = this.socket?._transport?.ws?._stream;
      if (!stream) {
        this.stats.dropMisses += 1;
        return;
      }
      this.stats.drops += 1;
      stream.destroy();
    }, after);
  }

  private onPush(body: string): void {
    let message: Message;
    try {
      message = JSON.parse(body) as Message;
    } catch {
      this.stats.conflicts.push(`user ${this.user.index}: unparsable push ${body.slice(0, 80)}`);
      return;
    }
    this.stats.pushes += 1;
    if (this.pushedIds.has(message.id)) {
      this.stats.pushDuplicates += 1;
      return;
    }
    this.pushedIds.add(message.id);
    const last = this.lastPushSeq.get(message.conversationId) ?? 0;
    if (message.seq <= last) this.stats.pushOutOfOrder += 1;
    this.lastPushSeq.set(message.conversationId, Math.max(last, message.seq));
    const view = this.viewOf(message.conversationId);
    const gap = message.seq > view.contiguous + 1;
    this.receive(message);
    if (gap && this.filledThisConnection) {
      // Missed although this connection's gap fill is done: fetch it (a client tracking seq would).
      this.stats.gapsAfterFill += 1;
      void this.syncSoon();
    }
  }

  /** Adds a message to what this user holds; false when it was already held. */
  private receive(message: Message): boolean {
    const view = this.viewOf(message.conversationId);
    const held = view.bySeq.get(message.seq);
    if (held) {
      if (held.id !== message.id) {
        this.stats.conflicts.push(
          `user ${this.user.index}: conversation ${message.conversationId} seq ${message.seq} is ${held.id} and ${message.id}`,
        );
      }
      return false;
    }
    const known = this.byId.get(message.id);
    if (known) {
      this.stats.conflicts.push(
        `user ${this.user.index}: message ${message.id} at seq ${known.seq} and ${message.seq}`,
      );
      return false;
    }
    view.bySeq.set(message.seq, message);
    this.byId.set(message.id, message);
    if (message.receiverId === this.user.id && message.clientMessageId) {
      const queuedAt = this.stats.queuedAt.get(message.clientMessageId);
      if (queuedAt !== undefined) this.stats.deliveryMs.push(performance.now() - queuedAt);
    }
    while (view.bySeq.has(view.contiguous + 1)) view.contiguous += 1;
    return true;
  }

  private viewOf(conversationId: string): ConversationView {
    let view = this.views.get(conversationId);
    if (!view) {
      view = { bySeq: new Map(), contiguous: 0, listedLastSeq: 0 };
      this.views.set(conversationId, view);
    }
    return view;
  }

  private syncSoon(): Promise<void> {
    if (this.syncing) {
      this.syncAgain = true;
      return this.syncing;
    }
    this.syncing = (async () => {
      try {
        do {
          this.syncAgain = false;
          const connectedAtStart = this.connects;
          const wasConnected = this.connection.connected;
          this.stats.syncs += 1;
          try {
            await this.syncOnce();
            if (wasConnected && this.connects === connectedAtStart && this.connection.connected) {
              this.filledThisConnection = true;
            }
          } catch {
            // The server is down or restarting: the next (re)connect fills again.
            this.stats.syncErrors += 1;
          }
        } while (this.syncAgain && !this.closed);
      } finally {
        this.syncing = null;
        this.stats.changed();
      }
    })();
    return this.syncing;
  }

  /** Lists the conversations, then fills each from the last seq held without a gap. */
  private async syncOnce(): Promise<void> {
    const list = await this.get<{ conversations: { id: string; latestMessage: Message | null }[] }>(
      '/v1/chat/conversations?size=100',
    );
    for (const conversation of list.data.conversations) {
      const view = this.viewOf(conversation.id);
      view.listedLastSeq = Math.max(view.listedLastSeq, conversation.latestMessage?.seq ?? 0);
      for (;;) {
        const page = await this.get<{ messages: Message[] }>(
          `/v1/chat/conversations/${conversation.id}/messages?afterSeq=${view.contiguous}&size=100`,
        );
        this.stats.fillRequests += 1;
        for (const message of page.data.messages) {
          if (this.receive(message)) this.stats.filled += 1;
        }
        if (!page.metadata?.hasNext || page.data.messages.length === 0) break;
      }
    }
  }

  private async get<T>(path: string): Promise<{ data: T; metadata?: { hasNext?: boolean } }> {
    const response = await fetch(`${this.baseURL}${path}`, {
      headers: { authorization: `Bearer ${this.user.token}` },
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
    return (await response.json()) as { data: T; metadata?: { hasNext?: boolean } };
  }
}
