/**
 * Durable jobs against a real database (PGlite always, PostgreSQL too when DATABASE_URL is set):
 * a job runs once and is deleted; failures come back after an exponential backoff (or a handler's
 * Retry-After) and end dead, kept with their error; dedupe, cancel and transactions; a job outlives a
 * restart; a worker that died mid-job loses its claim when the lease ends; two instances on one
 * PostgreSQL run each job exactly once; and the app starts, wakes and stops its runner.
 *
 * Runners here are not started unless a test says so: the tests call runDue() and move a manual
 * clock, so nothing waits on real time.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createScratchDatabase, type ScratchDatabase } from '../../tests/helpers/server-app';
import { build } from '../app';
import type { Clock } from '../clock';
import { loadConfig } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { PermanentJobError, RetryAfterError } from './errors';
import { JobQueue, type JobContext } from './queue';
import { JobRunner, type JobRunnerOptions } from './runner';

declare module './queue' {
  interface JobPayloads {
    'test.work': { n: number };
  }
}

const WORK = 'test.work';
const WorkSchema = z.object({ n: z.number().int() });
const T0 = Date.parse('2026-03-01T10:00:00.000Z');

class ManualClock implements Clock {
  private at = T0;

  now(): Date {
    return new Date(this.at);
  }

  advance(ms: number): void {
    this.at += ms;
  }
}

interface LogLine {
  level: number;
  msg: string;
  kind?: string;
  jobId?: string;
  attempt?: number;
}

/** The app's kind of logger (pino through Fastify), writing into an array. */
function recordingLogger(): { logger: FastifyBaseLogger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const app = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => lines.push(JSON.parse(line) as LogLine) } },
  });
  return { logger: app.log, lines };
}

/** A promise and its resolve, to hold a handler in the middle of its work (or to hear it started). */
function signal(): { promise: Promise<void>; fire(): void } {
  let fire = () => undefined as void;
  const promise = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { promise, fire };
}

type Handle = (payload: { n: number }, context: JobContext) => Promise<void>;

let scratch: ScratchDatabase;
let database: DatabaseHandle;
let clock: ManualClock;

/**
 * One server instance's share of the machinery: a queue with `test.work` registered and its runner,
 * on the shared test database unless another handle (another connection pool) is given.
 */
function instance(
  handle: Handle,
  options: Partial<Omit<JobRunnerOptions, 'queue' | 'clock' | 'logger'>> & {
    maxAttempts?: number;
    db?: DatabaseHandle;
    statsAfterInserts?: number;
  } = {},
) {
  const { maxAttempts, db, statsAfterInserts, ...runnerOptions } = options;
  const queue = new JobQueue({ db: (db ?? database).db, clock, statsAfterInserts });
  queue.register(WORK, { schema: WorkSchema, handle, ...(maxAttempts ? { maxAttempts } : {}) });
  const { logger, lines } = recordingLogger();
  const runner = new JobRunner({ queue, clock, logger, ...runnerOptions });
  return { queue, runner, lines, rows: () => queue.repository.list([WORK]) };
}

beforeAll(async () => {
  scratch = await createScratchDatabase();
  database = await openDatabase({ databaseUrl: scratch.url, dataDir: '', pgliteDump: scratch.dump ?? undefined });
});
afterAll(async () => {
  await database.close();
  await scratch.drop();
});
beforeEach(async () => {
  await database.db.execute(sql`truncate jobs`);
  clock = new ManualClock();
});

