/**
 * The STOMP 1.2 broker behind /v1/ws (docs/api.md §5–7), transport-agnostic: the SockJS endpoint hands
 * it one Transport per socket. It authenticates CONNECT with the same function as HTTP (session
 * checked), negotiates heart-beats and drops silent connections, authorizes every SUBSCRIBE, routes
 * SEND on `/app/**` to handlers registered by the modules and answers RECEIPT only after the handler
 * has finished (so a chat send's receipt means "stored"), limits frame size and SEND rate, and fans
 * out through a bus so publishToUser() on one instance reaches sockets on every instance.
 *
 * Three kinds of failure: protocol errors get an ERROR frame and the connection is closed (STOMP 1.2
 * requires closing after ERROR); a refused SUBSCRIBE gets an ERROR naming the destination and the
 * connection lives on (docs/decisions/0014-refused-subscription-keeps-the-connection.md: closing
 * sends a client that resubscribes on reconnect into a loop); a refused or failed SEND (rate limit,
 * unknown notification…) is a MESSAGE on the connection's /user/queue/errors and the connection
 * lives on.
 *
 * A user whose email is not verified may connect, as with the reference server, and hears only
 * their own notifications and per-connection queues; a SEND reaches only handlers registered with
 * `access: 'signedIn'` (the rest answer as HTTP does, on /user/queue/errors).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { ServerMessages } from '../../contract/errors';
import { reasonFor, type ErrorReason } from '../../contract/error-reasons';
import { isAppError } from '../http/app-error';
import { accessDenial, type Actor } from '../modules/auth/policy';
import type { BusMessage, RealtimeBus } from './bus';
import { maySubscribe, UserQueues, type CanJoinCall } from './destinations';
import {
  CLIENT_COMMANDS,
  DEFAULT_MAX_FRAME_BYTES,
  HEARTBEAT,
  serializeFrame,
  StompParseError,
  StompParser,
  type ClientCommand,
  type StompFrame,
  type StompHeaders,
} from './stomp-codec';

/** One client socket as the broker sees it (a SockJS session, whatever its transport). */
export interface Transport {
  send(text: string): void;
  close(code: number, reason: string): void;
  /** For logs and metrics: websocket, xhr-streaming, xhr-polling. */
  readonly kind: string;
}

/** What the transport reports back: data as it arrives, and its end. */
export interface TransportSession {
  receive(text: string): void;
  closed(): void;
}

/** A string goes out as text/plain; anything else as JSON. */
export type MessageBody = string | object;

/** The publishing side, for modules that only push (notifications, chat, meetings). */
export interface RealtimePublisher {
  /** To every connection of `userId`, on every instance, subscribed to `destination`. */
  publishToUser(userId: string, destination: string, body: MessageBody): void;
  /** To every subscriber of `destination` on every instance. */
  publish(destination: string, body: MessageBody): void;
}

export interface SendContext {
  actor: Actor;
  destination: string;
  /** Values of `{name}` segments of the handler's pattern. */
  params: Readonly<Record<string, string>>;
  body: string;
  headers: StompHeaders;
  connectionId: string;
  /** To this connection only (its subscriptions of `destination`), e.g. `/user/queue/status`. */
  reply(destination: string, body: MessageBody): void;
}

/**
 * Handles SEND frames to one `/app/**` destination. Throw an AppError to answer the client on
 * /user/queue/errors with its message (no RECEIPT is sent then); anything else thrown is logged and
 * answered with a generic text.
 */
export type SendHandler = (context: SendContext) => Promise<void> | void;

export interface HandlerOptions {
  /** Who may SEND here: `verified` (the default) or `signedIn` (an unverified email too), as in contract/routes.ts. */
  access?: 'signedIn' | 'verified';
  /** A second queue that hears this destination's soft errors besides /user/queue/errors (the reference client's). */
  errorQueue?: string;
}

export interface BrokerStats {
  /** Open sockets, connected or not yet. */
  connections: number;
  /** Sockets past a successful CONNECT. */
  authenticated: number;
  users: number;
  subscriptions: number;
  byTransport: Record<string, number>;
}

