/**
 * Fan-out between server instances. Each broker delivers to its own sockets first and announces
 * the same delivery on the bus, so every other instance delivers to the sockets it holds: a
 * notification created on instance A reaches a tab connected to instance B, and a logout on A closes
 * that session's sockets on B. In memory for one process (or several brokers in one test); Redis
 * pub/sub when REDIS_URL is set. Pub/sub is at-most-once: clients fill gaps over REST (chat by
 * `seq`, notifications by listing), so nothing correct depends on the bus (docs/api.md §5–7).
 */
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { z } from 'zod';

const BusMessageSchema = z.discriminatedUnion('kind', [
  z.object({
    origin: z.string(),
    kind: z.literal('user'),
    userId: z.string(),
    destination: z.string(),
    body: z.string(),
    contentType: z.string(),
  }),
  z.object({
    origin: z.string(),
    kind: z.literal('topic'),
    destination: z.string(),
    body: z.string(),
    contentType: z.string(),
  }),
  z.object({ origin: z.string(), kind: z.literal('revoke'), sid: z.string() }),
  /** A user's name, role or verification changed: every instance drops the sessions it checked of them. */
  z.object({ origin: z.string(), kind: z.literal('user-changed'), userId: z.string() }),
]);

/** `origin` names the broker that published, so it can ignore its own messages. */
export type BusMessage = z.infer<typeof BusMessageSchema>;
export type BusListener = (message: BusMessage) => void;

export interface RealtimeBus {
  publish(message: BusMessage): void;
  /** Returns a function that removes the listener. */
  subscribe(listener: BusListener): () => void;
  /**
   * Called when messages from other instances may have been missed (the connection to them was lost
   * or came back); never for the in-memory bus. Returns a function that removes the listener.
   */
  onGap(listener: () => void): () => void;
  /** Resolves once messages from other instances are being received. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** One process: every broker sharing this object hears the others (tests run two "instances" on one). */
export class MemoryBus implements RealtimeBus {
  private readonly listeners = new Set<BusListener>();

  publish(message: BusMessage): void {
    for (const listener of this.listeners) listener(message);
  }

  subscribe(listener: BusListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onGap(): () => void {
    return () => undefined;
  }

  async ready(): Promise<void> {}

  async close(): Promise<void> {
    this.listeners.clear();
  }
}

/**
 * One channel for all instances, a publishing connection and a separate subscriber connection (a
 * subscribed Redis connection can do nothing else). ioredis reconnects and re-subscribes by itself.
 */
export class RedisBus implements RealtimeBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly listeners = new Set<BusListener>();
  private readonly gapListeners = new Set<() => void>();
  private readonly subscribed: Promise<void>;

  constructor(
    url: string,
    private readonly channel: string,
    private readonly logger: FastifyBaseLogger,
  ) {
    this.publisher = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
    this.subscriber = new Redis(url, { enableOfflineQueue: true });
    for (const [role, connection] of [
      ['publisher', this.publisher],
      ['subscriber', this.subscriber],
    ] as const) {
      connection.on('error', (error: Error) =>
        this.logger.warn({ err: error, role }, 'realtime Redis connection error'),
      );
    }
    this.subscriber.on('message', (channel: string, text: string) => {
      if (channel === this.channel) this.receive(text);
    });
    // Pub/sub keeps nothing for a subscriber that is away: what was published meanwhile is lost.
    let connectedBefore = false;
    this.subscriber.on('ready', () => {
      if (connectedBefore) this.gap();
      connectedBefore = true;
    });
    this.subscriber.on('close', () => {
      if (connectedBefore) this.gap();
    });
    this.subscribed = this.subscriber.subscribe(this.channel).then(() => undefined);
    // ready() reports a failure to its caller; nobody awaiting it must not crash the process.
    this.subscribed.catch(() => undefined);
  }

  publish(message: BusMessage): void {
    this.publisher.publish(this.channel, JSON.stringify(message)).catch((error: unknown) => {
      this.logger.warn({ err: error, kind: message.kind }, 'could not publish a realtime message to Redis');
    });
  }

  subscribe(listener: BusListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  onGap(listener: () => void): () => void {
    this.gapListeners.add(listener);
    return () => this.gapListeners.delete(listener);
  }

  ready(): Promise<void> {
    return this.subscribed;
  }

  async close(): Promise<void> {
    this.listeners.clear();
    this.gapListeners.clear();
    await Promise.all(
      [this.subscriber, this.publisher].map((connection) => connection.quit().catch(() => connection.disconnect())),
    );
  }

  private gap(): void {
    for (const listener of this.gapListeners) listener();
  }

  private receive(text: string): void {
    let message: BusMessage;
    try {
      message = BusMessageSchema.parse(JSON.parse(text));
    } catch {
      this.logger.warn({ channel: this.channel }, 'ignored a malformed realtime message from Redis');
      return;
    }
    for (const listener of this.listeners) listener(message);
  }
}