describe('running a job', () => {
  it('runs a due job once, with its parsed payload, and deletes it', async () => {
    const seen: [number, number][] = [];
    const { queue, runner, rows } = instance(async ({ n }, context) => {
      seen.push([n, context.attempt]);
    });
    const enqueued = await queue.enqueue(database.db, { kind: WORK, payload: { n: 7 } });
    expect(enqueued?.runAt).toEqual(new Date(T0));
    expect(await rows()).toMatchObject([{ id: enqueued?.id, kind: WORK, payload: { n: 7 }, attempts: 0 }]);

    expect(await runner.runDue()).toBe(1);
    expect(seen).toEqual([[7, 1]]);
    expect(await rows()).toEqual([]);
    expect(await runner.runDue()).toBe(0);
    expect(seen).toHaveLength(1);
  });

  it('waits for runAt', async () => {
    const seen: number[] = [];
    const { queue, runner } = instance(async ({ n }) => {
      seen.push(n);
    });
    await queue.enqueue(database.db, { kind: WORK, payload: { n: 1 }, runAt: new Date(T0 + 60 * 60_000) });
    clock.advance(60 * 60_000 - 1);
    expect(await runner.runDue()).toBe(0);
    clock.advance(1);
    expect(await runner.runDue()).toBe(1);
    expect(seen).toEqual([1]);
  });

  it('runs many due jobs in one pass, a few at a time', async () => {
    let running = 0;
    let most = 0;
    const { queue, runner, rows } = instance(
      async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setImmediate(resolve));
        running -= 1;
      },
      { concurrency: 3 },
    );
    for (let n = 0; n < 10; n += 1) await queue.enqueue(database.db, { kind: WORK, payload: { n } });
    expect(await runner.runDue()).toBe(10);
    expect(most).toBeLessThanOrEqual(3);
    expect(await rows()).toEqual([]);
  });
});

describe('a burst of jobs', () => {
  /** What the planner believes the table holds (ANALYZE and VACUUM set it; PGlite runs neither by itself). */
  const plannerRows = async () => {
    const result = (await database.db.execute(
      sql`select reltuples::int as n from pg_class where relname = 'jobs'`,
    )) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0]?.n);
  };

  it('refreshes the statistics of jobs at the first claim after the set number of inserts, oldest due first', async () => {
    const { queue } = instance(async () => undefined, { statsAfterInserts: 30 });
    await database.db.execute(sql`vacuum (analyze) jobs`);
    expect(await plannerRows()).toBe(0);
    // Due in reverse order of enqueueing: the claim must follow run_at, not insertion.
    const enqueueAll = async (from: number, to: number) => {
      for (let n = from; n < to; n += 1) {
        await queue.enqueue(database.db, { kind: WORK, payload: { n }, runAt: new Date(T0 - n * 1000) });
      }
    };
    await enqueueAll(0, 29);
    const claim = () => queue.repository.claim({ now: clock.now(), leaseMs: 60_000, limit: 2, kinds: [WORK] });
    await claim();
    expect(await plannerRows()).toBe(0);
    await enqueueAll(29, 40);
    const claimed = await claim();
    // The 30th insert made this claim refresh first: the planner now knows the table's size.
    expect(await plannerRows()).toBe(40);
    expect(claimed.map((job) => (job.payload as { n: number }).n).sort()).toEqual([38, 39]);
  });
});