export interface BrokerOptions {
  /** Bearer token → actor with the session checked; throws an AppError when refused (HTTP's own function). */
  authenticate(token: string): Promise<Actor>;
  canJoinCall?: CanJoinCall;
  bus: RealtimeBus;
  logger: FastifyBaseLogger;
  /** The server's heart-beat offer in both directions (docs/api.md §5–7: 4000). */
  heartbeatMs?: number;
  /** The fastest client heart-beat the server agrees to expect. */
  minHeartbeatMs?: number;
  maxFrameBytes?: number;
  /** SEND frames per second per connection (docs/api.md §5–7: 10). */
  sendsPerSecond?: number;
  /** Time a new socket has to send CONNECT (generous: a 2G handshake is slow). */
  connectTimeoutMs?: number;
}

export const DEFAULT_HEARTBEAT_MS = 4000;
const DEFAULT_MIN_HEARTBEAT_MS = 200;
const DEFAULT_SENDS_PER_SECOND = 10;
const DEFAULT_CONNECT_TIMEOUT_MS = 15_000;
/** Seconds in a row of exceeding the SEND limit before the connection is closed. */
const MAX_RATE_STRIKES = 5;
const MAX_SUBSCRIPTIONS = 64;
/** Refused SUBSCRIBEs one connection may make before it is closed (a client looping on a refusal). */
const MAX_REFUSED_SUBSCRIPTIONS = 64;
/** Frames received but not yet handled (handlers run one at a time per connection, in order). */
const MAX_PENDING_FRAMES = 256;
/** How long a revoked session id is remembered, to refuse a CONNECT that raced the logout. */
const REVOKED_MEMORY_MS = 60_000;

const TEXT = 'text/plain;charset=UTF-8';
const JSON_TYPE = 'application/json';

const CloseCodes = {
  normal: [1000, 'Normal closure'],
  protocolError: [1002, 'STOMP error'],
  sessionEnded: [1008, 'Session ended'],
  heartbeat: [3000, 'No heart-beat'],
  shutdown: [1001, 'Server shutting down'],
} as const satisfies Record<string, readonly [number, string]>;

const RealtimeMessages = {
  expectedConnect: 'Expected a CONNECT frame',
  connectTimeout: 'No CONNECT frame received in time',
  unsupportedVersion: 'Supported protocol versions are 1.2',
  invalidHeartBeat: 'Invalid heart-beat header',
  alreadyConnected: 'Already connected',
  missingHeaders: (command: string, names: string) => `${command} requires ${names}`,
  ackMode: 'Only ack:auto is supported',
  duplicateSubscription: 'Subscription id already in use',
  tooManySubscriptions: `At most ${MAX_SUBSCRIPTIONS} subscriptions per connection`,
  tooManyRefusals: `At most ${MAX_REFUSED_SUBSCRIPTIONS} refused subscriptions per connection`,
  transactions: 'Transactions are not supported',
  tooManyFrames: 'Too many frames in flight',
  noHandler: (destination: string) => `No handler for destination ${destination}`,
  sendDenied: (destination: string) => `Clients may not send to ${destination}`,
  subscribeDenied: (destination: string) => `Subscription to ${destination} denied`,
} as const;

interface Payload {
  body: string;
  contentType: string;
}

interface Route {
  pattern: string;
  match(destination: string): Record<string, string> | null;
  handler: SendHandler;
  access: 'signedIn' | 'verified';
  errorQueue: string | null;
}

type RateVerdict = 'ok' | 'first-drop' | 'drop' | 'close';

/** ≤ max SENDs per window; a flood that goes on for MAX_RATE_STRIKES windows (or is 10× the limit) closes. */
class SendRateLimit {
  private windowStart = Number.NEGATIVE_INFINITY;
  private count = 0;
  private dropped = 0;
  private strikes = 0;

  constructor(
    private readonly max: number,
    private readonly windowMs = 1000,
  ) {}

  hit(now: number): RateVerdict {
    if (now - this.windowStart >= this.windowMs) {
      const adjacent = now - this.windowStart < 2 * this.windowMs;
      this.strikes = this.dropped > 0 && adjacent ? this.strikes + 1 : 0;
      this.windowStart = now;
      this.count = 0;
      this.dropped = 0;
    }
    this.count += 1;
    if (this.count <= this.max) return 'ok';
    this.dropped += 1;
    if (this.count > this.max * 10 || this.strikes >= MAX_RATE_STRIKES) return 'close';
    return this.dropped === 1 ? 'first-drop' : 'drop';
  }
}

