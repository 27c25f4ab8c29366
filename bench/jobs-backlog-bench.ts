/**
 * `npm run bench`: how fast a burst of durable jobs drains (the web-push fan-out after a busy minute,
 * mail after an outage). BURST jobs are enqueued one by one through the app's JobQueue, as the
 * notification service does, and one JobRunner with the app's concurrency runs them with a handler
 * that does nothing, so the figure is the queue's own cost: claim, run, delete.
 *
 * On PGlite it runs twice: with the app's setting (the first claim after JOBS_STATS_AFTER_INSERTS
 * inserts refreshes the table's statistics) and without it, which is how the queue behaved before:
 * PGlite has no autovacuum, the planner took the table for empty and sorted every due row on each
 * claim, so the drain slowed with the backlog. With DATABASE_URL set it also runs on PostgreSQL.
 * Prints figures and never fails on them.
 *
 *   npx tsx bench/jobs-backlog-bench.ts [burst]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { z } from 'zod';
import { systemClock } from '../server/clock';
import { openDatabase } from '../server/db/client';
import { JOBS_STATS_AFTER_INSERTS, JobQueue } from '../server/jobs/queue';
import { JobRunner } from '../server/jobs/runner';
import { scratchDatabase } from '../tests/chaos/chaos-server';
import { writeBenchReport, type BenchRow } from '../tests/load/bench-report';

declare module '../server/jobs/queue' {
  interface JobPayloads {
    'bench.noop': { n: number };
  }
}

const BURST = Number(process.argv[2] ?? 10_000);
const KIND = 'bench.noop';

/** On a fresh database each time: PGlite in a temp dir, or a scratch database made from `adminUrl`. */
async function drain(setup: string, adminUrl: string | undefined, statsAfterInserts: number | null): Promise<BenchRow> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'jobs-bench-'));
  const scratch = await scratchDatabase(adminUrl);
  const databaseUrl = scratch.url;
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const clock = systemClock;
    const queue = new JobQueue({ db: database.db, clock, statsAfterInserts });
    queue.register(KIND, { schema: z.object({ n: z.number() }), handle: async () => undefined });
    const runner = new JobRunner({ queue, clock, logger: Fastify().log });
    const enqueueStarted = performance.now();
    for (let n = 0; n < BURST; n += 1) await queue.enqueue(database.db, { kind: KIND, payload: { n } });
    const enqueueMs = performance.now() - enqueueStarted;
    const started = performance.now();
    const ran = await runner.runDue();
    const seconds = (performance.now() - started) / 1000;
    const row: BenchRow = {
      scenario: `drain a burst of ${BURST} jobs`,
      setup,
      requests: ran,
      rps: ran / seconds,
      errors: BURST - ran,
      rssMb: process.memoryUsage.rss() / 1024 / 1024,
      note: `${seconds.toFixed(1)} s to drain; enqueue ${(BURST / (enqueueMs / 1000)).toFixed(0)}/s${
        statsAfterInserts === null && !databaseUrl ? '; the queue before this refresh' : ''
      }`,
    };
    console.log(`${setup.padEnd(34)} ${ran} jobs in ${seconds.toFixed(1)} s = ${row.rps?.toFixed(0)} jobs/s`);
    return row;
  } finally {
    await database.close();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows: BenchRow[] = [];
rows.push(await drain('PGlite ×1', undefined, JOBS_STATS_AFTER_INSERTS));
rows.push(await drain('PGlite ×1, without stats refresh', undefined, null));
if (process.env.DATABASE_URL) rows.push(await drain('PostgreSQL ×1', process.env.DATABASE_URL, null));
console.log(`report: ${writeBenchReport('jobs-backlog', rows)}`);
