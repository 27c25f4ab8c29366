/**
 * Web push (docs/api.md §4 Web push) as a durable job. notify() enqueues one `push.send` job per push
 * subscription of the recipient, in the notification's own transaction; this handler sends it with
 * `web-push` (VAPID, aes128gcm, TTL 24 h). One job per subscription, so a browser that already has
 * the message is not sent it again while another browser's push service is failing.
 *
 * What the push service answers decides the job: 404/410 means the browser dropped the subscription,
 * so it is deleted and the job is done; 429/503 with Retry-After is tried again no sooner than asked;
 * other 5xx, timeouts and network errors are retried with the job's backoff; any other 4xx is a
 * refusal that sending again cannot fix, so the job is kept dead with the status.
 *
 * Where a push may go is push-endpoint.ts's: an endpoint off PUSH_ENDPOINT_HOSTS (a subscription
 * saved before the list existed, or the list since narrowed) is deleted unsent, and a name that
 * resolves to a loopback, private or link-local address fails its connection before a byte is sent;
 * both are refusals, so the job is kept dead.
 */
import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import webpush from 'web-push';
import { z } from 'zod';
import { NotificationTypeSchema } from '../../../contract/enums';
import type { Clock } from '../../clock';
import { parseRetryAfter, PermanentJobError, RetryAfterError } from '../../jobs/errors';
import type { JobQueue } from '../../jobs/queue';
import { PushAddressRefusedError, type PushEndpointPolicy } from './push-endpoint';
import type { PushSubscriptionRow } from './repository';

declare module '../../jobs/queue' {
  interface JobPayloads {
    'push.send': PushJob;
  }
}

/** What the service worker receives (and shows). */
export const PushPayloadSchema = z.object({
  id: z.string(),
  type: NotificationTypeSchema,
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  createdAt: z.string(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;

/**
 * One message for one subscription. The user is named too: an endpoint subscribed again by someone
 * else moves to them (same row), and their browser must not receive the first user's notification.
 */
const PushJobSchema = z.object({ userId: z.uuid(), subscriptionId: z.uuid(), message: PushPayloadSchema });
export type PushJob = z.infer<typeof PushJobSchema>;

export const PUSH_JOB = 'push.send';
/** A day: a push the device could not take within it is no longer news. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
const GONE = new Set([404, 410]);
/** Statuses that say "later", not "no". */
const TRANSIENT_4XX = new Set([408, 429]);

export interface VapidDetails {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: contact for the push services. */
  subject: string;
}

export interface PushSubscriptionStore {
  subscriptionOf(userId: string, id: string): Promise<PushSubscriptionRow | null>;
  deleteSubscriptionById(id: string): Promise<void>;
}

export interface WebPushSenderDeps {
  vapid: VapidDetails;
  store: PushSubscriptionStore;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** Which endpoints may be pushed to, and the check of the addresses connected to. */
  endpoints: PushEndpointPolicy;
  /** Extra certificate authority to trust (tests pass their push receiver's self-signed one). */
  ca?: string | Buffer;
}

export class WebPushSender {
  private readonly agent: Agent;

  constructor(private readonly deps: WebPushSenderDeps) {
    this.agent = deps.endpoints.agent(deps.ca);
  }

  /** Closes the kept-alive connections to the push services. */
  close(): void {
    this.agent.destroy();
  }

  get publicKey(): string {
    return this.deps.vapid.publicKey;
  }

  /** Sends one job's message; throws what the job runner should do next (see the top of this file). */
  async send(job: PushJob): Promise<void> {
    const { store, logger } = this.deps;
    const subscription = await store.subscriptionOf(job.userId, job.subscriptionId);
    // Unsubscribed (or moved to another user) since the notification: nobody to send it to.
    if (!subscription) return;
    const endpoint = this.deps.endpoints.allowed(subscription.endpoint);
    if (!endpoint) {
      await store.deleteSubscriptionById(subscription.id);
      logger.warn(
        { subscriptionId: subscription.id },
        'push endpoint not on PUSH_ENDPOINT_HOSTS; subscription deleted',
      );
      return;
    }
    try {
      await webpush.sendNotification(
        { endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(job.message),
        {
          TTL: PUSH_TTL_SECONDS,
          vapidDetails: this.deps.vapid,
          contentEncoding: 'aes128gcm',
          timeout: 10_000,
          agent: this.agent,
        },
      );
    } catch (error) {
      if (error instanceof PushAddressRefusedError) throw new PermanentJobError(error.message);
      if (!(error instanceof webpush.WebPushError)) throw error;
      const status = error.statusCode;
      if (GONE.has(status)) {
        await store.deleteSubscriptionById(subscription.id);
        logger.info({ subscriptionId: subscription.id, status }, 'push subscription gone; deleted');
        return;
      }
      const answer = `push service answered ${status}${error.body ? `: ${error.body.slice(0, 200)}` : ''}`;
      const retryAfterMs = parseRetryAfter(error.headers['retry-after'], this.deps.clock.now());
      if ((status === 429 || status === 503) && retryAfterMs !== null) throw new RetryAfterError(answer, retryAfterMs);
      if (status >= 400 && status < 500 && !TRANSIENT_4XX.has(status)) throw new PermanentJobError(answer);
      throw new Error(answer);
    }
  }
}

export function registerPushJob(jobs: JobQueue, sender: WebPushSender): void {
  jobs.register(PUSH_JOB, { schema: PushJobSchema, handle: (job) => sender.send(job) });
}