class Connection {
  readonly id = randomUUID();
  state: 'new' | 'connected' | 'closed' = 'new';
  actor: Actor | null = null;
  /** The bearer token of its CONNECT, checked again when its user changes (refreshUser). */
  token: string | null = null;
  /** Subscription id → destination. */
  readonly subscriptions = new Map<string, string>();
  /** Destination → the ids subscribed to it. */
  readonly byDestination = new Map<string, Set<string>>();
  lastReceivedAt = Date.now();
  lastSentAt = Date.now();
  messageSeq = 0;
  pending = 0;
  refusedSubscriptions = 0;
  queue: Promise<void> = Promise.resolve();
  readonly timers: NodeJS.Timeout[] = [];
  readonly parser: StompParser<ClientCommand>;
  readonly rate: SendRateLimit;

  /** Read through this after an await: the socket may have gone meanwhile. */
  get closed(): boolean {
    return this.state === 'closed';
  }

  constructor(
    readonly transport: Transport,
    maxFrameBytes: number,
    sendsPerSecond: number,
  ) {
    this.parser = new StompParser({ commands: CLIENT_COMMANDS, maxFrameBytes });
    this.rate = new SendRateLimit(sendsPerSecond);
  }
}

export class StompBroker implements RealtimePublisher {
  /** Names this instance on the bus. */
  readonly instanceId = randomUUID();
  private readonly connections = new Set<Connection>();
  private readonly byUser = new Map<string, Set<Connection>>();
  private readonly bySession = new Map<string, Set<Connection>>();
  private readonly topicSubscribers = new Map<string, Set<Connection>>();
  private readonly exactRoutes = new Map<string, Route>();
  private readonly patternRoutes: Route[] = [];
  private readonly revokedSessions = new Map<string, number>();
  private readonly stopListening: () => void;
  private readonly heartbeatMs: number;
  private readonly minHeartbeatMs: number;
  private readonly maxFrameBytes: number;
  private readonly sendsPerSecond: number;
  private readonly connectTimeoutMs: number;
  private readonly canJoinCall: CanJoinCall;
  private closing = false;

  constructor(private readonly options: BrokerOptions) {
    this.heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
    this.minHeartbeatMs = Math.min(options.minHeartbeatMs ?? DEFAULT_MIN_HEARTBEAT_MS, this.heartbeatMs);
    this.maxFrameBytes = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
    this.sendsPerSecond = options.sendsPerSecond ?? DEFAULT_SENDS_PER_SECOND;
    this.connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    this.canJoinCall = options.canJoinCall ?? (() => false);
    this.stopListening = options.bus.subscribe((message) => this.fromBus(message));
  }

  // ── Public API ────────────────────────────────────────────────────────────────────────────────

  /**
   * Registers the handler of SEND frames to `pattern`, an `/app/...` path whose `{name}` segments
   * match one path segment each (e.g. `/app/call/{meetingId}/signal`).
   */
  handle(pattern: string, handler: SendHandler, options: HandlerOptions = {}): void {
    if (!pattern.startsWith('/app/')) throw new Error(`A STOMP handler must be under /app/: ${pattern}`);
    if (this.exactRoutes.has(pattern) || this.patternRoutes.some((r) => r.pattern === pattern)) {
      throw new Error(`A STOMP handler for ${pattern} is already registered`);
    }
    const access = options.access ?? 'verified';
    const errorQueue = options.errorQueue ?? null;
    const names: string[] = [];
    const source = pattern
      .split('/')
      .map((segment) => {
        const param = /^\{(\w+)\}$/.exec(segment)?.[1];
        if (!param) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(param);
        return '([^/]+)';
      })
      .join('/');
    if (names.length === 0) {
      this.exactRoutes.set(pattern, {
        pattern,
        handler,
        access,
        errorQueue,
        match: (d) => (d === pattern ? {} : null),
      });
      return;
    }
    const regex = new RegExp(`^${source}$`);
    this.patternRoutes.push({
      pattern,
      handler,
      access,
      errorQueue,
      match: (destination) => {
        const found = regex.exec(destination);
        if (!found) return null;
        return Object.fromEntries(names.map((name, i) => [name, found[i + 1] ?? '']));
      },
    });
  }

