/**
 * Runs durable jobs (queue.ts) in this process. Every instance runs one; they share the work through
 * the database alone: a claim takes due rows with `FOR UPDATE SKIP LOCKED` under a lease, success
 * deletes the row, a failure puts it back with an exponential backoff (or the handler's Retry-After),
 * and the last failed attempt leaves it dead with its error, logged. A worker that dies mid-job holds
 * nothing but a lease: once it ends, any runner claims the job again.
 *
 * The runner wakes when this process enqueues (queue.wake()) and otherwise polls every few seconds.
 * Time comes from the injected clock, and runDue() runs what is due now and resolves when it is done,
 * so tests drive the runner and the clock instead of sleeping. stop() (the app's close) stops claiming
 * and waits for the jobs under way.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import { PermanentJobError, RetryAfterError } from './errors';
import { backoffDelay, type JobQueue } from './queue';
import type { JobClaim, JobRow } from './repository';

export interface JobRunnerOptions {
  queue: JobQueue;
  clock: Clock;
  logger: FastifyBaseLogger;
  /**
   * How long a claim holds. A job still running past it may be claimed by another worker, so it must
   * exceed any handler's own timeouts (web push and SMTP give up well within a minute).
   */
  leaseMs?: number;
  /** How often to look for due jobs nobody woke this process for (other instances', scheduled ones). */
  pollMs?: number;
  /** Jobs run at once by this process. */
  concurrency?: number;
}

export const DEFAULT_LEASE_MS = 5 * 60_000;
export const DEFAULT_POLL_MS = 5_000;
const DEFAULT_CONCURRENCY = 4;

export class JobRunner {
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly concurrency: number;
  /** The last pass queued: passes run one after another, so claims never race within a process. */
  private tail: Promise<unknown> = Promise.resolve();
  /** A woken pass is queued but not started: further wakes join it. */
  private wakePending = false;
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private started = false;
  private stopping = false;

  constructor(private readonly options: JobRunnerOptions) {
    this.leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
    this.pollMs = options.pollMs ?? DEFAULT_POLL_MS;
    this.concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
  }

  /** Begins running jobs: now (what waited while the server was down), on every wake, and by polling. */
  start(): void {
    if (this.started || this.stopping) return;
    this.started = true;
    this.unsubscribe = this.options.queue.onWake(() => this.wake());
    this.wake();
  }

  /** Stops claiming and resolves once the jobs under way have finished (graceful shutdown). */
  async stop(): Promise<void> {
    this.stopping = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.tail;
  }

  /**
   * Runs every job due now — claiming again as slots free up, until nothing due is left — after any
   * pass already under way; resolves with how many attempts it ran.
   */
  runDue(): Promise<number> {
    return this.queuePass();
  }

  /** Resolves when the passes queued so far have finished. */
  async idle(): Promise<void> {
    await this.tail;
  }

  private wake(): void {
    if (!this.started || this.stopping || this.wakePending) return;
    this.wakePending = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.queuePass(() => {
      this.wakePending = false;
    })
      .catch((error: unknown) => this.options.logger.warn({ err: error }, 'could not claim jobs'))
      .finally(() => this.schedulePoll());
  }

  private schedulePoll(): void {
    if (!this.started || this.stopping || this.wakePending) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), this.pollMs);
    // A waiting poll must not keep the process alive on its own.
    this.timer.unref();
  }

  private queuePass(onStart?: () => void): Promise<number> {
    const pass = this.tail.then(() => {
      onStart?.();
      return this.pass();
    });
    this.tail = pass.catch(() => undefined);
    return pass;
  }

  private async pass(): Promise<number> {
    const { queue, clock } = this.options;
    const running = new Set<Promise<void>>();
    let ran = 0;
    try {
      while (!this.stopping) {
        const free = this.concurrency - running.size;
        const claimed =
          free > 0
            ? await queue.repository.claim({
                now: clock.now(),
                leaseMs: this.leaseMs,
                limit: free,
                kinds: queue.kinds(),
              })
            : [];
        for (const job of claimed) {
          const task = this.execute(job).finally(() => running.delete(task));
          running.add(task);
        }
        ran += claimed.length;
        if (running.size === 0) break;
        // Claim again when a slot frees up: a job may have enqueued another that is due now.
        if (claimed.length === 0 || running.size === this.concurrency) await Promise.race(running);
      }
    } finally {
      await Promise.all(running);
    }
    return ran;
  }

  /** One attempt: run the handler, then settle the row. Never throws (failures are logged). */
  private async execute(job: JobRow): Promise<void> {
    const { queue, clock, logger } = this.options;
    const claim: JobClaim = { id: job.id, attempts: job.attempts };
    const log = { jobId: job.id, kind: job.kind, attempt: job.attempts, maxAttempts: job.maxAttempts };
    const definition = queue.definition(job.kind);
    try {
      if (!definition) {
        // Unreachable while claims ask only for registered kinds; kept so a gap cannot loop a job.
        await this.giveUp(claim, log, new PermanentJobError(`no handler for job kind ${job.kind}`));
        return;
      }
      if (job.attempts > job.maxAttempts) {
        // Claimed again after its last attempt's lease ran out: the worker running it died.
        await this.giveUp(claim, log, new Error('the worker running its last attempt stopped (lease expired)'));
        return;
      }
      let failed = false;
      let failure: unknown;
      try {
        await definition.run(job.payload, {
          id: job.id,
          kind: job.kind,
          attempt: job.attempts,
          maxAttempts: job.maxAttempts,
        });
      } catch (error) {
        failed = true;
        failure = error;
      }
      if (!failed) {
        if (!(await queue.repository.complete(claim))) logger.info(log, 'job finished after its claim was lost');
        return;
      }
      if (failure instanceof PermanentJobError || job.attempts >= job.maxAttempts) {
        await this.giveUp(claim, log, failure);
        return;
      }
      const delay =
        failure instanceof RetryAfterError
          ? Math.max(0, failure.retryAfterMs)
          : backoffDelay(job.attempts, definition.backoff);
      const runAt = new Date(clock.now().getTime() + delay);
      await queue.repository.retryAt(claim, runAt, errorText(failure), clock.now());
      logger.warn({ ...log, err: failure, runAt }, 'job failed; will retry');
    } catch (error) {
      // The database failed us: the lease runs out and the job is claimed again later.
      logger.error({ ...log, err: error }, 'could not settle a job');
    }
  }

  private async giveUp(claim: JobClaim, log: Record<string, unknown>, error: unknown): Promise<void> {
    await this.options.queue.repository.bury(claim, errorText(error), this.options.clock.now());
    this.options.logger.error({ ...log, err: error }, 'job gave up; kept as dead');
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
