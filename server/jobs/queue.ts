/**
 * Durable jobs (docs/architecture.md: server/jobs): the API other modules call. A job is a row written with
 * the caller's executor — normally inside the transaction that changes the data it acts on — so it
 * exists exactly when that data committed, and it outlives the process: it is deleted only after its
 * handler succeeded (Signal-Desktop's JobQueue does the same). JobRunner (runner.ts) claims and runs
 * due jobs on every instance; see docs/decisions/0005-durable-jobs.md for why the queue is a table.
 *
 * A module that owns a kind declares its payload by declaration merging, next to its handler:
 *   declare module '../../jobs/queue' { interface JobPayloads { 'push.send': PushJob } }
 * so enqueue() and register() check payloads when compiling, and the handler's zod schema parses them
 * again when they come back from the database. Payloads are JSON (dates as ISO strings).
 *
 * Waking: enqueue() outside a transaction wakes this process's runner at once. Inside one the row is
 * not visible to the runner until commit, so the caller calls wake() after its transaction (notify's
 * deliver() does); a job nobody woke for is still found by the runners' poll within seconds.
 */
import { PgTransaction } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Clock } from '../clock';
import type { Database, Executor } from '../db/client';
import { PermanentJobError } from './errors';
import { JobsRepository } from './repository';

/** Kind → payload type; each module adds its kinds (see above). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging, one entry per kind
export interface JobPayloads {}

export type JobKind = keyof JobPayloads & string;

export interface EnqueueJob<K extends JobKind> {
  kind: K;
  payload: JobPayloads[K];
  /** Not before this time (default: now). */
  runAt?: Date;
  /**
   * At most one live job per key: enqueueing again while one waits (or runs) is a no-op, and cancel()
   * finds it by the key. A job that succeeded is gone and a dead one does not count, so the key can
   * be used again. Name it after what the job is for, e.g. `schedule-reminder:{id}:24h`.
   */
  dedupeKey?: string;
  /** Attempts before giving up (default: the kind's, else DEFAULT_MAX_ATTEMPTS). */
  maxAttempts?: number;
}

export interface EnqueuedJob {
  id: string;
  runAt: Date;
}

/** What a handler learns about the run besides its payload. */
export interface JobContext {
  id: string;
  kind: string;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
}

/** Waits after a failure: baseMs, doubling per attempt, never more than maxMs. */
export interface Backoff {
  baseMs: number;
  maxMs: number;
}

export interface JobDefinition<P> {
  /** Parses the stored payload; a payload it rejects makes the job dead at once (retrying cannot help). */
  schema: z.ZodType<P>;
  /**
   * Does the work; resolving means done (the row is deleted). Throw to retry (RetryAfterError to name
   * the time) or PermanentJobError to give up. Jobs run at least once: a worker that dies after the
   * work but before the delete leaves the job to run again once its lease ends, so side effects must
   * tolerate a repeat (or check the data they act on first).
   */
  handle(payload: P, context: JobContext): Promise<void>;
  maxAttempts?: number;
  backoff?: Backoff;
}

/** A registered kind with its payload type erased (the closure keeps it). */
export interface RegisteredJob {
  run(payload: unknown, context: JobContext): Promise<void>;
  maxAttempts: number;
  backoff: Backoff;
}

export const DEFAULT_MAX_ATTEMPTS = 8;
/** 10 s, 20 s, 40 s … capped at an hour: eight attempts span about 21 minutes. */
export const DEFAULT_BACKOFF: Backoff = { baseMs: 10_000, maxMs: 60 * 60_000 };

/** The wait after the `attempt`-th failure (attempt counts from 1). */
export function backoffDelay(attempt: number, backoff: Backoff): number {
  return Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, attempt - 1));
}

export interface JobQueueDeps {
  db: Database;
  clock: Clock;
  /** The embedded database runs no autovacuum: see JobsRepository's `statsAfterInserts`. */
  statsAfterInserts?: number | null;
}

/** On PGlite, how many new jobs make the next claim refresh the table's statistics (~20–30 ms). */
export const JOBS_STATS_AFTER_INSERTS = 500;

export class JobQueue {
  readonly repository: JobsRepository;
  private readonly definitions = new Map<string, RegisteredJob>();
  private readonly wakeListeners = new Set<() => void>();

  constructor(private readonly deps: JobQueueDeps) {
    this.repository = new JobsRepository(deps.db, { statsAfterInserts: deps.statsAfterInserts ?? null });
  }

  /** Registers the handler of a kind; the runner claims only kinds registered here. */
  register<K extends JobKind>(kind: K, definition: JobDefinition<JobPayloads[K]>): void {
    if (this.definitions.has(kind)) throw new Error(`job kind ${kind} is already registered`);
    const maxAttempts = definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    checkMaxAttempts(maxAttempts);
    this.definitions.set(kind, {
      maxAttempts,
      backoff: definition.backoff ?? DEFAULT_BACKOFF,
      run: async (raw, context) => {
        const parsed = definition.schema.safeParse(raw);
        if (!parsed.success) {
          throw new PermanentJobError(`payload is not a ${kind} job: ${z.prettifyError(parsed.error)}`);
        }
        await definition.handle(parsed.data, context);
      },
    });
  }

  /**
   * Stores a job with `executor` (pass the transaction whose data it acts on). Null when a live job
   * with the same dedupeKey exists. Inside a transaction, call wake() after commit.
   */
  async enqueue<K extends JobKind>(executor: Executor, job: EnqueueJob<K>): Promise<EnqueuedJob | null> {
    const now = this.deps.clock.now();
    const maxAttempts = job.maxAttempts ?? this.definitions.get(job.kind)?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    checkMaxAttempts(maxAttempts);
    const row = await this.repository.insert(
      {
        kind: job.kind,
        payload: job.payload,
        runAt: job.runAt ?? now,
        dedupeKey: job.dedupeKey ?? null,
        maxAttempts,
        now,
      },
      executor,
    );
    if (row && !(executor instanceof PgTransaction)) this.wake();
    return row ? { id: row.id, runAt: row.runAt } : null;
  }

  /**
   * Cancels the live job with this dedupeKey (a reminder whose meeting moved); how many went. A run
   * already under way finishes, but its result no longer touches the row.
   */
  async cancel(executor: Executor, dedupeKey: string): Promise<number> {
    return this.repository.cancel(dedupeKey, executor);
  }

  /** Tells this process's runner that jobs were committed (call it after the enqueueing transaction). */
  wake(): void {
    for (const listener of this.wakeListeners) listener();
  }

  /** The runner listens here; returns a function that stops listening. */
  onWake(listener: () => void): () => void {
    this.wakeListeners.add(listener);
    return () => this.wakeListeners.delete(listener);
  }

  kinds(): string[] {
    return [...this.definitions.keys()];
  }

  definition(kind: string): RegisteredJob | undefined {
    return this.definitions.get(kind);
  }
}

function checkMaxAttempts(value: number): void {
  if (!Number.isInteger(value) || value < 1) throw new Error(`maxAttempts must be a positive integer, not ${value}`);
}