  publishToUser(userId: string, destination: string, body: MessageBody): void {
    const payload = encode(body);
    this.deliverToUser(userId, destination, payload);
    this.options.bus.publish({ origin: this.instanceId, kind: 'user', userId, destination, ...payload });
  }

  publish(destination: string, body: MessageBody): void {
    const payload = encode(body);
    this.deliverToTopic(destination, payload);
    this.options.bus.publish({ origin: this.instanceId, kind: 'topic', destination, ...payload });
  }

  /** Closes every socket of session `sid` on every instance (logout, password change, refresh reuse). */
  closeSession(sid: string): void {
    this.closeSessionHere(sid);
    this.options.bus.publish({ origin: this.instanceId, kind: 'revoke', sid });
  }

  /**
   * A user's verification, role or name changed (on this instance or another): their sockets here
   * check their token again, so an email verified a moment ago opens what it was refused without a
   * reconnect, and a changed role is the one the next SUBSCRIBE or SEND is judged by. A token that
   * no longer passes (expired since CONNECT) leaves the socket as it was: its session is still
   * alive, and a revocation closes it on its own path.
   */
  async refreshUser(userId: string): Promise<void> {
    for (const connection of [...(this.byUser.get(userId) ?? [])]) {
      const { token, actor: before } = connection;
      if (!token || !before) continue;
      try {
        const actor = await this.options.authenticate(token);
        if (connection.state === 'connected' && actor.sid === before.sid) connection.actor = actor;
      } catch (error) {
        this.options.logger.debug({ err: error, connection: connection.id }, 'STOMP actor not refreshed');
      }
    }
  }

  /** Connection counts for metrics. */
  stats(): BrokerStats {
    const byTransport: Record<string, number> = {};
    let authenticated = 0;
    let subscriptions = 0;
    for (const connection of this.connections) {
      byTransport[connection.transport.kind] = (byTransport[connection.transport.kind] ?? 0) + 1;
      if (connection.state === 'connected') authenticated += 1;
      subscriptions += connection.subscriptions.size;
    }
    return { connections: this.connections.size, authenticated, users: this.byUser.size, subscriptions, byTransport };
  }

  /** Takes one new socket; the transport feeds what it reads into the returned session. */
  accept(transport: Transport): TransportSession {
    if (this.closing) {
      transport.close(...CloseCodes.shutdown);
      return { receive: () => undefined, closed: () => undefined };
    }
    const connection = new Connection(transport, this.maxFrameBytes, this.sendsPerSecond);
    this.connections.add(connection);
    const connectTimer = setTimeout(() => {
      if (connection.state === 'new' && connection.pending === 0) {
        this.fail(connection, RealtimeMessages.connectTimeout);
      }
    }, this.connectTimeoutMs);
    connectTimer.unref();
    connection.timers.push(connectTimer);
    return {
      receive: (text) => this.receive(connection, text),
      closed: () => this.forget(connection),
    };
  }

  /** Closes every socket (graceful shutdown); clients reconnect to another instance. */
  async close(): Promise<void> {
    this.closing = true;
    this.stopListening();
    for (const connection of [...this.connections]) this.end(connection, CloseCodes.shutdown);
  }

  // ── Reading frames ────────────────────────────────────────────────────────────────────────────

  private receive(connection: Connection, text: string): void {
    if (connection.state === 'closed') return;
    connection.lastReceivedAt = Date.now();
    let items;
    try {
      items = connection.parser.push(text);
    } catch (error) {
      if (!(error instanceof StompParseError)) throw error;
      this.fail(connection, error.message, error.headers);
      return;
    }
    for (const item of items) {
      if (item.kind === 'heartbeat') continue;
      if (!this.admit(connection, item.frame)) {
        if (connection.closed) return;
        continue;
      }
      this.enqueue(connection, item.frame);
    }
  }

  /** Rate and backlog limits, checked as frames arrive (before they wait for earlier ones). */
  private admit(connection: Connection, frame: StompFrame<ClientCommand>): boolean {
    if (frame.command === 'SEND' && connection.state === 'connected') {
      const verdict = connection.rate.hit(Date.now());
      if (verdict === 'close') {
        this.fail(connection, ServerMessages.rateLimited, frame.headers);
        return false;
      }
      if (verdict !== 'ok') {
        // Said once a window — and to every dropped SEND that asked for a receipt, whose sender
        // would otherwise wait for a RECEIPT that never comes (at most 9× the limit before 'close').
        // In frame order, like a RECEIPT: after the frames before it (a SUBSCRIBE to the errors
        // queue sent just before the burst included).
        if (verdict === 'first-drop' || frame.headers.receipt !== undefined) {
          connection.queue = connection.queue.then(() => this.userError(connection, ServerMessages.rateLimited, frame));
        }
        return false;
      }
    }
    if (connection.pending >= MAX_PENDING_FRAMES) {
      this.fail(connection, RealtimeMessages.tooManyFrames, frame.headers);
      return false;
    }
    return true;
  }

