/**
 * SQL for durable jobs (server/jobs). Claiming is one statement: pick due, unleased rows with
 * `FOR UPDATE SKIP LOCKED`, so workers on any number of instances never wait for each other or take
 * the same row, and stamp them with a lease and one more attempt. Every later write names the claim
 * (id and attempt number), so a worker whose lease ran out cannot settle a job someone else now holds.
 *
 * The claim reads `jobs_due_idx` (run_at, id) in order and stops after `limit` rows, but only when
 * the planner knows the table is large. PostgreSQL's autovacuum keeps that knowledge current; PGlite
 * runs no background workers, so after a burst (one notification to a user with ten devices is ten
 * push jobs) the planner still believed the table nearly empty, sorted every due row on each claim,
 * and a backlog of 20,000 jobs drained at 38 ms a claim instead of 2. With `statsAfterInserts` set
 * (the embedded database), the first claim after that many inserts vacuums and analyzes `jobs`.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { jobs } from '../db/schema';

export type JobRow = typeof jobs.$inferSelect;

export interface NewJob {
  kind: string;
  payload: unknown;
  runAt: Date;
  dedupeKey: string | null;
  maxAttempts: number;
  now: Date;
}

export interface ClaimRequest {
  now: Date;
  /** The claim holds until now + leaseMs. */
  leaseMs: number;
  limit: number;
  /** Only kinds this worker can run (another version of the server may know more). */
  kinds: readonly string[];
}

/** A job as one claim saw it: `attempts` is this claim's attempt number. */
export interface JobClaim {
  id: string;
  attempts: number;
}

/** Long enough to read in a log or a dead row; a stack or a response body can be far longer. */
const MAX_ERROR_LENGTH = 2000;

export interface JobsRepositoryOptions {
  /** Refresh the table's statistics (VACUUM ANALYZE) after this many inserts; null: autovacuum does. */
  statsAfterInserts: number | null;
}

export class JobsRepository {
  private insertsSinceStats = 0;

  constructor(
    private readonly db: Database,
    private readonly options: JobsRepositoryOptions = { statsAfterInserts: null },
  ) {}

  /** Inserts a job; null when a live job with the same dedupe key already exists. */
  async insert(job: NewJob, tx: Executor = this.db): Promise<JobRow | null> {
    const [row] = await tx
      .insert(jobs)
      .values({
        kind: job.kind,
        payload: job.payload,
        runAt: job.runAt,
        dedupeKey: job.dedupeKey,
        maxAttempts: job.maxAttempts,
        createdAt: job.now,
        updatedAt: job.now,
      })
      .onConflictDoNothing({ target: jobs.dedupeKey, where: sql`${jobs.deadAt} is null` })
      .returning();
    // Counted even if the caller's transaction rolls back: a refresh too many costs a few ms.
    if (row) this.insertsSinceStats += 1;
    return row ?? null;
  }

  /** Deletes the live job with this dedupe key (dead ones stay as history); how many went. */
  async cancel(dedupeKey: string, tx: Executor = this.db): Promise<number> {
    const rows = await tx
      .delete(jobs)
      .where(and(eq(jobs.dedupeKey, dedupeKey), isNull(jobs.deadAt)))
      .returning({ id: jobs.id });
    return rows.length;
  }

  /** Claims up to `limit` due jobs, oldest due first, under a lease. */
  async claim(request: ClaimRequest): Promise<JobRow[]> {
    if (request.kinds.length === 0 || request.limit <= 0) return [];
    await this.refreshStatsIfDue();
    const { now } = request;
    const due = this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          isNull(jobs.deadAt),
          lte(jobs.runAt, now),
          or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now)),
          inArray(jobs.kind, [...request.kinds]),
        ),
      )
      .orderBy(asc(jobs.runAt), asc(jobs.id))
      .limit(request.limit)
      .for('update', { skipLocked: true });
    return this.db
      .update(jobs)
      .set({
        attempts: sql`${jobs.attempts} + 1`,
        lockedUntil: new Date(now.getTime() + request.leaseMs),
        updatedAt: now,
      })
      .where(inArray(jobs.id, due))
      .returning();
  }

  /** VACUUM ANALYZE of `jobs` once enough rows came in since the last one (see the file's comment). */
  private async refreshStatsIfDue(): Promise<void> {
    const every = this.options.statsAfterInserts;
    if (every === null || this.insertsSinceStats < every) return;
    this.insertsSinceStats = 0;
    // A failure reaches the runner's "could not claim jobs" warning; the next claim goes on without it.
    await this.db.execute(sql`vacuum (analyze) jobs`);
  }

  /** Success: the job is done and goes. False when the claim was lost (the lease ran out, or cancelled). */
  async complete(claim: JobClaim): Promise<boolean> {
    const rows = await this.db.delete(jobs).where(this.held(claim)).returning({ id: jobs.id });
    return rows.length > 0;
  }

  /** Failure with attempts left: release the claim and run again at `runAt`. */
  async retryAt(claim: JobClaim, runAt: Date, error: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(jobs)
      .set({ runAt, lockedUntil: null, lastError: clip(error), updatedAt: now })
      .where(this.held(claim))
      .returning({ id: jobs.id });
    return rows.length > 0;
  }

  /** Gives up: the row stays, dead, with the error that ended it. */
  async bury(claim: JobClaim, error: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(jobs)
      .set({ deadAt: now, lockedUntil: null, lastError: clip(error), updatedAt: now })
      .where(this.held(claim))
      .returning({ id: jobs.id });
    return rows.length > 0;
  }

  /** Forgets dead jobs that died before `before` (housekeeping). */
  async pruneDead(before: Date): Promise<number> {
    const rows = await this.db
      .delete(jobs)
      .where(and(isNotNull(jobs.deadAt), lt(jobs.deadAt, before)))
      .returning({ id: jobs.id });
    return rows.length;
  }

  async find(id: string): Promise<JobRow | null> {
    const [row] = await this.db.select().from(jobs).where(eq(jobs.id, id)).limit(1);
    return row ?? null;
  }

  /** Every job of some kinds, oldest first (tests and operators look at the queue with it). */
  async list(kinds: readonly string[]): Promise<JobRow[]> {
    if (kinds.length === 0) return [];
    return this.db
      .select()
      .from(jobs)
      .where(inArray(jobs.kind, [...kinds]))
      .orderBy(asc(jobs.createdAt), asc(jobs.id));
  }

  private held(claim: JobClaim) {
    return and(eq(jobs.id, claim.id), eq(jobs.attempts, claim.attempts), isNull(jobs.deadAt));
  }
}

function clip(text: string): string {
  return text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text;
}
