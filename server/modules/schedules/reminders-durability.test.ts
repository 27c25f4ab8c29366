/**
 * Reminders are durable jobs, not timers: one planned by a process that has since stopped is sent
 * by the next one to start on the same database, and two instances on one PostgreSQL database send
 * each reminder once between them (the runner claims with FOR UPDATE SKIP LOCKED).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CaseSchema } from '../../../contract/cases';
import type { Notification } from '../../../contract/notifications';
import { ScheduleSchema, type Schedule } from '../../../contract/schedules';
import { startTestApp, type TestApp } from '../../../tests/helpers/server-app';
import { authData, call, verifiedUser } from '../../../tests/helpers/server-http';
import { lawyerSession, type Session } from '../../../tests/helpers/server-lawyers';
import { build } from '../../app';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { dhakaWallClock } from './dhaka-time';
import { SCHEDULE_REMINDER_JOB } from './reminders';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Another server process on the same database (its own job queue and runner, started when ready). */
async function instance(database: DatabaseHandle): Promise<FastifyInstance> {
  const app = await build(t.config, { database, clock: t.clock, redisKeyPrefix: `lc:test:${randomUUID()}:` });
  await app.ready();
  return app;
}

async function parties(): Promise<{ lawyer: Session; client: Session; caseId: string }> {
  const lawyer = (await lawyerSession(t)).session;
  const client = await verifiedUser(t.app, t.mailDir);
  const opened = await call(t.app, 'POST', '/v1/case/', {
    token: lawyer.token,
    body: { title: 'Land dispute in Savar', clientEmail: client.email, description: '' },
  });
  return { lawyer, client, caseId: CaseSchema.parse(opened.json?.data).caseId };
}

/** A one-hour schedule starting at the first whole minute `ms` from now (Dhaka wall clock). */
async function addSchedule(app: FastifyInstance, token: string, caseId: string, ms: number): Promise<Schedule> {
  const start = new Date(Math.ceil((t.clock.now().getTime() + ms) / MINUTE) * MINUTE);
  const from = dhakaWallClock(start);
  const res = await call(app, 'POST', '/v1/schedule/', {
    token,
    body: {
      caseId,
      title: 'Hearing at the Judge Court',
      type: 'COURT_HEARING',
      date: from.date,
      startTime: from.time,
      endTime: dhakaWallClock(new Date(start.getTime() + 30 * MINUTE)).time,
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return ScheduleSchema.parse(res.json?.data);
}

/** The party's reminders as `app` shows them, with a fresh sign-in (the clock has moved days ahead). */
async function remindersOf(app: FastifyInstance, session: Session): Promise<Notification[]> {
  const login = await call(app, 'POST', '/v1/auth/login', {
    body: { email: session.email, password: session.password },
  });
  const res = await call(app, 'GET', '/v1/notifications/?size=100', { token: authData(login).token });
  return (res.json?.data as { notifications: Notification[] }).notifications.filter(
    (n) => n.type === 'SCHEDULE_REMINDER',
  );
}

function moveClockTo(at: number): void {
  t.clock.advance(at - t.clock.now().getTime());
}

describe('reminders survive a restart', () => {
  it('a reminder planned by a process that stopped is sent by the next one on the same database', async () => {
    const { lawyer, client, caseId } = await parties();
    const schedule = await addSchedule(t.app, lawyer.token, caseId, 3 * DAY);
    // The process that planned it stops: its runner is gone, the job stays in the database.
    await t.app.services.jobRunner.stop();
    moveClockTo(Date.parse(schedule.startsAt) - DAY);
    expect(await t.app.services.jobRunner.runDue()).toBe(0);
    expect(await remindersOf(t.app, client)).toEqual([]);

    const restarted = await instance(t.database);
    try {
      await restarted.services.jobRunner.runDue();
      for (const party of [lawyer, client]) {
        const reminders = await remindersOf(restarted, party);
        expect(reminders).toHaveLength(1);
        expect(reminders[0]?.content).toContain('starts in 24 hours');
      }
      const left = await restarted.services.jobs.repository.list([SCHEDULE_REMINDER_JOB]);
      expect(left.map((j) => j.dedupeKey)).toEqual([`schedule-reminder:${schedule.id}:1h`]);
    } finally {
      await restarted.close();
    }
  });
});

// Two instances on one PGlite would take turns on its single connection and never meet a locked
// row, proving nothing; this runs wherever DATABASE_URL is set (CI sets it), as server/jobs does.
const onPostgres = Boolean(process.env.DATABASE_URL);

describe.skipIf(!onPostgres)(
  'two instances on one PostgreSQL database (needs DATABASE_URL: PGlite has one connection)',
  () => {
    it('send each reminder once between them', async () => {
      const result = (await t.database.db.execute(sql`select current_database() as name`)) as {
        rows: { name: string }[];
      };
      const url = new URL(process.env.DATABASE_URL ?? '');
      url.pathname = `/${result.rows[0]?.name ?? ''}`;
      const secondPool = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
      const a = await instance(t.database);
      const b = await instance(secondPool);
      try {
        const { lawyer, client, caseId } = await parties();
        const total = 16;
        const planned: Schedule[] = [];
        for (let i = 0; i < total; i += 1) {
          planned.push(await addSchedule(i % 2 === 0 ? a : b, lawyer.token, caseId, 3 * DAY + i * MINUTE));
        }
        // Every 24-hour reminder is due; no 1-hour one is.
        moveClockTo(Date.parse(planned.at(-1)?.startsAt ?? '') - DAY);
        // Both claim at once (and go on to the reminders' mail jobs, which they share the same way).
        await Promise.all([a.services.jobRunner.runDue(), b.services.jobRunner.runDue()]);
        await Promise.all([a.services.jobRunner.idle(), b.services.jobRunner.idle()]);

        for (const party of [lawyer, client]) {
          const reminders = await remindersOf(a, party);
          expect(reminders).toHaveLength(total);
          expect(new Set(reminders.map((n) => n.content)).size).toBe(total);
        }
        const left = await a.services.jobs.repository.list([SCHEDULE_REMINDER_JOB]);
        expect(left.map((j) => j.dedupeKey).sort()).toEqual(planned.map((s) => `schedule-reminder:${s.id}:1h`).sort());
      } finally {
        await a.close();
        await b.close();
        await secondPool.close();
      }
    });
  },
);