  /** Frames of one connection are handled one at a time, in order (a chat send after another stays after it). */
  private enqueue(connection: Connection, frame: StompFrame<ClientCommand>): void {
    connection.pending += 1;
    connection.queue = connection.queue.then(async () => {
      try {
        if (connection.state !== 'closed') await this.process(connection, frame);
      } catch (error) {
        this.options.logger.error({ err: error, command: frame.command }, 'STOMP frame handling failed');
        this.fail(connection, ServerMessages.internal, frame.headers);
      } finally {
        connection.pending -= 1;
      }
    });
  }

  private async process(connection: Connection, frame: StompFrame<ClientCommand>): Promise<void> {
    const actor = connection.actor;
    if (connection.state === 'new' || !actor) {
      if (frame.command === 'CONNECT' || frame.command === 'STOMP') await this.connect(connection, frame);
      else this.fail(connection, RealtimeMessages.expectedConnect, frame.headers);
      return;
    }
    switch (frame.command) {
      case 'CONNECT':
      case 'STOMP':
        return this.fail(connection, RealtimeMessages.alreadyConnected, frame.headers);
      case 'SUBSCRIBE':
        return this.subscribe(connection, actor, frame);
      case 'UNSUBSCRIBE':
        return this.unsubscribe(connection, frame);
      case 'SEND':
        return this.send(connection, actor, frame);
      case 'ACK':
      case 'NACK':
        // Every subscription is ack:auto, so there is nothing to acknowledge.
        return this.receipt(connection, frame);
      case 'BEGIN':
      case 'COMMIT':
      case 'ABORT':
        return this.fail(connection, RealtimeMessages.transactions, frame.headers);
      case 'DISCONNECT':
        this.receipt(connection, frame);
        return this.end(connection, CloseCodes.normal);
    }
  }

  // ── Commands ──────────────────────────────────────────────────────────────────────────────────

  private async connect(connection: Connection, frame: StompFrame<ClientCommand>): Promise<void> {
    const { headers } = frame;
    const versions = (headers['accept-version'] ?? '1.0').split(',').map((v) => v.trim());
    if (!versions.includes('1.2')) {
      return this.fail(connection, RealtimeMessages.unsupportedVersion, headers, { version: '1.2' });
    }
    const heartBeat = parseHeartBeat(headers['heart-beat']);
    if (!heartBeat) return this.fail(connection, RealtimeMessages.invalidHeartBeat, headers);

    const token = bearerToken(headers['Authorization']);
    if (!token) return this.fail(connection, ServerMessages.unauthorized, headers, {}, CloseCodes.sessionEnded);
    let actor: Actor;
    try {
      actor = await this.options.authenticate(token);
    } catch (error) {
      if (!isAppError(error) || error.statusCode >= 500) throw error;
      return this.fail(connection, error.message, headers, {}, CloseCodes.sessionEnded);
    }
    if (connection.closed) return;
    if (this.wasRevoked(actor.sid)) {
      return this.fail(connection, ServerMessages.invalidToken, headers, {}, CloseCodes.sessionEnded);
    }

    connection.actor = actor;
    connection.token = token;
    connection.state = 'connected';
    addTo(this.byUser, actor.userId, connection);
    addTo(this.bySession, actor.sid, connection);

    // The server offers heartbeatMs both ways, but agrees to expect a faster client (down to the
    // floor): a client that offers 500 ms is dropped after a second of silence, as it asked.
    const [clientSends, clientWants] = heartBeat;
    const serverSends = this.heartbeatMs;
    const serverWants = clientSends > 0 ? clamp(clientSends, this.minHeartbeatMs, this.heartbeatMs) : this.heartbeatMs;
    this.write(
      connection,
      serializeFrame({
        command: 'CONNECTED',
        headers: {
          version: '1.2',
          'heart-beat': `${serverSends},${serverWants}`,
          server: 'LegalConnect',
          session: connection.id,
          'user-name': actor.userId,
        },
      }),
    );
    this.startHeartbeats(
      connection,
      clientWants > 0 ? Math.max(serverSends, clientWants) : 0,
      clientSends > 0 ? Math.max(clientSends, serverWants) : 0,
    );
    this.options.logger.debug(
      { connection: connection.id, userId: actor.userId, transport: connection.transport.kind },
      'STOMP connected',
    );
  }

