/**
 * /v1/schedule: either party of a case adds events to it in Dhaka wall-clock time (stored with the
 * instants they name); the other party hears of each addition, change and deletion; either party
 * edits, only the creator deletes; a RESOLVED case takes no new ones; lists hold exactly what the
 * caller may see, earliest first, in a date range if asked; and anyone who is not a party gets 404
 * and not a byte of the schedule.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CaseMessages, type Case } from '../../../contract/cases';
import { ScheduleTypeSchema } from '../../../contract/enums';
import { ServerMessages } from '../../../contract/errors';
import type { Notification } from '../../../contract/notifications';
import { ScheduleMessages, ScheduleSchema, type Schedule } from '../../../contract/schedules';
import { users } from '../../db/schema';
import { startTestApp, type TestApp } from '../../../tests/helpers/server-app';
import { call, verifiedUser, type CallResult } from '../../../tests/helpers/server-http';
import { caseParties, openTestCase } from '../../../tests/helpers/server-cases';
import type { Session } from '../../../tests/helpers/server-lawyers';
import { SCHEDULE_REMINDER_JOB } from './reminders';

let t: TestApp;
let lawyer: Session;
let client: Session;
let stranger: Session;
let otherLawyer: Session;
let admin: Session;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  ({ lawyer, client, otherLawyer, stranger, admin } = await caseParties(t));
});

/** A case between `lawyer` (or the lawyer of `by`) and the client, unless the overrides say otherwise. */
function openCase(overrides: Record<string, unknown> = {}, by: Session = lawyer): Promise<Case> {
  return openTestCase(t, by, client, overrides);
}

const scheduleBody = (caseId: string, overrides: Record<string, unknown> = {}) => ({
  caseId,
  title: 'Hearing at the Dhaka Judge Court',
  type: 'COURT_HEARING',
  description: 'Bring the original deed',
  date: '2030-03-05',
  startTime: '10:00',
  endTime: '11:30',
  ...overrides,
});

async function addSchedule(caseId: string, token: string, overrides: Record<string, unknown> = {}): Promise<Schedule> {
  const res = await call(t.app, 'POST', '/v1/schedule/', { token, body: scheduleBody(caseId, overrides) });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return ScheduleSchema.strict().parse(res.json?.data);
}

async function notificationsOf(session: Session): Promise<Notification[]> {
  const res = await call(t.app, 'GET', '/v1/notifications/?size=100', { token: session.token });
  return (res.json?.data as { notifications: Notification[] }).notifications;
}

const schedulesOf = (res: CallResult) =>
  ScheduleSchema.array().parse((res.json?.data as { schedules: unknown }).schedules);

