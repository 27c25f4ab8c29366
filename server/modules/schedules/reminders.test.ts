/**
 * Schedule reminders: both parties are told 24 hours and 1 hour before a schedule starts — once
 * each, not a moment before — in the app and by mail as their preferences say. A moved schedule is
 * reminded at its new time only, a deleted one not at all, a reminder whose time had passed when the
 * schedule was made is never planned, and after downtime the late 24-hour one keeps quiet when the
 * 1-hour one is due too. Time is the test clock's; the app's job runner is driven with runDue().
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Notification } from '../../../contract/notifications';
import { ScheduleSchema, type Schedule } from '../../../contract/schedules';
import { startTestApp, type TestApp } from '../../../tests/helpers/server-app';
import { authData, call } from '../../../tests/helpers/server-http';
import { latestMail } from '../../../tests/helpers/server-mail';
import { caseParties, openTestCase } from '../../../tests/helpers/server-cases';
import type { Session } from '../../../tests/helpers/server-lawyers';
import { dhakaInstant, dhakaWallClock, whenText } from './dhaka-time';
import { reminderIsDue, SCHEDULE_REMINDER_JOB, type ScheduleReminderJob } from './reminders';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let t: TestApp;
let lawyer: Session;
let client: Session;
let caseId: string;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  ({ lawyer, client } = await caseParties(t, { outsiders: false }));
  caseId = (await openTestCase(t, lawyer, client, { description: '' })).caseId;
});

/** Dhaka date and times of an hour-long event starting at the first whole minute `ms` from now. */
function slotIn(ms: number): { date: string; startTime: string; endTime: string; startsAt: Date } {
  const start = new Date(Math.ceil((t.clock.now().getTime() + ms) / MINUTE) * MINUTE);
  const from = dhakaWallClock(start);
  const to = dhakaWallClock(new Date(start.getTime() + HOUR));
  if (to.date !== from.date) {
    // An hour would run past midnight in Dhaka: end the slot at 23:59 instead (moving its start
    // would change how far ahead it is, which is what these tests are about).
    if (from.time >= '23:59') return slotIn(ms + MINUTE);
    return { date: from.date, startTime: from.time, endTime: '23:59', startsAt: start };
  }
  return { date: from.date, startTime: from.time, endTime: to.time, startsAt: start };
}

/** A fresh access token: the clock moves days ahead, far past the one the party signed in with. */
async function tokenOf(session: Session): Promise<string> {
  const login = await call(t.app, 'POST', '/v1/auth/login', {
    body: { email: session.email, password: session.password },
  });
  return authData(login).token;
}