describe('failures', () => {
  it('retries with exponential backoff at the right times, then keeps the job dead with its error, logged', async () => {
    const attempts: number[] = [];
    const { queue, runner, rows, lines } = instance(
      async (_payload, context) => {
        attempts.push(context.attempt);
        throw new Error(`boom ${context.attempt}`);
      },
      { maxAttempts: 3 },
    );
    const job = await queue.enqueue(database.db, { kind: WORK, payload: { n: 1 } });

    expect(await runner.runDue()).toBe(1);
    const [first] = await rows();
    expect(first).toMatchObject({ attempts: 1, maxAttempts: 3, lockedUntil: null, deadAt: null });
    expect(first?.lastError).toBe('Error: boom 1');
    expect(first?.runAt).toEqual(new Date(T0 + 10_000));

    clock.advance(9_999);
    expect(await runner.runDue()).toBe(0);
    clock.advance(1);
    expect(await runner.runDue()).toBe(1);
    const [second] = await rows();
    expect(second).toMatchObject({ attempts: 2, lastError: 'Error: boom 2', deadAt: null });
    // The wait doubles: 20 s after the second failure.
    expect(second?.runAt).toEqual(new Date(T0 + 30_000));

    clock.advance(19_999);
    expect(await runner.runDue()).toBe(0);
    clock.advance(1);
    expect(await runner.runDue()).toBe(1);
    const [dead] = await rows();
    expect(dead).toMatchObject({ id: job?.id, attempts: 3, lastError: 'Error: boom 3', lockedUntil: null });
    expect(dead?.deadAt).toEqual(new Date(T0 + 30_000));
    expect(attempts).toEqual([1, 2, 3]);

    clock.advance(7 * 24 * 60 * 60_000);
    expect(await runner.runDue()).toBe(0);
    expect(attempts).toHaveLength(3);
    expect(lines.filter((l) => l.msg === 'job failed; will retry')).toHaveLength(2);
    expect(lines.filter((l) => l.msg === 'job gave up; kept as dead')).toEqual([
      expect.objectContaining({ level: 50, kind: WORK, jobId: job?.id, attempt: 3 }),
    ]);
  });

  it('waits as long as a RetryAfterError asks, instead of its backoff', async () => {
    let calls = 0;
    const { queue, runner, rows } = instance(async () => {
      calls += 1;
      if (calls === 1) throw new RetryAfterError('busy', 90_000);
    });
    await queue.enqueue(database.db, { kind: WORK, payload: { n: 1 } });
    await runner.runDue();
    expect((await rows())[0]?.runAt).toEqual(new Date(T0 + 90_000));
    clock.advance(89_999);
    expect(await runner.runDue()).toBe(0);
    clock.advance(1);
    expect(await runner.runDue()).toBe(1);
    expect(calls).toBe(2);
    expect(await rows()).toEqual([]);
  });

  it('gives up at once on a PermanentJobError, and on a payload its schema rejects', async () => {
    const seen: number[] = [];
    const { queue, runner, rows } = instance(async ({ n }) => {
      seen.push(n);
      throw new PermanentJobError('refused');
    });
    await queue.enqueue(database.db, { kind: WORK, payload: { n: 1 } });
    // Written past the types, as an older or newer server version might have.
    await queue.repository.insert({
      kind: WORK,
      payload: { n: 'two' },
      runAt: clock.now(),
      dedupeKey: null,
      maxAttempts: 8,
      now: clock.now(),
    });
    expect(await runner.runDue()).toBe(2);
    expect(seen).toEqual([1]);
    const dead = await rows();
    expect(dead.map((j) => [j.attempts, j.deadAt?.getTime()])).toEqual([
      [1, T0],
      [1, T0],
    ]);
    expect(dead.map((j) => j.lastError).sort()).toEqual([
      expect.stringMatching(/^PermanentJobError: payload is not a test\.work job: .*n/s),
      'PermanentJobError: refused',
    ]);
  });
});