describe('schedules', () => {
  it('the lawyer adds a schedule in Dhaka time; the client is told, with a link to the case', async () => {
    const opened = await openCase();
    const res = await call(t.app, 'POST', '/v1/schedule', { token: lawyer.token, body: scheduleBody(opened.caseId) });
    expect(res.status).toBe(201);
    expect(res.json?.message).toBe(ScheduleMessages.scheduleCreated);
    const created = ScheduleSchema.strict().parse(res.json?.data);
    expect(created).toMatchObject({
      caseInfo: { id: opened.caseId, title: 'Land dispute in Savar', status: 'IN_PROGRESS' },
      lawyerInfo: { id: lawyer.id, firstName: 'Karim', lastName: 'Uddin', email: lawyer.email },
      clientInfo: { id: client.id, firstName: 'Nusrat', lastName: 'Jahan', email: client.email },
      title: 'Hearing at the Dhaka Judge Court',
      type: 'COURT_HEARING',
      description: 'Bring the original deed',
      date: '2030-03-05',
      startTime: '10:00',
      endTime: '11:30',
      // 10:00 in Dhaka (UTC+6) is 04:00 UTC.
      startsAt: '2030-03-05T04:00:00.000Z',
      endsAt: '2030-03-05T05:30:00.000Z',
      createdById: lawyer.id,
    });
    const [told] = await notificationsOf(client);
    expect(told).toMatchObject({ type: 'EVENT_ADD', link: `/case/${opened.caseId}` });
    expect(told?.content).toBe(
      'Karim Uddin added "Hearing at the Dhaka Judge Court" to "Land dispute in Savar": 5 March 2030, 10:00–11:30 (Dhaka time)',
    );
    expect((await notificationsOf(lawyer)).filter((n) => n.type === 'EVENT_ADD')).toEqual([]);

    const got = await call(t.app, 'GET', `/v1/schedule/${created.id}`, { token: client.token });
    expect(ScheduleSchema.strict().parse(got.json?.data)).toEqual(created);
  });

  it('the client adds one too, and the lawyer is told in the language they read', async () => {
    await t.database.db.update(users).set({ language: 'bn' }).where(eq(users.id, lawyer.id));
    const opened = await openCase();
    const created = await addSchedule(opened.caseId, client.token, {
      title: 'পরামর্শ সভা',
      type: 'LEGAL_ADVICE_SESSION',
      date: '2030-12-01',
      startTime: '16:00',
      endTime: '17:00',
    });
    expect(created.createdById).toBe(client.id);
    const [told] = (await notificationsOf(lawyer)).filter((n) => n.type === 'EVENT_ADD');
    expect(told?.content).toBe(
      'Nusrat Jahan "Land dispute in Savar" মামলায় "পরামর্শ সভা" যোগ করেছেন: ১ ডিসেম্বর ২০৩০, ১৬:০০–১৭:০০ (ঢাকা সময়)',
    );
  });

  it('accepts each of the 17 schedule types', async () => {
    const opened = await openCase();
    expect(ScheduleTypeSchema.options).toHaveLength(17);
    for (const [i, type] of ScheduleTypeSchema.options.entries()) {
      const created = await addSchedule(opened.caseId, lawyer.token, {
        type,
        title: `Event ${type}`,
        startTime: `${String(6 + i).padStart(2, '0')}:00`,
        endTime: `${String(6 + i).padStart(2, '0')}:45`,
      });
      expect(created.type).toBe(type);
    }
    const listed = await call(t.app, 'GET', `/v1/schedule/case/${opened.caseId}`, { token: client.token });
    expect(schedulesOf(listed).map((s) => s.type)).toEqual(ScheduleTypeSchema.options);
  });

  it('answers bad input with a 400 envelope naming the problem, never a 5xx', async () => {
    const opened = await openCase();
    const existing = await addSchedule(opened.caseId, lawyer.token);

    for (const times of [
      { startTime: '10:00', endTime: '10:00' },
      { startTime: '10:00', endTime: '09:59' },
    ]) {
      for (const [method, url, body] of [
        ['POST', '/v1/schedule/', scheduleBody(opened.caseId, times)],
        ['PUT', `/v1/schedule/${existing.id}`, scheduleBody(opened.caseId, times)],
      ] as const) {
        const res = await call(t.app, method, url, { token: lawyer.token, body });
        expect(res.status).toBe(400);
        expect(res.json?.error?.message).toBe(ScheduleMessages.endBeforeStart);
        expect(res.json?.error?.fields).toEqual([{ field: 'endTime', message: ScheduleMessages.endBeforeStart }]);
      }
    }
    for (const date of ['2030-02-30', '2030-13-01', '2031-02-29', '05-03-2030', '2030-3-5', 'tomorrow', '1969-12-31']) {
      const res = await call(t.app, 'POST', '/v1/schedule/', {
        token: lawyer.token,
        body: scheduleBody(opened.caseId, { date }),
      });
      expect(res.status, date).toBe(400);
      expect(res.json?.error?.message).toBe(ScheduleMessages.invalidDate);
    }
    // A leap day that exists is fine.
    await addSchedule(opened.caseId, lawyer.token, { date: '2032-02-29' });

    const bad: [string, string, unknown][] = [
      ['POST', '/v1/schedule/', scheduleBody(opened.caseId, { startTime: '24:00', endTime: '24:30' })],
      ['POST', '/v1/schedule/', scheduleBody(opened.caseId, { startTime: '9:00' })],
      ['POST', '/v1/schedule/', scheduleBody(opened.caseId, { endTime: '10:60' })],
      ['POST', '/v1/schedule/', scheduleBody(opened.caseId, { title: 'x' })],
      ['POST', '/v1/schedule/', scheduleBody(opened.caseId, { title: 'x'.repeat(256) })],
      ['POST', '/v1/schedule/', scheduleBody(opened.caseId, { description: 'x'.repeat(2001) })],
      ['POST', '/v1/schedule/', scheduleBody(opened.caseId, { type: 'BIRTHDAY_PARTY' })],
      ['POST', '/v1/schedule/', scheduleBody('nope')],
      ['POST', '/v1/schedule/', scheduleBody(opened.caseId, { date: 20300305 })],
      ['POST', '/v1/schedule/', { caseId: opened.caseId }],
      ['PUT', `/v1/schedule/${existing.id}`, scheduleBody(opened.caseId, { title: '' })],
      ['PUT', '/v1/schedule/not-a-uuid', scheduleBody(opened.caseId)],
      ['GET', '/v1/schedule/not-a-uuid', undefined],
      ['DELETE', '/v1/schedule/123', undefined],
      ['GET', '/v1/schedule/case/not-a-uuid', undefined],
      ['GET', '/v1/schedule/?from=2030-02-30', undefined],
      ['GET', '/v1/schedule/?to=March', undefined],
      ['GET', `/v1/schedule/case/${opened.caseId}?from=2030-3-1`, undefined],
    ];
    for (const [method, url, body] of bad) {
      const res = await call(t.app, method as 'GET', url, { token: lawyer.token, ...(body ? { body } : {}) });
      expect(res.status, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json?.error?.code).toBe(400);
    }
    const backwards = await call(t.app, 'GET', '/v1/schedule/?from=2030-03-10&to=2030-03-01', { token: lawyer.token });
    expect(backwards.status).toBe(400);
    expect(backwards.json?.error?.message).toBe(ScheduleMessages.rangeOrder);
    const malformed = await call(t.app, 'POST', '/v1/schedule/', {
      token: lawyer.token,
      payload: '{"title":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    // Nothing was stored by any of them, and nobody was told.
    const listed = await call(t.app, 'GET', '/v1/schedule/', { token: lawyer.token });
    expect(schedulesOf(listed).map((s) => s.id)).toHaveLength(2);
    expect((await notificationsOf(client)).filter((n) => n.type === 'EVENT_ADD')).toHaveLength(2);
  });

  it('accepts ISO date-times with an offset (other clients), stored as Dhaka wall-clock time', async () => {
    const opened = await openCase();
    // 10:00 and 11:30 in Dhaka, said three ways; `date` may be left out or agree.
    for (const times of [
      { date: undefined, startTime: '2030-03-05T10:00:00+06:00', endTime: '2030-03-05T11:30:00+06:00' },
      { date: '2030-03-05', startTime: '2030-03-05T04:00:00.000Z', endTime: '2030-03-05T05:30:00Z' },
      { date: undefined, startTime: '2030-03-04T23:00:00-05:00', endTime: '2030-03-05T11:30+06:00' },
    ]) {
      const created = await addSchedule(opened.caseId, lawyer.token, times);
      expect(created, JSON.stringify(times)).toMatchObject({
        date: '2030-03-05',
        startTime: '10:00',
        endTime: '11:30',
        startsAt: '2030-03-05T04:00:00.000Z',
        endsAt: '2030-03-05T05:30:00.000Z',
        startDateTime: '2030-03-05T04:00:00.000Z',
        endDateTime: '2030-03-05T05:30:00.000Z',
      });
    }
    // Our own format answers with the same extra instants.
    const plain = await addSchedule(opened.caseId, client.token, { startTime: '23:15', endTime: '23:45' });
    expect(plain).toMatchObject({ startDateTime: '2030-03-05T17:15:00.000Z', endDateTime: '2030-03-05T17:45:00.000Z' });

    // An edit in the ISO form: 18:00 UTC on 8 March is 00:00 on 9 March in Dhaka.
    const moved = await call(t.app, 'PUT', `/v1/schedule/${plain.id}`, {
      token: client.token,
      body: scheduleBody(opened.caseId, {
        date: undefined,
        startTime: '2030-03-08T18:00:00Z',
        endTime: '2030-03-09T01:00:00+06:00',
      }),
    });
    expect(moved.status).toBe(200);
    expect(ScheduleSchema.strict().parse(moved.json?.data)).toMatchObject({
      date: '2030-03-09',
      startTime: '00:00',
      endTime: '01:00',
      startDateTime: '2030-03-08T18:00:00.000Z',
    });

    // Ambiguous or malformed: a clear 400, nothing stored.
    const refused: [Record<string, unknown>, string][] = [
      [
        { date: '2030-03-06', startTime: '2030-03-05T10:00:00+06:00', endTime: '2030-03-05T11:00:00+06:00' },
        ScheduleMessages.oneDay,
      ],
      [
        { date: undefined, startTime: '2030-03-05T23:00:00+06:00', endTime: '2030-03-06T01:00:00+06:00' },
        ScheduleMessages.oneDay,
      ],
      [{ date: undefined, startTime: '10:00', endTime: '11:00' }, ScheduleMessages.invalidDate],
      [
        { date: undefined, startTime: '2030-03-05T10:00:00', endTime: '2030-03-05T11:00:00' },
        ScheduleMessages.invalidTime,
      ],
      [{ startTime: '2030-03-05 10:00+06:00' }, ScheduleMessages.invalidTime],
      [
        { date: undefined, startTime: '2101-01-01T10:00:00+06:00', endTime: '2101-01-01T11:00:00+06:00' },
        ScheduleMessages.invalidDate,
      ],
      [
        { date: undefined, startTime: '2030-03-05T11:00:00+06:00', endTime: '2030-03-05T04:30:00Z' },
        ScheduleMessages.endBeforeStart,
      ],
    ];
    for (const [times, message] of refused) {
      const res = await call(t.app, 'POST', '/v1/schedule/', {
        token: lawyer.token,
        body: scheduleBody(opened.caseId, times),
      });
      expect(res.status, JSON.stringify(times)).toBe(400);
      expect(res.json?.error?.message, JSON.stringify(times)).toBe(message);
    }
    const listed = await call(t.app, 'GET', `/v1/schedule/case/${opened.caseId}`, { token: lawyer.token });
    expect(schedulesOf(listed)).toHaveLength(4);
  });

  it('either party edits; reminders follow the new time; the other party is told', async () => {
    const opened = await openCase();
    const created = await addSchedule(opened.caseId, lawyer.token);
    t.clock.advance(1000);
    const res = await call(t.app, 'PUT', `/v1/schedule/${created.id}`, {
      token: client.token,
      body: {
        title: 'Hearing moved',
        type: 'BAIL_HEARING',
        description: 'Court changed the date',
        date: '2030-03-09',
        startTime: '14:15',
        endTime: '15:00',
        // A PUT body may carry the case back (as clients of the reference do); it is not a move.
        caseId: '00000000-0000-4000-8000-000000000000',
      },
    });
    expect(res.status).toBe(200);
    expect(res.json?.message).toBe(ScheduleMessages.scheduleUpdated);
    const updated = ScheduleSchema.strict().parse(res.json?.data);
    expect(updated).toMatchObject({
      id: created.id,
      caseInfo: { id: opened.caseId },
      title: 'Hearing moved',
      type: 'BAIL_HEARING',
      date: '2030-03-09',
      startTime: '14:15',
      endTime: '15:00',
      startsAt: '2030-03-09T08:15:00.000Z',
      endsAt: '2030-03-09T09:00:00.000Z',
      createdById: lawyer.id,
      createdAt: created.createdAt,
    });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt));
    const [told] = (await notificationsOf(lawyer)).filter((n) => n.type === 'EVENT_ADD');
    expect(told).toMatchObject({ link: `/case/${opened.caseId}` });
    expect(told?.content).toBe(
      'Nusrat Jahan changed "Hearing moved" in "Land dispute in Savar": now 9 March 2030, 14:15–15:00 (Dhaka time)',
    );
    const jobs = await t.app.services.jobs.repository.list([SCHEDULE_REMINDER_JOB]);
    expect(jobs.map((j) => [j.dedupeKey, j.runAt.toISOString()]).sort()).toEqual([
      [`schedule-reminder:${created.id}:1h`, '2030-03-09T07:15:00.000Z'],
      [`schedule-reminder:${created.id}:24h`, '2030-03-08T08:15:00.000Z'],
    ]);
  });

  it('only the creator deletes (the other party gets 403); the reminders go with it and the other party is told', async () => {
    const opened = await openCase();
    const created = await addSchedule(opened.caseId, lawyer.token);
    const byClient = await call(t.app, 'DELETE', `/v1/schedule/${created.id}`, { token: client.token });
    expect(byClient.status).toBe(403);
    expect(byClient.json?.error?.message).toBe(ServerMessages.accessDenied);
    expect(await t.app.services.jobs.repository.list([SCHEDULE_REMINDER_JOB])).toHaveLength(2);

    const deleted = await call(t.app, 'DELETE', `/v1/schedule/${created.id}`, { token: lawyer.token });
    expect(deleted.status).toBe(200);
    expect(deleted.json?.data).toBe(true);
    expect(deleted.json?.message).toBe(ScheduleMessages.scheduleDeleted);
    const gone = await call(t.app, 'GET', `/v1/schedule/${created.id}`, { token: lawyer.token });
    expect(gone.status).toBe(404);
    expect(gone.json?.error?.message).toBe(ScheduleMessages.scheduleNotFound);
    expect(await t.app.services.jobs.repository.list([SCHEDULE_REMINDER_JOB])).toEqual([]);
    const [told] = (await notificationsOf(client)).filter((n) => n.type === 'EVENT_ADD');
    expect(told?.content).toBe(
      'Karim Uddin removed "Hearing at the Dhaka Judge Court" (5 March 2030, 10:00–11:30) from "Land dispute in Savar"',
    );

    // The client deletes what the client added.
    const own = await addSchedule(opened.caseId, client.token, { title: 'My follow-up call', type: 'FOLLOW_UP_CALL' });
    expect((await call(t.app, 'DELETE', `/v1/schedule/${own.id}`, { token: client.token })).status).toBe(200);
    expect((await call(t.app, 'DELETE', `/v1/schedule/${own.id}`, { token: client.token })).status).toBe(404);
  });

  it('lists my schedules across my cases earliest first, within a date range, and per case', async () => {
    const savar = await openCase();
    const elsewhere = await verifiedUser(t.app, t.mailDir);
    const gazipur = await openCase({ title: 'Gazipur lease', clientEmail: elsewhere.email });
    const unrelated = await openCase({ clientEmail: elsewhere.email, title: 'Not ours' }, otherLawyer);
    const march10 = await addSchedule(savar.caseId, client.token, { date: '2030-03-10', title: 'Tenth' });
    const march1Late = await addSchedule(gazipur.caseId, lawyer.token, {
      date: '2030-03-01',
      startTime: '18:00',
      endTime: '19:00',
      title: 'First, evening',
    });
    const march1Early = await addSchedule(savar.caseId, lawyer.token, {
      date: '2030-03-01',
      startTime: '08:00',
      endTime: '08:30',
      title: 'First, morning',
    });
    const april = await addSchedule(savar.caseId, lawyer.token, { date: '2030-04-01', title: 'April' });
    const february = await addSchedule(gazipur.caseId, elsewhere.token, { date: '2030-02-28', title: 'February' });
    await addSchedule(unrelated.caseId, otherLawyer.token, { date: '2030-03-05', title: 'Someone else’s' });

    const mine = await call(t.app, 'GET', '/v1/schedule/', { token: lawyer.token });
    expect(mine.status).toBe(200);
    expect(schedulesOf(mine).map((s) => s.id)).toEqual([
      february.id,
      march1Early.id,
      march1Late.id,
      march10.id,
      april.id,
    ]);
    expect(mine.raw.toString()).not.toContain('Someone else');

    const march = await call(t.app, 'GET', '/v1/schedule?from=2030-03-01&to=2030-03-31', { token: lawyer.token });
    expect(schedulesOf(march).map((s) => s.id)).toEqual([march1Early.id, march1Late.id, march10.id]);
    const oneDay = await call(t.app, 'GET', '/v1/schedule?from=2030-03-01&to=2030-03-01', { token: lawyer.token });
    expect(schedulesOf(oneDay).map((s) => s.title)).toEqual(['First, morning', 'First, evening']);
    const fromOnly = await call(t.app, 'GET', '/v1/schedule?from=2030-03-10', { token: lawyer.token });
    expect(schedulesOf(fromOnly).map((s) => s.id)).toEqual([march10.id, april.id]);

    const clientSees = await call(t.app, 'GET', '/v1/schedule/', { token: client.token });
    expect(schedulesOf(clientSees).map((s) => s.id)).toEqual([march1Early.id, march10.id, april.id]);
    const perCase = await call(t.app, 'GET', `/v1/schedule/case/${gazipur.caseId}`, { token: elsewhere.token });
    expect(schedulesOf(perCase).map((s) => s.id)).toEqual([february.id, march1Late.id]);
    const perCaseMarch = await call(t.app, 'GET', `/v1/schedule/case/${savar.caseId}?to=2030-03-31`, {
      token: lawyer.token,
    });
    expect(schedulesOf(perCaseMarch).map((s) => s.id)).toEqual([march1Early.id, march10.id]);

    for (const outsider of [stranger, admin]) {
      const none = await call(t.app, 'GET', '/v1/schedule/', { token: outsider.token });
      expect(none.status).toBe(200);
      expect(schedulesOf(none)).toEqual([]);
    }
  });

  it('a RESOLVED case takes no new schedules (409); its schedules stay readable, editable and deletable', async () => {
    const opened = await openCase();
    const before = await addSchedule(opened.caseId, client.token);
    const resolved = await call(t.app, 'PUT', `/v1/case/${opened.caseId}/status`, {
      token: lawyer.token,
      body: { status: 'RESOLVED' },
    });
    expect(resolved.status).toBe(200);
    for (const session of [lawyer, client]) {
      const res = await call(t.app, 'POST', '/v1/schedule/', {
        token: session.token,
        body: scheduleBody(opened.caseId),
      });
      expect(res.status).toBe(409);
      expect(res.json?.error?.message).toBe(ScheduleMessages.caseResolved);
    }
    const read = await call(t.app, 'GET', `/v1/schedule/${before.id}`, { token: lawyer.token });
    expect(read.json?.data).toMatchObject({ caseInfo: { status: 'RESOLVED' } });
    const edited = await call(t.app, 'PUT', `/v1/schedule/${before.id}`, {
      token: lawyer.token,
      body: scheduleBody(opened.caseId, { title: 'Held as planned' }),
    });
    expect(edited.status).toBe(200);
    expect((await call(t.app, 'DELETE', `/v1/schedule/${before.id}`, { token: client.token })).status).toBe(200);
  });
});

