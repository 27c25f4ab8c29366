/**
 * Realtime wiring (docs/api.md §5–7): the STOMP broker, its bus (Redis when configured), the
 * `/app/notifications/*` and `/app/chat/*` handlers, the SockJS endpoint at /v1/ws on the app's HTTP
 * server, and the in-process events it listens to: a revoked session closes its sockets on every
 * instance, a committed notification goes to `/topic/user-{userId}` of its recipient, and what chat
 * announces after commit goes to the participants' chat topics.
 */
import type { Server } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Actor } from '../modules/auth/policy';
import type { SessionEvents } from '../modules/auth/session-events';
import type { ChatEvents } from '../modules/chat/events';
import type { NotificationEvents } from '../modules/notifications/events';
import { StompBroker, type BrokerOptions } from './broker';
import { MemoryBus, RedisBus, type RealtimeBus } from './bus';
import { registerCallHandlers } from './call-handlers';
import { forwardChatEvents, registerChatHandlers, type ChatHandlerDeps } from './chat-handlers';
import { Topics, type CanJoinCall } from './destinations';
import { registerNotificationHandlers } from './notification-handlers';
import { attachSockJsEndpoint } from './sockjs-endpoint';

export const REALTIME_PREFIX = '/v1/ws';

export interface RealtimeDeps {
  /** HTTP's bearer check: token → actor with the session verified; throws a 401 AppError otherwise. */
  authenticate(token: string): Promise<Actor>;
  sessionEvents: SessionEvents;
  /** When given, every committed notification is pushed to its recipient's `/topic/user-{id}`. */
  notificationEvents?: NotificationEvents;
  /** Marks the actor's notification read; a 404 AppError for an unknown or foreign id. */
  markRead(actor: Actor, id: string): Promise<unknown>;
  /** The chat service behind `/app/chat/*`; absent → those destinations have no handler. */
  chat?: ChatHandlerDeps;
  /** When given, what chat announces after commit is published to the participants' topics. */
  chatEvents?: ChatEvents;
  /** Who may listen on `/topic/call-{meetingId}` (the meeting's parties); by default nobody. */
  canJoinCall?: CanJoinCall;
  /**
   * Who may SEND to `/app/call/{meetingId}/signal` right now (a party inside the joining window, the
   * client paid); by default the same as canJoinCall. Kept apart so that a party's subscription is
   * never refused — a refused SUBSCRIBE closes the tab's one socket, chat and notifications with it.
   */
  canSpeakInCall?: CanJoinCall;
  /** Fan-out across instances; null or absent → in memory (one instance). */
  redis?: { url: string; channel: string } | null;
  /** Origins allowed to open the socket besides the request's own host (PUBLIC_URL, CORS_ORIGINS). */
  allowedOrigins?: readonly string[];
  prefix?: string;
  logger?: FastifyBaseLogger;
  /** Limits and heart-beats; the defaults are the contract's. */
  tuning?: Pick<
    BrokerOptions,
    'heartbeatMs' | 'minHeartbeatMs' | 'maxFrameBytes' | 'sendsPerSecond' | 'connectTimeoutMs'
  >;
}

export interface Realtime {
  broker: StompBroker;
  /** Resolves once the bus receives other instances' messages (Redis subscribed). */
  ready(): Promise<void>;
  /** Closes every socket, detaches the endpoint and the bus. Idempotent. */
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Present once registerRealtime() has run. */
    realtime: Realtime;
  }
}

/** For build(): wires realtime on `app.server` and closes it before the server closes. Call before ready(). */
export function registerRealtime(app: FastifyInstance, deps: RealtimeDeps): Realtime {
  const realtime = createRealtime(app.server, { logger: app.log, ...deps });
  // preClose: open streaming responses and WebSockets would otherwise keep server.close() waiting.
  app.addHook('preClose', async () => {
    await realtime.close();
  });
  app.decorate('realtime', realtime);
  return realtime;
}

/** The same on any HTTP server; the caller closes it. */
export function createRealtime(server: Server, deps: RealtimeDeps & { logger: FastifyBaseLogger }): Realtime {
  const { logger } = deps;
  const bus: RealtimeBus = deps.redis ? new RedisBus(deps.redis.url, deps.redis.channel, logger) : new MemoryBus();
  const broker = new StompBroker({
    ...deps.tuning,
    authenticate: deps.authenticate,
    canJoinCall: deps.canJoinCall,
    bus,
    logger,
  });
  registerNotificationHandlers(broker, { markRead: deps.markRead });
  if (deps.chat) registerChatHandlers(broker, deps.chat);
  const canSpeak = deps.canSpeakInCall ?? deps.canJoinCall;
  if (canSpeak) registerCallHandlers(broker, canSpeak);
  const { sessionEvents } = deps;
  // Sessions ended and users changed here go to the other instances (a revocation with the closing
  // of its sockets); theirs come back through sessionEvents marked `peer`, for the session caches.
  const stopRevocations = sessionEvents.onSessionRevoked((sid, from) => {
    if (from === 'here') broker.closeSession(sid);
  });
  const stopUserChanges = sessionEvents.onUserChanged((userId, from) => {
    if (from === 'here') bus.publish({ origin: broker.instanceId, kind: 'user-changed', userId });
    // After the session caches forgot the user (their listener came first), so this reads afresh.
    void broker.refreshUser(userId);
  });
  const stopPeers = bus.subscribe((message) => {
    if (message.origin === broker.instanceId) return;
    if (message.kind === 'revoke') sessionEvents.emitRevoked([message.sid], 'peer');
    else if (message.kind === 'user-changed') sessionEvents.emitUserChanged(message.userId, 'peer');
  });
  const stopGaps = bus.onGap(() => sessionEvents.emitPeersUnheard());
  const stopNotifications = deps.notificationEvents?.onNotificationCreated((userId, notification) =>
    broker.publishToUser(userId, Topics.user(userId), notification),
  );
  const stopChat = deps.chatEvents ? forwardChatEvents(deps.chatEvents, broker) : undefined;
  const endpoint = attachSockJsEndpoint(server, {
    prefix: deps.prefix ?? REALTIME_PREFIX,
    broker,
    logger,
    allowedOrigins: deps.allowedOrigins ?? [],
    maxFrameBytes: deps.tuning?.maxFrameBytes,
  });

  let closing: Promise<void> | null = null;
  return {
    broker,
    ready: () => bus.ready(),
    close() {
      closing ??= (async () => {
        stopRevocations();
        stopUserChanges();
        stopPeers();
        stopGaps();
        stopNotifications?.();
        stopChat?.();
        await endpoint.close();
        await bus.close();
      })();
      return closing;
    },
  };
}