describe('enqueueing', () => {
  it('is idempotent by dedupeKey while the job lives; cancel removes it; a dead job frees its key', async () => {
    let fail = true;
    const { queue, runner, rows } = instance(
      async () => {
        if (fail) throw new PermanentJobError('no');
      },
      { maxAttempts: 1 },
    );
    const key = 'schedule-reminder:42:24h';
    const first = await queue.enqueue(database.db, { kind: WORK, payload: { n: 1 }, dedupeKey: key });
    expect(first).not.toBeNull();
    expect(await queue.enqueue(database.db, { kind: WORK, payload: { n: 2 }, dedupeKey: key })).toBeNull();
    expect((await rows()).map((j) => j.payload)).toEqual([{ n: 1 }]);

    expect(await queue.cancel(database.db, key)).toBe(1);
    expect(await rows()).toEqual([]);
    expect(await queue.cancel(database.db, key)).toBe(0);

    // Rescheduling, as a moved meeting will: cancel and enqueue in one transaction.
    await queue.enqueue(database.db, { kind: WORK, payload: { n: 3 }, dedupeKey: key });
    await database.db.transaction(async (tx) => {
      await queue.cancel(tx, key);
      await queue.enqueue(tx, { kind: WORK, payload: { n: 4 }, dedupeKey: key, runAt: new Date(T0 + 1000) });
    });
    expect((await rows()).map((j) => j.payload)).toEqual([{ n: 4 }]);

    clock.advance(1000);
    await runner.runDue();
    expect(await rows()).toMatchObject([{ payload: { n: 4 }, deadAt: new Date(T0 + 1000) }]);
    fail = false;
    const again = await queue.enqueue(database.db, { kind: WORK, payload: { n: 5 }, dedupeKey: key });
    expect(again).not.toBeNull();
    await runner.runDue();
    expect((await rows()).map((j) => j.payload)).toEqual([{ n: 4 }]);
  });

  it('commits with the caller’s transaction: a rolled-back one leaves no job', async () => {
    const seen: number[] = [];
    const { queue, runner } = instance(async ({ n }) => {
      seen.push(n);
    });
    await expect(
      database.db.transaction(async (tx) => {
        await queue.enqueue(tx, { kind: WORK, payload: { n: 1 } });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await database.db.transaction(async (tx) => {
      await queue.enqueue(tx, { kind: WORK, payload: { n: 2 } });
    });
    expect(await runner.runDue()).toBe(1);
    expect(seen).toEqual([2]);
  });

  it('takes maxAttempts from the call, else from the kind', async () => {
    const { queue, rows } = instance(async () => undefined, { maxAttempts: 4 });
    await queue.enqueue(database.db, { kind: WORK, payload: { n: 1 } });
    await queue.enqueue(database.db, { kind: WORK, payload: { n: 2 }, maxAttempts: 2 });
    expect((await rows()).map((j) => [j.payload, j.maxAttempts])).toEqual(
      expect.arrayContaining([
        [{ n: 1 }, 4],
        [{ n: 2 }, 2],
      ]),
    );
    await expect(queue.enqueue(database.db, { kind: WORK, payload: { n: 3 }, maxAttempts: 0 })).rejects.toThrow(
      'maxAttempts',
    );
  });
});

describe('workers that stop', () => {
  it('a job survives a restart: a new runner on the reopened database runs it', async () => {
    const before = instance(async () => {
      throw new Error('the old process never gets to run it');
    });
    await before.queue.enqueue(database.db, { kind: WORK, payload: { n: 9 } });

    // The process ends; what is left is its database. PGlite: the data dir (dumped and loaded, as a
    // restart reads it from disk); PostgreSQL: the same database through a new connection pool.
    const dump = database.dumpDataDir ? await database.dumpDataDir() : null;
    await database.close();
    scratch = { ...scratch, dump };
    database = await openDatabase({ databaseUrl: scratch.url, dataDir: '', pgliteDump: dump ?? undefined });

    const seen: number[] = [];
    const after = instance(async ({ n }) => {
      seen.push(n);
    });
    expect(await after.runner.runDue()).toBe(1);
    expect(seen).toEqual([9]);
    expect(await after.rows()).toEqual([]);
  });

  it('a job whose worker died mid-run is claimed again once the lease ends, and the late worker settles nothing', async () => {
    const started = signal();
    const hold = signal();
    const a = instance(
      async () => {
        started.fire();
        await hold.promise;
      },
      { leaseMs: 60_000 },
    );
    const bRuns: number[] = [];
    const b = instance(
      async (_payload, context) => {
        bRuns.push(context.attempt);
      },
      { leaseMs: 60_000 },
    );
    await a.queue.enqueue(database.db, { kind: WORK, payload: { n: 1 } });
    const aPass = a.runner.runDue();
    await started.promise;

    // A holds the lease: B finds nothing to do, however often it looks.
    expect(await b.runner.runDue()).toBe(0);
    clock.advance(59_999);
    expect(await b.runner.runDue()).toBe(0);
    // A stopped answering (a crash, a frozen VM); its lease ends and B takes over.
    clock.advance(1);
    expect(await b.runner.runDue()).toBe(1);
    expect(bRuns).toEqual([2]);
    expect(await b.rows()).toEqual([]);

    // A wakes up and finishes: its claim is gone, so it changes nothing and says so.
    hold.fire();
    expect(await aPass).toBe(1);
    expect(await a.rows()).toEqual([]);
    expect(a.lines.map((l) => l.msg)).toEqual(['job finished after its claim was lost']);
  });

  it('a worker that died during the last attempt leaves the job dead, not run again', async () => {
    const started = signal();
    const a = instance(
      async () => {
        started.fire();
        await new Promise<void>(() => undefined);
      },
      { leaseMs: 60_000, maxAttempts: 1 },
    );
    const bRuns: number[] = [];
    const b = instance(
      async ({ n }) => {
        bRuns.push(n);
      },
      { leaseMs: 60_000, maxAttempts: 1 },
    );
    await a.queue.enqueue(database.db, { kind: WORK, payload: { n: 1 } });
    void a.runner.runDue();
    await started.promise;
    clock.advance(60_000);
    expect(await b.runner.runDue()).toBe(1);
    expect(bRuns).toEqual([]);
    expect(await b.rows()).toMatchObject([
      {
        attempts: 2,
        maxAttempts: 1,
        deadAt: new Date(T0 + 60_000),
        lastError: 'Error: the worker running its last attempt stopped (lease expired)',
      },
    ]);
  });
});

// SKIP LOCKED only means something with concurrent connections. PGlite has exactly one, so two
// runners on it take turns and can never meet a locked row: the test would pass without proving
// anything. It runs wherever DATABASE_URL is set (CI sets it); on PGlite it is reported as skipped.
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)(
  'two instances on one PostgreSQL database (needs DATABASE_URL: PGlite has one connection)',
  () => {
    it('claim each of many jobs exactly once', async () => {
      const second = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
      try {
        const ran: { runner: string; n: number; attempt: number }[] = [];
        const record =
          (runner: string) =>
          async ({ n }: { n: number }, context: JobContext) => {
            ran.push({ runner, n, attempt: context.attempt });
          };
        const a = instance(record('a'), { concurrency: 8 });
        const b = instance(record('b'), { concurrency: 8, db: second });
        const total = 300;
        await database.db.transaction(async (tx) => {
          for (let n = 0; n < total; n += 1) await a.queue.enqueue(tx, { kind: WORK, payload: { n } });
        });

        const [byA, byB] = await Promise.all([a.runner.runDue(), b.runner.runDue()]);
        expect(byA + byB).toBe(total);
        expect(byA).toBeGreaterThan(0);
        expect(byB).toBeGreaterThan(0);
        expect(ran.map((r) => r.n).sort((x, y) => x - y)).toEqual(Array.from({ length: total }, (_, n) => n));
        expect(ran.every((r) => r.attempt === 1)).toBe(true);
        expect(await a.rows()).toEqual([]);
      } finally {
        await second.close();
      }
    });
  },
);

describe('in the app', () => {
  it('runs jobs from ready, wakes on enqueue, and lets running jobs finish on close', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'legalconnect-jobs-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      DEMO_DATA: 'false',
      CLIENT_DIR: path.join(dataDir, 'no-client'),
    });
    // The test's own database, so it can look at the jobs after the app has closed.
    const app = await build(config, { database, clock });
    try {
      await app.ready();
      const { jobs, jobRunner } = app.services;
      const started = signal();
      const hold = signal();
      const seen: number[] = [];
      jobs.register(WORK, {
        schema: WorkSchema,
        handle: async ({ n }) => {
          seen.push(n);
          started.fire();
          await hold.promise;
        },
      });

      // Enqueued outside a transaction: the running app's runner is woken; nobody calls runDue().
      await jobs.enqueue(database.db, { kind: WORK, payload: { n: 1 } });
      await started.promise;
      expect(seen).toEqual([1]);

      let closed = false;
      const closing = app.close().then(() => {
        closed = true;
      });
      for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
      expect(closed).toBe(false);
      hold.fire();
      await closing;
      expect(await jobs.repository.list([WORK])).toEqual([]);
      // Stopped: a job enqueued now waits in the database for the next start.
      await jobs.enqueue(database.db, { kind: WORK, payload: { n: 2 } });
      expect(await jobRunner.runDue()).toBe(0);
      expect(seen).toEqual([1]);
    } finally {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('finds a job nobody woke it for (enqueued in a transaction) by polling', async () => {
    const ran = signal();
    const { queue, runner } = instance(
      async () => {
        ran.fire();
      },
      { pollMs: 20 },
    );
    runner.start();
    try {
      // The pass every start makes is over; from here only the poll can find new work.
      await runner.idle();
      await database.db.transaction(async (tx) => {
        await queue.enqueue(tx, { kind: WORK, payload: { n: 1 } });
      });
      await ran.promise;
    } finally {
      await runner.stop();
    }
    expect(await queue.repository.list([WORK])).toEqual([]);
  });
});
