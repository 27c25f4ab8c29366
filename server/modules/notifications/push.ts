/**
 * Web push (CONTRACT §4 Web push): a committed notification goes to every push subscription of its
 * recipient with `web-push` (VAPID, aes128gcm, TTL 24 h). A 404/410 from the push service means the
 * browser dropped the subscription, so it is deleted; other failures are retried a couple of times
 * with backoff.
 *
 * The retries live in this process: a restart loses a push still waiting for its retry (the stored
 * notification is not lost; the client lists it on its next visit). The durable job runner arrives
 * with a later issue and will carry these sends instead.
 */
import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import type { NotificationType } from '../../../contract/enums';
import type { PushSubscriptionRow } from './repository';

export interface VapidDetails {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: contact for the push services. */
  subject: string;
}

/** What the service worker receives (and shows). */
export interface PushPayload {
  id: string;
  type: NotificationType;
  title: string;
  body: string;
  link: string | null;
  createdAt: string;
}

export interface PushSubscriptionStore {
  subscriptions(userId: string): Promise<PushSubscriptionRow[]>;
  deleteSubscriptionById(id: string): Promise<void>;
}

export interface WebPushSenderDeps {
  vapid: VapidDetails;
  store: PushSubscriptionStore;
  logger: FastifyBaseLogger;
  /** HTTPS agent for the push services (tests pass one trusting their own CA). */
  agent?: Agent;
  /** Waits before the 2nd, 3rd, … attempt of a failed send. */
  retryDelaysMs?: readonly number[];
}

/** A day: a push the device could not take within it is no longer news. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
const DEFAULT_RETRY_DELAYS_MS = [1_000, 5_000] as const;
const GONE = new Set([404, 410]);

export class WebPushSender {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly sleepers = new Set<() => void>();
  private closed = false;

  constructor(private readonly deps: WebPushSenderDeps) {}

  get publicKey(): string {
    return this.deps.vapid.publicKey;
  }

  /** Starts sending to all the user's subscriptions; never throws (failures are logged). */
  send(userId: string, payload: PushPayload): void {
    if (this.closed) return;
    const task = this.sendNow(userId, payload).catch((error: unknown) => {
      this.deps.logger.error({ err: error, userId }, 'web push failed');
    });
    this.inFlight.add(task);
    void task.finally(() => this.inFlight.delete(task));
  }

  /** Resolves when every send started so far has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  /** Stops retrying (pending retries give up now) and waits for the sends under way. */
  async close(): Promise<void> {
    this.closed = true;
    for (const wake of this.sleepers) wake();
    await this.idle();
  }

  private async sendNow(userId: string, payload: PushPayload): Promise<void> {
    const subscriptions = await this.deps.store.subscriptions(userId);
    await Promise.all(subscriptions.map((subscription) => this.sendOne(subscription, JSON.stringify(payload))));
  }

  private async sendOne(subscription: PushSubscriptionRow, body: string): Promise<void> {
    const delays = this.deps.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    for (let attempt = 0; ; attempt += 1) {
      try {
        await webpush.sendNotification(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          body,
          {
            TTL: PUSH_TTL_SECONDS,
            vapidDetails: this.deps.vapid,
            contentEncoding: 'aes128gcm',
            timeout: 10_000,
            ...(this.deps.agent ? { agent: this.deps.agent } : {}),
          },
        );
        return;
      } catch (error) {
        const status = error instanceof webpush.WebPushError ? error.statusCode : null;
        if (status !== null && GONE.has(status)) {
          await this.deps.store.deleteSubscriptionById(subscription.id);
          this.deps.logger.info({ subscriptionId: subscription.id, status }, 'push subscription gone; deleted');
          return;
        }
        const delay = delays[attempt];
        if (delay === undefined || this.closed) {
          this.deps.logger.warn(
            { err: error, subscriptionId: subscription.id, status, attempts: attempt + 1 },
            'web push could not be delivered',
          );
          return;
        }
        await this.sleep(delay);
        if (this.closed) return;
      }
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.sleepers.add(wake);
    });
  }
}