async function addSchedule(slot: ReturnType<typeof slotIn>, title = 'Hearing at the Judge Court'): Promise<Schedule> {
  const res = await call(t.app, 'POST', '/v1/schedule/', {
    token: await tokenOf(lawyer),
    body: { caseId, title, type: 'COURT_HEARING', date: slot.date, startTime: slot.startTime, endTime: slot.endTime },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return ScheduleSchema.parse(res.json?.data);
}

/** Moves the test clock to `at` and runs every job due then. */
async function runAt(at: number): Promise<void> {
  t.clock.advance(at - t.clock.now().getTime());
  await t.app.services.jobRunner.runDue();
}

async function remindersOf(session: Session): Promise<Notification[]> {
  const res = await call(t.app, 'GET', '/v1/notifications/?size=100', { token: await tokenOf(session) });
  return (res.json?.data as { notifications: Notification[] }).notifications.filter(
    (n) => n.type === 'SCHEDULE_REMINDER',
  );
}

const reminderJobs = () => t.app.services.jobs.repository.list([SCHEDULE_REMINDER_JOB]);

describe('reminders', () => {
  it('tell both parties 24 h and 1 h before the start, once each and not before', async () => {
    const slot = slotIn(3 * DAY);
    const created = await addSchedule(slot);
    expect(created.startsAt).toBe(slot.startsAt.toISOString());
    const start = slot.startsAt.getTime();
    expect((await reminderJobs()).map((j) => [j.dedupeKey, j.runAt.getTime()]).sort()).toEqual([
      [`schedule-reminder:${created.id}:1h`, start - HOUR],
      [`schedule-reminder:${created.id}:24h`, start - DAY],
    ]);

    await runAt(start - DAY - 1000);
    expect(await remindersOf(lawyer)).toEqual([]);
    expect(await remindersOf(client)).toEqual([]);

    await runAt(start - DAY);
    const when = whenText(slot.date, slot.startTime, slot.endTime).en;
    for (const party of [lawyer, client]) {
      const reminders = await remindersOf(party);
      expect(reminders).toHaveLength(1);
      expect(reminders[0]).toMatchObject({ link: `/case/${caseId}`, read: false });
      expect(reminders[0]?.content).toBe(
        `Reminder: Court hearing "Hearing at the Judge Court" for "Land dispute in Savar" starts in 24 hours: ${when} (Dhaka time)`,
      );
    }
    // Run again, and again later: the 24-hour reminder is not repeated.
    await runAt(start - DAY + 1000);
    await runAt(start - HOUR - 1000);
    expect(await remindersOf(lawyer)).toHaveLength(1);
    expect(await remindersOf(client)).toHaveLength(1);

    await runAt(start - HOUR);
    for (const party of [lawyer, client]) {
      const reminders = await remindersOf(party);
      expect(reminders).toHaveLength(2);
      expect(reminders[0]?.content).toContain('starts in 1 hour');
    }
    await runAt(start + DAY);
    expect(await remindersOf(lawyer)).toHaveLength(2);
    expect(await reminderJobs()).toEqual([]);
  });

  it('a moved schedule is reminded at its new time only; a deleted one not at all', async () => {
    const first = slotIn(3 * DAY);
    const moved = await addSchedule(first, 'Mediation');
    const deleted = await addSchedule(slotIn(3 * DAY + 2 * HOUR), 'Cancelled hearing');
    const later = slotIn(5 * DAY);
    const put = await call(t.app, 'PUT', `/v1/schedule/${moved.id}`, {
      token: client.token,
      body: { title: 'Mediation', type: 'MEDIATION_SESSION', ...later },
    });
    expect(put.status).toBe(200);
    expect((await call(t.app, 'DELETE', `/v1/schedule/${deleted.id}`, { token: lawyer.token })).status).toBe(200);
    expect((await reminderJobs()).map((j) => j.dedupeKey).sort()).toEqual([
      `schedule-reminder:${moved.id}:1h`,
      `schedule-reminder:${moved.id}:24h`,
    ]);

    // The old times, and the deleted schedule's, pass in silence.
    await runAt(first.startsAt.getTime() - DAY);
    await runAt(first.startsAt.getTime() + 3 * HOUR);
    expect(await remindersOf(client)).toEqual([]);

    await runAt(later.startsAt.getTime() - DAY);
    const [reminder] = await remindersOf(client);
    expect(reminder?.content).toContain(whenText(later.date, later.startTime, later.endTime).en);
    expect(reminder?.content).toContain('Mediation session "Mediation"');
    expect(await remindersOf(lawyer)).toHaveLength(1);
  });

  it('plans no reminder whose time has already passed when the schedule is made', async () => {
    const soon = slotIn(2 * HOUR);
    const inTwoHours = await addSchedule(soon, 'Soon');
    expect((await reminderJobs()).map((j) => j.dedupeKey)).toEqual([`schedule-reminder:${inTwoHours.id}:1h`]);
    await addSchedule(slotIn(30 * MINUTE), 'Very soon');
    const past = slotIn(-3 * DAY);
    await addSchedule(past, 'Held last week');
    expect(await reminderJobs()).toHaveLength(1);

    await runAt(soon.startsAt.getTime() - HOUR);
    await runAt(soon.startsAt.getTime() + 2 * DAY);
    const reminders = await remindersOf(client);
    expect(reminders.map((n) => n.content)).toEqual([expect.stringContaining('"Soon"')]);
  });

  it('after downtime the late 24 h reminder keeps quiet when the 1 h one is due too; nothing once it started', async () => {
    const slot = slotIn(3 * DAY);
    await addSchedule(slot);
    // The server was down from before the 24-hour mark until half an hour before the start.
    await runAt(slot.startsAt.getTime() - 30 * MINUTE);
    for (const party of [lawyer, client]) {
      const reminders = await remindersOf(party);
      expect(reminders).toHaveLength(1);
      expect(reminders[0]?.content).toContain('starts in 1 hour');
    }
    expect(await reminderJobs()).toEqual([]);

    const missed = slotIn(3 * DAY);
    await addSchedule(missed, 'Missed entirely');
    await runAt(missed.startsAt.getTime() + MINUTE);
    expect((await remindersOf(client)).map((n) => n.content).join('\n')).not.toContain('Missed entirely');
  });

  it('mails the reminder to the parties whose preference says so', async () => {
    const off = await call(t.app, 'PUT', '/v1/notifications/preferences/SCHEDULE_REMINDER', {
      token: client.token,
      body: { emailEnabled: false, webPushEnabled: true },
    });
    expect(off.status).toBe(200);
    const slot = slotIn(3 * DAY);
    await addSchedule(slot, 'Contract signing at the firm');
    await runAt(slot.startsAt.getTime() - DAY);
    // The reminder's mail is a job of its own, enqueued with the reminder.
    await t.app.services.jobRunner.runDue();

    const toLawyer = await latestMail(t.mailDir, lawyer.email);
    expect(toLawyer).toContain('Reminder: Court hearing "Contract signing at the firm"');
    expect(toLawyer).toContain(`/case/${caseId}`);
    expect(await latestMail(t.mailDir, client.email)).not.toContain('Contract signing');
    // In the app both are told all the same.
    expect(await remindersOf(client)).toHaveLength(1);
  });

  it('a reminder job that no longer fits its schedule says nothing', async () => {
    const slot = slotIn(3 * DAY);
    const created = await addSchedule(slot);
    const { schedules } = t.app.services.marketplace;
    const stale: ScheduleReminderJob = {
      scheduleId: created.id,
      lead: '1h',
      startsAt: new Date(slot.startsAt.getTime() - DAY).toISOString(),
    };
    // Called directly, as the runner would, three days ahead (no job of the schedule is due yet).
    await schedules.remind(stale);
    await schedules.remind({ ...stale, scheduleId: '00000000-0000-4000-8000-000000000000' });
    expect(await remindersOf(client)).toEqual([]);
    await schedules.remind({ ...stale, startsAt: created.startsAt });
    expect(await remindersOf(client)).toHaveLength(1);
  });
});

describe('Dhaka wall clock and the reminder rule', () => {
  it('turns Dhaka wall-clock times into instants and back (UTC+6, across midnight and years)', () => {
    expect(dhakaInstant('2030-03-05', '10:00').toISOString()).toBe('2030-03-05T04:00:00.000Z');
    expect(dhakaInstant('2030-01-01', '03:30').toISOString()).toBe('2029-12-31T21:30:00.000Z');
    expect(dhakaWallClock(new Date('2029-12-31T21:30:00.000Z'))).toEqual({ date: '2030-01-01', time: '03:30' });
    expect(dhakaWallClock(new Date('2030-06-30T18:00:00.000Z'))).toEqual({ date: '2030-07-01', time: '00:00' });
    expect(whenText('2030-03-05', '09:05', '10:00')).toEqual({
      en: '5 March 2030, 09:05–10:00',
      bn: '৫ মার্চ ২০৩০, ০৯:০৫–১০:০০',
    });
  });

  it('speaks only for the planned start, before it, and lets the 1 h reminder speak for both when late', () => {
    const startsAt = new Date('2030-03-05T04:00:00.000Z');
    const job = (lead: '24h' | '1h'): ScheduleReminderJob => ({
      scheduleId: crypto.randomUUID(),
      lead,
      startsAt: startsAt.toISOString(),
    });
    const at = (ms: number) => new Date(startsAt.getTime() - ms);
    expect(reminderIsDue(job('24h'), startsAt, at(DAY))).toBe(true);
    expect(reminderIsDue(job('24h'), startsAt, at(HOUR + 1))).toBe(true);
    expect(reminderIsDue(job('24h'), startsAt, at(HOUR))).toBe(false);
    expect(reminderIsDue(job('1h'), startsAt, at(HOUR))).toBe(true);
    expect(reminderIsDue(job('1h'), startsAt, at(1))).toBe(true);
    expect(reminderIsDue(job('1h'), startsAt, at(0))).toBe(false);
    expect(reminderIsDue(job('1h'), new Date(startsAt.getTime() + MINUTE), at(HOUR))).toBe(false);
  });
});