describe('OpenAPI', () => {
  it('describes the schedule and calendar routes, the public feed without a bearer token', async () => {
    const res = await call(t.app, 'GET', '/v1/docs/json');
    expect(res.status).toBe(200);
    const doc = res.json as { paths: Record<string, Record<string, { security?: unknown }>> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/v1/schedule',
        '/v1/schedule/{id}',
        '/v1/schedule/case/{caseId}',
        '/v1/schedule/{id}/ics',
        '/v1/schedule/calendar-feed',
        '/v1/schedule/calendar-feed/rotate',
        '/v1/schedule/oauth/authorize',
        '/v1/schedule/oauth/callback',
        '/v1/schedule/oauth/status',
      ]),
    );
    const feed = Object.entries(doc.paths).find(([path]) => path.startsWith('/v1/calendar/feed/'));
    expect(feed?.[1].get?.security).toBeUndefined();
    expect(doc.paths['/v1/schedule/{id}']?.get?.security).toEqual([{ bearerAuth: [] }]);
  });
});

describe('authorization matrix: a non-party gets 404 and not a byte of the schedule', () => {
  it('covers every schedule route for a stranger client, another lawyer and the admin', async () => {
    const opened = await openCase({ title: 'Confidential inheritance matter' });
    const created = await addSchedule(opened.caseId, lawyer.token, {
      title: 'Confidential hearing',
      description: 'Confidential details',
    });
    const put = scheduleBody(opened.caseId, { title: 'Intruder' });
    for (const outsider of [stranger, otherLawyer, admin]) {
      const attempts: [string, string, unknown, string][] = [
        ['GET', `/v1/schedule/${created.id}`, undefined, ScheduleMessages.scheduleNotFound],
        ['PUT', `/v1/schedule/${created.id}`, put, ScheduleMessages.scheduleNotFound],
        ['DELETE', `/v1/schedule/${created.id}`, undefined, ScheduleMessages.scheduleNotFound],
        ['GET', `/v1/schedule/${created.id}/ics`, undefined, ScheduleMessages.scheduleNotFound],
        ['POST', '/v1/schedule/', scheduleBody(opened.caseId), CaseMessages.caseNotFound],
        ['GET', `/v1/schedule/case/${opened.caseId}`, undefined, CaseMessages.caseNotFound],
      ];
      for (const [method, url, body, message] of attempts) {
        const res = await call(t.app, method as 'GET', url, { token: outsider.token, ...(body ? { body } : {}) });
        expect(res.status, `${outsider.role} ${method} ${url}`).toBe(404);
        expect(res.json?.error?.message).toBe(message);
        expect(res.json?.data).toBeUndefined();
        const raw = res.raw.toString();
        expect(raw).not.toContain('Confidential');
        expect(raw).not.toContain(client.email);
      }
      const listed = await call(t.app, 'GET', '/v1/schedule/', { token: outsider.token });
      expect(schedulesOf(listed)).toEqual([]);
      expect(listed.raw.toString()).not.toContain('Confidential');
    }
    // Nothing changed, nobody was told of the attempts, and the parties' lists hold it once each.
    const still = await call(t.app, 'GET', `/v1/schedule/${created.id}`, { token: client.token });
    expect(still.json?.data).toMatchObject({ title: 'Confidential hearing' });
    for (const party of [lawyer, client]) {
      const listed = await call(t.app, 'GET', '/v1/schedule/', { token: party.token });
      expect(schedulesOf(listed).map((s) => s.id)).toEqual([created.id]);
    }
    expect((await notificationsOf(client)).filter((n) => n.type === 'EVENT_ADD')).toHaveLength(1);
    expect((await notificationsOf(lawyer)).filter((n) => n.type === 'EVENT_ADD')).toHaveLength(0);
    // An id that exists nowhere answers the same as one the caller may not see.
    const unknown = await call(t.app, 'GET', '/v1/schedule/00000000-0000-4000-8000-000000000000', {
      token: client.token,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json?.error?.message).toBe(ScheduleMessages.scheduleNotFound);
    // Signed out: 401 everywhere.
    expect((await call(t.app, 'GET', `/v1/schedule/${created.id}`)).status).toBe(401);
    expect((await call(t.app, 'GET', '/v1/schedule/')).status).toBe(401);
  });
});