  private async subscribe(connection: Connection, actor: Actor, frame: StompFrame<ClientCommand>): Promise<void> {
    const { id, destination, ack = 'auto' } = frame.headers;
    if (!id || !destination) {
      return this.fail(connection, RealtimeMessages.missingHeaders('SUBSCRIBE', 'id and destination'), frame.headers);
    }
    if (ack !== 'auto') return this.fail(connection, RealtimeMessages.ackMode, frame.headers);
    if (connection.subscriptions.has(id))
      return this.fail(connection, RealtimeMessages.duplicateSubscription, frame.headers);
    if (connection.subscriptions.size >= MAX_SUBSCRIPTIONS) {
      return this.fail(connection, RealtimeMessages.tooManySubscriptions, frame.headers);
    }
    if (!(await maySubscribe(actor, destination, this.canJoinCall))) {
      this.options.logger.info(
        { connection: connection.id, userId: actor.userId, destination },
        'STOMP subscription denied',
      );
      connection.refusedSubscriptions += 1;
      if (connection.refusedSubscriptions > MAX_REFUSED_SUBSCRIPTIONS) {
        return this.fail(connection, RealtimeMessages.tooManyRefusals, frame.headers);
      }
      // ERROR without closing: the subscription simply does not exist (docs/decisions/0014).
      return this.refuse(connection, ServerMessages.accessDenied, frame.headers, {
        destination,
        body: RealtimeMessages.subscribeDenied(destination),
      });
    }
    if (connection.closed) return;
    connection.subscriptions.set(id, destination);
    addTo(connection.byDestination, destination, id);
    addTo(this.topicSubscribers, destination, connection);
    this.receipt(connection, frame);
  }

  private unsubscribe(connection: Connection, frame: StompFrame<ClientCommand>): void {
    const { id } = frame.headers;
    if (!id) return this.fail(connection, RealtimeMessages.missingHeaders('UNSUBSCRIBE', 'an id'), frame.headers);
    const destination = connection.subscriptions.get(id);
    if (destination !== undefined) {
      connection.subscriptions.delete(id);
      if (removeFrom(connection.byDestination, destination, id)) {
        removeFrom(this.topicSubscribers, destination, connection);
      }
    }
    this.receipt(connection, frame);
  }

  private async send(connection: Connection, actor: Actor, frame: StompFrame<ClientCommand>): Promise<void> {
    const { destination } = frame.headers;
    if (!destination)
      return this.fail(connection, RealtimeMessages.missingHeaders('SEND', 'a destination'), frame.headers);
    if (!destination.startsWith('/app/')) {
      return this.fail(connection, ServerMessages.accessDenied, frame.headers, {}, CloseCodes.protocolError, {
        body: RealtimeMessages.sendDenied(destination),
      });
    }
    const found = this.route(destination);
    if (!found) return this.userError(connection, RealtimeMessages.noHandler(destination), frame);
    const denial = accessDenial(actor, found.route.access);
    if (denial) return this.userError(connection, denial.message, frame, found.route.errorQueue, denial.reason);
    try {
      await found.route.handler({
        actor,
        destination,
        params: found.params,
        body: frame.body,
        headers: frame.headers,
        connectionId: connection.id,
        reply: (replyDestination, body) => this.deliverToConnection(connection, replyDestination, encode(body)),
      });
    } catch (error) {
      if (isAppError(error) && error.statusCode < 500) {
        return this.userError(connection, error.message, frame, found.route.errorQueue, error.reason);
      }
      this.options.logger.error({ err: error, destination, userId: actor.userId }, 'STOMP handler failed');
      return this.userError(connection, ServerMessages.internal, frame, found.route.errorQueue);
    }
    this.receipt(connection, frame);
  }

