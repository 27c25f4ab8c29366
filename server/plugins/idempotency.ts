/**
 * Idempotency-Key for POST and PUT (contract/routes.ts): the first response to (user, key) is stored for
 * 24 h and replayed with `Idempotent-Replayed: true`; the same key with another body → 422; a retry
 * while the first request still runs → 409. Keys are scoped to the signed-in user, so public routes
 * ignore the header (an anonymous key could otherwise replay someone else's response).
 *
 * A claim without an answer must not outlive the process running its request, or a client retrying
 * after a crash is told "still being processed" until the claim is judged abandoned. Each claim
 * names its owner (this process, a random id) and a lease (LEASE_MS) that the owner renews every
 * RENEW_MS while any of its requests runs, so a long request keeps its key and a dead process's
 * keys free up within LEASE_MS. On the embedded database there is only ever one process, so every
 * claim left unanswered at start is released at once (releaseAbandoned(), called by build()).
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_MAX } from '../../contract/constants';
import { ServerMessages } from '../../contract/errors';
import type { Clock } from '../clock';
import { AppError, badRequest } from '../http/app-error';
import type { IdempotencyRepository } from './idempotency-repository';

const TTL_MS = 24 * 60 * 60 * 1000;
/** How long a claim stays ours without a renewal. */
export const LEASE_MS = 30_000;
/** How often the leases of running requests are renewed (well within LEASE_MS). */
const RENEW_MS = 10_000;

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim: { userId: string; key: string } | null;
  }
}

export class Idempotency {
  /** This process, as the owner of its claims. */
  readonly owner = randomUUID();
  /** Claims of this process still waiting for their answer. */
  private inFlight = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly repository: IdempotencyRepository,
    private readonly clock: Clock,
    private readonly logger?: FastifyBaseLogger,
  ) {}

  /** Renews this process's leases while it has requests running (build() starts and stops it). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.inFlight > 0) {
        this.renewLeases().catch((error: unknown) =>
          this.logger?.warn({ err: error }, 'idempotency lease renewal failed'),
        );
      }
    }, RENEW_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async renewLeases(): Promise<void> {
    await this.repository.renewLeases(this.owner, new Date(this.clock.now().getTime() + LEASE_MS));
  }

  /** Embedded database only: claims left unanswered by the process before this one (see the top). */
  async releaseAbandoned(): Promise<number> {
    return this.repository.releaseAllInFlight();
  }

  /** preHandler: runs after authentication and validation, so the body is the parsed one. */
  readonly preHandler = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const header = request.headers['idempotency-key'];
    if (header === undefined || !request.actor) return undefined;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || key.length > IDEMPOTENCY_KEY_MAX || /[^\x21-\x7e]/.test(key)) {
      throw badRequest(`Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters`);
    }
    const now = this.clock.now();
    const existing = await this.repository.claim(
      {
        userId: request.actor.userId,
        key,
        requestHash: requestHash(request),
        now,
        owner: this.owner,
        leaseUntil: new Date(now.getTime() + LEASE_MS),
      },
      new Date(now.getTime() - TTL_MS),
    );
    if (!existing) {
      request.idempotencyClaim = { userId: request.actor.userId, key };
      this.inFlight += 1;
      return undefined;
    }
    if (existing.requestHash !== requestHash(request)) throw new AppError(422, ServerMessages.idempotencyMismatch);
    if (existing.statusCode === null || existing.responseBody === null) {
      throw new AppError(409, ServerMessages.idempotencyInProgress);
    }
    return reply
      .code(existing.statusCode)
      .header('content-type', existing.contentType ?? 'application/json; charset=utf-8')
      .header('idempotent-replayed', 'true')
      .serializer((payload: unknown) => String(payload))
      .send(existing.responseBody);
  };

  /** onSend: keeps the answer for replays; a 5xx frees the key so a retry can run again. */
  readonly onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    this.inFlight -= 1;
    if (reply.statusCode >= 500 || typeof payload !== 'string') {
      await this.repository.release(claim.userId, claim.key);
      return payload;
    }
    const contentType = reply.getHeader('content-type');
    await this.repository.complete(claim.userId, claim.key, {
      statusCode: reply.statusCode,
      body: payload,
      contentType: typeof contentType === 'string' ? contentType : null,
    });
    return payload;
  };

  /** onRequestAbort / onError fallback: never leave a claim that blocks retries. */
  readonly release = async (request: FastifyRequest): Promise<void> => {
    const claim = request.idempotencyClaim;
    if (!claim) return;
    request.idempotencyClaim = null;
    this.inFlight -= 1;
    await this.repository.release(claim.userId, claim.key);
  };
}

/** Method, path and body: the same key sent with anything else is a different request. */
function requestHash(request: FastifyRequest): string {
  const path = (request.raw.url ?? request.url).split('?')[0];
  return createHash('sha256')
    .update(`${request.method} ${path}\n${stableJson(request.body)}`)
    .digest('hex');
}

function stableJson(value: unknown): string {
  if (value === undefined) return '';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
}