  private route(destination: string): { route: Route; params: Record<string, string> } | null {
    const exact = this.exactRoutes.get(destination);
    if (exact) return { route: exact, params: {} };
    for (const route of this.patternRoutes) {
      const params = route.match(destination);
      if (params) return { route, params };
    }
    return null;
  }

  // ── Writing frames ────────────────────────────────────────────────────────────────────────────

  private receipt(connection: Connection, frame: StompFrame<ClientCommand>): void {
    const receipt = frame.headers.receipt;
    if (receipt !== undefined) {
      this.write(connection, serializeFrame({ command: 'RECEIPT', headers: { 'receipt-id': receipt } }));
    }
  }

  /**
   * A soft error: a MESSAGE on this connection's /user/queue/errors (with the refused frame's receipt
   * id), and on `alsoTo` when the destination names a second error queue.
   */
  private userError(
    connection: Connection,
    message: string,
    frame: StompFrame<ClientCommand>,
    alsoTo: string | null = null,
    reason: ErrorReason = reasonFor(400, message),
  ): void {
    const receipt = frame.headers.receipt;
    // `reason`: the error's stable code (contract/error-reasons.ts), for the client's own text.
    const headers: Record<string, string> = receipt !== undefined ? { 'receipt-id': receipt, reason } : { reason };
    for (const queue of alsoTo ? [UserQueues.errors, alsoTo] : [UserQueues.errors]) {
      this.deliverToConnection(connection, queue, { body: message, contentType: TEXT }, headers);
    }
  }

  /** An ERROR frame that leaves the connection open (a refused SUBSCRIBE), naming what it refused. */
  private refuse(
    connection: Connection,
    message: string,
    frameHeaders: StompHeaders,
    detail: { destination: string; body: string },
  ): void {
    const receipt = frameHeaders.receipt;
    this.write(
      connection,
      serializeFrame({
        command: 'ERROR',
        headers: {
          message,
          destination: detail.destination,
          ...(frameHeaders.id !== undefined ? { subscription: frameHeaders.id } : {}),
          'content-type': TEXT,
          ...(receipt !== undefined ? { 'receipt-id': receipt } : {}),
        },
        body: detail.body,
      }),
    );
  }

  /** ERROR frame, then close (STOMP 1.2). `message` is what clients show as "STOMP error: {message}". */
  private fail(
    connection: Connection,
    message: string,
    frameHeaders: StompHeaders | null = null,
    extraHeaders: Record<string, string> = {},
    code: readonly [number, string] = CloseCodes.protocolError,
    detail: { body?: string } = {},
  ): void {
    if (connection.state === 'closed') return;
    const receipt = frameHeaders?.receipt;
    this.write(
      connection,
      serializeFrame({
        command: 'ERROR',
        headers: {
          ...extraHeaders,
          message,
          'content-type': TEXT,
          ...(receipt !== undefined ? { 'receipt-id': receipt } : {}),
        },
        body: detail.body ?? message,
      }),
    );
    this.options.logger.debug({ connection: connection.id, message }, 'STOMP error sent');
    this.end(connection, code);
  }

  private deliverToConnection(
    connection: Connection,
    destination: string,
    payload: Payload,
    extraHeaders: Record<string, string> = {},
  ): void {
    const ids = connection.byDestination.get(destination);
    if (!ids) return;
    for (const id of ids) {
      connection.messageSeq += 1;
      this.write(
        connection,
        serializeFrame({
          command: 'MESSAGE',
          headers: {
            destination,
            'content-type': payload.contentType,
            subscription: id,
            'message-id': `${connection.id}-${connection.messageSeq}`,
            ...extraHeaders,
          },
          body: payload.body,
        }),
      );
    }
  }

  private deliverToUser(userId: string, destination: string, payload: Payload): void {
    for (const connection of this.byUser.get(userId) ?? []) this.deliverToConnection(connection, destination, payload);
  }

  private deliverToTopic(destination: string, payload: Payload): void {
    for (const connection of this.topicSubscribers.get(destination) ?? []) {
      this.deliverToConnection(connection, destination, payload);
    }
  }

  private write(connection: Connection, text: string): void {
    if (connection.state === 'closed') return;
    connection.lastSentAt = Date.now();
    try {
      connection.transport.send(text);
    } catch (error) {
      this.options.logger.debug({ err: error, connection: connection.id }, 'STOMP write failed');
      this.end(connection, CloseCodes.protocolError);
    }
  }

  // ── Heart-beats, sessions, bus, teardown ──────────────────────────────────────────────────────

  /**
   * Sends an EOL when nothing else went out for half the agreed interval (so the client always
   * hears something well within its 2× tolerance), and drops a client silent for over 2× its interval.
   */
  private startHeartbeats(connection: Connection, outgoingMs: number, incomingMs: number): void {
    if (outgoingMs > 0) {
      const timer = setInterval(() => {
        if (Date.now() - connection.lastSentAt >= outgoingMs / 2) this.write(connection, HEARTBEAT);
      }, outgoingMs);
      timer.unref();
      connection.timers.push(timer);
    }
    if (incomingMs > 0) {
      const timer = setInterval(
        () => {
          if (Date.now() - connection.lastReceivedAt <= 2 * incomingMs) return;
          this.options.logger.debug({ connection: connection.id, incomingMs }, 'STOMP client stopped heart-beating');
          this.end(connection, CloseCodes.heartbeat);
        },
        Math.max(50, incomingMs / 2),
      );
      timer.unref();
      connection.timers.push(timer);
    }
  }

  private closeSessionHere(sid: string): void {
    this.rememberRevoked(sid);
    for (const connection of [...(this.bySession.get(sid) ?? [])]) {
      this.fail(connection, ServerMessages.invalidToken, null, {}, CloseCodes.sessionEnded);
    }
  }

  private rememberRevoked(sid: string): void {
    const now = Date.now();
    if (this.revokedSessions.size > 1000) {
      for (const [key, at] of this.revokedSessions) if (now - at > REVOKED_MEMORY_MS) this.revokedSessions.delete(key);
    }
    this.revokedSessions.set(sid, now);
  }

  private wasRevoked(sid: string): boolean {
    const at = this.revokedSessions.get(sid);
    return at !== undefined && Date.now() - at <= REVOKED_MEMORY_MS;
  }

  private fromBus(message: BusMessage): void {
    if (message.origin === this.instanceId) return;
    switch (message.kind) {
      case 'user':
        return this.deliverToUser(message.userId, message.destination, message);
      case 'topic':
        return this.deliverToTopic(message.destination, message);
      case 'revoke':
        return this.closeSessionHere(message.sid);
      case 'user-changed':
        return; // realtime/index.ts hears it too (as sessionEvents) and refreshes the sockets and caches.
    }
  }

  /** Closes the transport from our side. */
  private end(connection: Connection, [code, reason]: readonly [number, string]): void {
    if (connection.state === 'closed') return;
    this.forget(connection);
    try {
      connection.transport.close(code, reason);
    } catch (error) {
      this.options.logger.debug({ err: error, connection: connection.id }, 'STOMP transport close failed');
    }
  }

  /** Drops every trace of a connection (its transport is gone or going). */
  private forget(connection: Connection): void {
    if (connection.state === 'closed') return;
    connection.state = 'closed';
    for (const timer of connection.timers) clearTimeout(timer);
    this.connections.delete(connection);
    for (const destination of connection.byDestination.keys())
      removeFrom(this.topicSubscribers, destination, connection);
    connection.byDestination.clear();
    connection.subscriptions.clear();
    if (connection.actor) {
      removeFrom(this.byUser, connection.actor.userId, connection);
      removeFrom(this.bySession, connection.actor.sid, connection);
    }
  }
}

function encode(body: MessageBody): Payload {
  return typeof body === 'string'
    ? { body, contentType: TEXT }
    : { body: JSON.stringify(body), contentType: JSON_TYPE };
}

function bearerToken(header: string | undefined): string | null {
  return /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? null;
}

/** `cx,cy` in milliseconds; absent means 0,0 (no heart-beats). */
function parseHeartBeat(header: string | undefined): [number, number] | null {
  if (header === undefined) return [0, 0];
  const match = /^\s*(\d{1,9})\s*,\s*(\d{1,9})\s*$/.exec(header);
  return match ? [Number(match[1]), Number(match[2])] : null;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(value);
}

/** Removes `value`; true when that emptied the key's set. */
function removeFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V): boolean {
  const set = map.get(key);
  if (!set) return false;
  set.delete(value);
  if (set.size > 0) return false;
  map.delete(key);
  return true;
}
