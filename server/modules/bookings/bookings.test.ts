/**
 * /v1/bookings as clients and lawyers live it (issue 19): a client sees a lawyer's free times, books
 * one, the lawyer is told and accepts (the priced meeting with its PENDING payment appears) or
 * declines with a reason; the client may withdraw; an unanswered request expires by a durable job.
 * No double booking is the database's rule: 50 clients at once get one 201 and 49 409s, a row
 * written past the service is refused too, and a lawyer's meeting by email cannot take a held time.
 * Runs on PGlite and, with DATABASE_URL, on PostgreSQL (the server-pg project).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BookingMessages, BookingSchema, FreeTimesSchema, type Booking } from '../../../contract/bookings';
import { MeetingMessages, MeetingSchema } from '../../../contract/meetings';
import type { Notification } from '../../../contract/notifications';
import { build } from '../../app';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { lawyerTimeTaken } from '../../db/errors';
import { bookings, users } from '../../db/schema';
import { newSessionToken, startTestApp, type TestApp } from '../../../tests/helpers/server-app';
import { caseParties } from '../../../tests/helpers/server-cases';
import { authData, call, uniqueEmail, type CallResult } from '../../../tests/helpers/server-http';
import { lawyerSession, type Session } from '../../../tests/helpers/server-lawyers';
import { dhakaInstant, dhakaWallClock } from '../schedules/dhaka-time';
import { BOOKING_EXPIRY_JOB, bookingExpiryKey } from './expiry';

let t: TestApp;
let lawyer: Session;
let client: Session;
let stranger: Session;
let otherLawyer: Session;
let admin: Session;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const DAYS = ['SAT', 'SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI'] as const;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.reset();
  ({ lawyer, client, otherLawyer, stranger, admin } = await caseParties(t));
  // Karim (৳1500/h) is free 09:00–13:00 Dhaka time every day of the week.
  for (const day of DAYS) {
    const res = await call(t.app, 'POST', '/v1/lawyer/availability-slots', {
      token: lawyer.token,
      body: { day, startTime: '09:00', endTime: '13:00' },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
  }
});

/** The Dhaka date `days` from today. */
const dhakaDay = (days: number) => dhakaWallClock(new Date(t.clock.now().getTime() + days * DAY)).date;
const at = (date: string, time: string) => dhakaInstant(date, time).toISOString();

async function freeTimes(from: string, days = 1, token = client.token, lawyerEmail = lawyer.email) {
  return call(
    t.app,
    'GET',
    `/v1/bookings/free-times?lawyerEmail=${encodeURIComponent(lawyerEmail)}&from=${from}&days=${days}`,
    {
      token,
    },
  );
}

function book(body: Record<string, unknown>, token = client.token, app: FastifyInstance = t.app): Promise<CallResult> {
  return call(app, 'POST', '/v1/bookings', {
    token,
    body: { lawyerEmail: lawyer.email, minutes: 60, topic: 'A dispute over my late father’s land in Savar', ...body },
  });
}

async function booked(body: Record<string, unknown>, token = client.token): Promise<Booking> {
  const res = await book(body, token);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return BookingSchema.strict().parse(res.json?.data);
}

const bookingOf = (res: CallResult): Booking => {
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return BookingSchema.strict().parse(res.json?.data);
};

async function meetingNotes(session: Session, app: FastifyInstance = t.app): Promise<Notification[]> {
  const res = await call(app, 'GET', '/v1/notifications/?size=100', { token: session.token });
  return (res.json?.data as { notifications: Notification[] }).notifications.filter((n) => n.type === 'MEETING_UPDATE');
}

async function signInAgain(session: Session, app: FastifyInstance = t.app): Promise<void> {
  const login = await call(app, 'POST', '/v1/auth/login', {
    body: { email: session.email, password: session.password },
  });
  session.token = authData(login).token;
}

/** `count` verified clients made without argon2 (a login each would cost seconds). */
async function manyClients(count: number): Promise<string[]> {
  const now = t.clock.now();
  const rows = await t.database.db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        email: uniqueEmail(`crowd${i}-`),
        passwordHash: 'x',
        firstName: 'Client',
        lastName: String(i),
        role: 'USER' as const,
        emailVerified: true,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning();
  return Promise.all(rows.map((row) => newSessionToken(t, row, 'crowd')));
}

describe('free times', () => {
  it('are the weekly slots in Dhaka time, minus held time and anything within 2 hours, 30-minute aligned', async () => {
    const day = dhakaDay(3);
    const before = FreeTimesSchema.strict().parse((await freeTimes(day)).json?.data);
    expect(before.freeTimes).toEqual([{ start: at(day, '09:00'), end: at(day, '13:00') }]);

    await booked({ start: at(day, '10:00'), minutes: 30 });
    const meeting = await call(t.app, 'POST', '/v1/videocalls', {
      token: lawyer.token,
      body: {
        email: client.email,
        title: 'Follow-up on the deed',
        startDateTime: at(day, '11:30'),
        endDateTime: at(day, '12:15'),
      },
    });
    expect(meeting.status, JSON.stringify(meeting.json)).toBe(201);
    const after = FreeTimesSchema.parse((await freeTimes(day)).json?.data);
    expect(after.freeTimes).toEqual([
      { start: at(day, '09:00'), end: at(day, '10:00') },
      { start: at(day, '10:30'), end: at(day, '11:30') },
      { start: at(day, '12:30'), end: at(day, '13:00') },
    ]);

    // 14 days by default-sized windows: one range a day; today's only from 2 hours on.
    const fortnight = FreeTimesSchema.parse((await freeTimes(dhakaDay(4), 14)).json?.data);
    expect(fortnight.freeTimes).toHaveLength(14);
    const soon = t.clock.now().getTime() + 2 * HOUR;
    const today = FreeTimesSchema.parse((await freeTimes(dhakaDay(0), 1)).json?.data);
    for (const free of today.freeTimes) {
      expect(Date.parse(free.start)).toBeGreaterThanOrEqual(soon);
      expect(Date.parse(free.start) % (30 * MINUTE)).toBe(0);
    }
  });

  it('are for verified clients; an unknown or unapproved lawyer is not found; days are 1..28', async () => {
    const day = dhakaDay(3);
    expect((await freeTimes(day, 1, lawyer.token)).status).toBe(403);
    expect((await freeTimes(day, 1, admin.token)).status).toBe(403);
    expect((await call(t.app, 'GET', `/v1/bookings/free-times?lawyerEmail=${lawyer.email}`)).status).toBe(401);
    const pending = (await lawyerSession(t, { state: 'PENDING' })).session;
    for (const email of [pending.email, stranger.email, 'nobody@example.test']) {
      const res = await freeTimes(day, 1, client.token, email);
      expect(res.status).toBe(404);
      expect(res.json?.error?.message).toBe(BookingMessages.lawyerNotFound);
    }
    for (const days of [0, 29]) expect((await freeTimes(day, days)).status).toBe(400);
  });
});

describe('booking a free time', () => {
  it('holds the time at the lawyer’s price and tells the lawyer', async () => {
    const day = dhakaDay(3);
    const booking = await booked({ start: at(day, '09:30'), minutes: 30 });
    expect(booking).toMatchObject({
      lawyer: { id: lawyer.id, email: lawyer.email },
      client: { id: client.id, email: client.email },
      start: at(day, '09:30'),
      end: at(day, '10:00'),
      minutes: 30,
      price: 750,
      status: 'REQUESTED',
      declineReason: null,
      meetingId: null,
    });
    // Expires after 24 h (its start is 3 days away).
    expect(Date.parse(booking.expiresAt) - Date.parse(booking.createdAt)).toBe(24 * HOUR);
    const [note] = await meetingNotes(lawyer);
    expect(note).toMatchObject({ link: '/meetings' });
    expect(note?.content).toContain('Nusrat Jahan asked for a 30-minute consultation');
    expect(note?.content).toContain('৳750');

    const again = await book({ start: at(day, '09:00'), minutes: 60 }, stranger.token);
    expect(again.status).toBe(409);
    expect(again.json?.error?.message).toBe(BookingMessages.taken);
  });

  it('refuses times outside the free times (400), bad input (400) and callers who are not clients (403)', async () => {
    const day = dhakaDay(3);
    for (const start of [at(day, '08:30'), at(day, '12:30'), at(day, '09:15'), at(dhakaDay(40), '10:00')]) {
      const res = await book({ start, minutes: 60 });
      expect(res.status, start).toBe(400);
      expect(res.json?.error?.message).toBe(BookingMessages.notFree);
    }
    // Within 2 hours of now, even inside a slot.
    const soon = new Date(Math.ceil((t.clock.now().getTime() + HOUR) / (30 * MINUTE)) * 30 * MINUTE);
    expect((await book({ start: soon.toISOString(), minutes: 30 })).status).toBe(400);
    expect((await book({ start: at(day, '10:00'), minutes: 45 })).json?.error?.message).toBe(BookingMessages.minutes);
    expect((await book({ start: at(day, '10:00'), topic: 'Too short' })).json?.error?.message).toBe(
      BookingMessages.topicLength,
    );
    expect((await book({ start: at(day, '10:00'), topic: 'x'.repeat(1001) })).status).toBe(400);
    for (const token of [lawyer.token, otherLawyer.token, admin.token]) {
      expect((await book({ start: at(day, '10:00') }, token)).status).toBe(403);
    }
  });

  it('gives exactly one of 50 clients booking the same time at once a 201, the others 409', async () => {
    const day = dhakaDay(5);
    const tokens = await manyClients(50);
    const results = await Promise.all(tokens.map((token) => book({ start: at(day, '11:00'), minutes: 60 }, token)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const res of results.filter((r) => r.status === 409)) {
      expect(res.json?.error?.message).toBe(BookingMessages.taken);
    }
    const held = await t.database.db.select().from(bookings);
    expect(held).toHaveLength(1);
  });

  it('is enforced by the database: an overlapping row written past the service is refused', async () => {
    const day = dhakaDay(3);
    const first = await booked({ start: at(day, '10:00'), minutes: 60 });
    const insert = t.database.db.insert(bookings).values({
      lawyerId: lawyer.id,
      clientId: stranger.id,
      startsAt: new Date(at(day, '10:30')),
      endsAt: new Date(at(day, '11:30')),
      minutes: 60,
      topic: 'Written straight into the table',
      price: '1500.00',
      expiresAt: new Date(Date.parse(first.expiresAt)),
    });
    const refused = await insert.then(
      () => null,
      (error: unknown) => error,
    );
    expect(lawyerTimeTaken(refused)).toBe(true);
    // Touching ends do not overlap.
    await booked({ start: at(day, '11:00'), minutes: 30 }, stranger.token);
  });

  it('makes a lawyer’s meeting by email refuse a held time (409)', async () => {
    const day = dhakaDay(3);
    await booked({ start: at(day, '10:00'), minutes: 60 });
    const body = {
      email: stranger.email,
      title: 'Overlapping call',
      startDateTime: at(day, '10:45'),
      endDateTime: at(day, '11:45'),
    };
    const res = await call(t.app, 'POST', '/v1/videocalls', { token: lawyer.token, body });
    expect(res.status).toBe(409);
    expect(res.json?.error?.message).toBe(MeetingMessages.timeTaken);
    const ok = await call(t.app, 'POST', '/v1/videocalls', {
      token: lawyer.token,
      body: { ...body, startDateTime: at(day, '11:00'), endDateTime: at(day, '11:30') },
    });
    expect(ok.status).toBe(201);
    // And a meeting cannot be moved onto another one.
    const moved = await call(t.app, 'PUT', '/v1/videocalls', {
      token: lawyer.token,
      body: {
        meetingId: MeetingSchema.parse(ok.json?.data).id,
        startDateTime: at(day, '10:30'),
        endDateTime: at(day, '11:00'),
      },
    });
    expect(moved.status).toBe(409);
  });
});

describe('answering a request', () => {
  it('accepting opens the priced meeting with a PENDING payment and asks the client to pay', async () => {
    const day = dhakaDay(3);
    const booking = await booked({ start: at(day, '11:00'), minutes: 60 });
    const accepted = bookingOf(
      await call(t.app, 'PUT', `/v1/bookings/${booking.bookingId}/accept`, { token: lawyer.token }),
    );
    expect(accepted.status).toBe('ACCEPTED');
    expect(accepted.meetingId).not.toBeNull();
    const meeting = MeetingSchema.parse(
      (await call(t.app, 'GET', `/v1/videocalls/${accepted.meetingId}`, { token: client.token })).json?.data,
    );
    expect(meeting).toMatchObject({
      startTimestamp: at(day, '11:00'),
      endTimestamp: at(day, '12:00'),
      paid: false,
      payment: { amount: 1500, status: 'PENDING' },
      lawyer: { id: lawyer.id },
      client: { id: client.id },
    });
    expect(meeting.title).toContain('Consultation');
    const [note] = await meetingNotes(client);
    expect(note).toMatchObject({ link: '/my-meetings' });
    expect(note?.content).toContain('Karim Uddin accepted your consultation request');
    expect(note?.content).toContain('pay to confirm');
    // The meeting holds the time now; answering twice is refused.
    expect((await book({ start: at(day, '11:30'), minutes: 30 }, stranger.token)).status).toBe(409);
    const twice = await call(t.app, 'PUT', `/v1/bookings/${booking.bookingId}/accept`, { token: lawyer.token });
    expect(twice.status).toBe(409);
    expect(twice.json?.error?.message).toBe(BookingMessages.notWaiting);
    // The client pays through the existing flow.
    const session = await call(t.app, 'POST', `/v1/payments/${meeting.payment!.id}/stripe-session`, {
      token: client.token,
    });
    expect(session.status).toBe(200);
  });

  it('declining needs a reason of 10 characters, tells the client why and frees the time', async () => {
    const day = dhakaDay(3);
    const booking = await booked({ start: at(day, '11:00'), minutes: 60 });
    const path = `/v1/bookings/${booking.bookingId}/decline`;
    const short = await call(t.app, 'PUT', path, { token: lawyer.token, body: { reason: 'Busy' } });
    expect(short.status).toBe(400);
    expect(short.json?.error?.message).toBe(BookingMessages.reasonLength);
    const reason = 'I do not take land cases this month';
    const declined = bookingOf(await call(t.app, 'PUT', path, { token: lawyer.token, body: { reason } }));
    expect(declined).toMatchObject({ status: 'DECLINED', declineReason: reason, meetingId: null });
    const [note] = await meetingNotes(client);
    expect(note).toMatchObject({ link: '/my-bookings' });
    expect(note?.content).toContain(`Reason: ${reason}`);
    await booked({ start: at(day, '11:00'), minutes: 60 }, stranger.token);
  });

  it('the client withdraws; only the parties see it (others get 404), and each only their own steps', async () => {
    const day = dhakaDay(3);
    const booking = await booked({ start: at(day, '12:00'), minutes: 60 });
    const path = (step: string) => `/v1/bookings/${booking.bookingId}/${step}`;
    const reason = { reason: 'Not available that day' };
    expect((await call(t.app, 'PUT', path('accept'), { token: otherLawyer.token })).status).toBe(404);
    expect((await call(t.app, 'PUT', path('decline'), { token: otherLawyer.token, body: reason })).status).toBe(404);
    expect((await call(t.app, 'PUT', path('cancel'), { token: stranger.token })).status).toBe(404);
    expect((await call(t.app, 'PUT', path('accept'), { token: client.token })).status).toBe(403);
    expect((await call(t.app, 'PUT', path('cancel'), { token: lawyer.token })).status).toBe(403);
    const unknown = await call(t.app, 'PUT', `/v1/bookings/${randomUUID()}/cancel`, { token: client.token });
    expect(unknown.status).toBe(404);
    expect(unknown.json?.error?.message).toBe(BookingMessages.notFound);

    const cancelled = bookingOf(await call(t.app, 'PUT', path('cancel'), { token: client.token }));
    expect(cancelled.status).toBe('CANCELLED');
    expect((await meetingNotes(lawyer))[0]?.content).toContain('withdrew the consultation request');
    expect((await call(t.app, 'PUT', path('accept'), { token: lawyer.token })).status).toBe(409);
    const live = await t.app.services.jobs.repository.list([BOOKING_EXPIRY_JOB]);
    expect(live.map((j) => j.dedupeKey)).not.toContain(bookingExpiryKey(booking.bookingId));
  });

  it('lists each side’s bookings with status filter and page metadata', async () => {
    const day = dhakaDay(3);
    const a = await booked({ start: at(day, '09:00'), minutes: 30 });
    await booked({ start: at(day, '10:00'), minutes: 60 });
    await booked({ start: at(day, '12:00'), minutes: 30 }, stranger.token);
    await call(t.app, 'PUT', `/v1/bookings/${a.bookingId}/cancel`, { token: client.token });

    const mine = await call(t.app, 'GET', '/v1/bookings?size=1', { token: client.token });
    expect(mine.status).toBe(200);
    expect((mine.json?.data as { bookings: Booking[] }).bookings.map((b) => b.bookingId)).toEqual([a.bookingId]);
    expect(mine.json?.metadata).toMatchObject({ totalCount: 2, pageSize: 1, totalPages: 2, hasNext: true });
    const requests = await call(t.app, 'GET', '/v1/bookings?status=REQUESTED', { token: lawyer.token });
    const list = (requests.json?.data as { bookings: Booking[] }).bookings;
    expect(list.map((b) => b.client.email)).toEqual([client.email, stranger.email]);
    const asClient = await call(t.app, 'GET', '/v1/bookings?role=client', { token: lawyer.token });
    expect((asClient.json?.data as { bookings: Booking[] }).bookings).toEqual([]);
    const none = await call(t.app, 'GET', '/v1/bookings', { token: otherLawyer.token });
    expect((none.json?.data as { bookings: Booking[] }).bookings).toEqual([]);
    expect((await call(t.app, 'GET', '/v1/bookings?status=LOST', { token: client.token })).status).toBe(400);
  });
});

describe('the calendar feed', () => {
  it('carries a request waiting for an answer to both parties, and drops it once answered', async () => {
    const day = dhakaDay(3);
    const booking = await booked({ start: at(day, '10:00'), minutes: 60 });
    const feedOf = async (session: Session) => {
      const res = await call(t.app, 'GET', '/v1/schedule/calendar-feed', { token: session.token });
      const url = (res.json?.data as { url: string }).url;
      return (await call(t.app, 'GET', new URL(url).pathname)).raw.toString('utf8');
    };
    const lawyerFeed = await feedOf(lawyer);
    expect(lawyerFeed).toContain(`booking-${booking.bookingId}@`);
    expect(lawyerFeed).toContain('Consultation request: Nusrat Jahan');
    expect(await feedOf(client)).toContain('Consultation request: Karim Uddin');
    expect(await feedOf(stranger)).not.toContain(booking.bookingId);
    await call(t.app, 'PUT', `/v1/bookings/${booking.bookingId}/accept`, { token: lawyer.token });
    const after = await feedOf(client);
    expect(after).not.toContain(`booking-${booking.bookingId}@`);
    expect(after).toContain('Consultation: A dispute over my late father');
  });
});

describe('account deletion', () => {
  it('withdraws the requests of a client who deleted their account, and puts them in the data export first', async () => {
    const day = dhakaDay(3);
    const booking = await booked({ start: at(day, '10:00'), minutes: 60 });
    const exported = await call(t.app, 'GET', '/v1/user/data-export', { token: client.token });
    expect(JSON.parse(exported.raw.toString('utf8')).bookings).toHaveLength(1);
    const deleted = await call(t.app, 'POST', '/v1/user/delete-account', {
      token: client.token,
      body: { password: client.password, confirm: 'DELETE' },
    });
    expect(deleted.status, JSON.stringify(deleted.json)).toBe(200);
    const requests = await call(t.app, 'GET', '/v1/bookings', { token: lawyer.token });
    expect((requests.json?.data as { bookings: Booking[] }).bookings[0]).toMatchObject({
      bookingId: booking.bookingId,
      status: 'CANCELLED',
    });
    await booked({ start: at(day, '10:00'), minutes: 60 }, stranger.token);
  });
});

describe('expiry', () => {
  it('an unanswered request expires by its job; the client is told and the time is free again', async () => {
    const day = dhakaDay(3);
    const booking = await booked({ start: at(day, '10:00'), minutes: 60 });
    t.clock.advance(Date.parse(booking.expiresAt) - t.clock.now().getTime() - MINUTE);
    expect(await t.app.services.jobRunner.runDue()).toBe(0);
    t.clock.advance(MINUTE);
    await t.app.services.jobRunner.runDue();
    await signInAgain(client);
    await signInAgain(lawyer);
    const [note] = await meetingNotes(client);
    expect(note?.content).toContain('expired without an answer');
    const list = await call(t.app, 'GET', '/v1/bookings', { token: client.token });
    expect((list.json?.data as { bookings: Booking[] }).bookings[0]?.status).toBe('EXPIRED');
    expect((await call(t.app, 'PUT', `/v1/bookings/${booking.bookingId}/accept`, { token: lawyer.token })).status).toBe(
      409,
    );
    await signInAgain(stranger);
    await booked({ start: at(day, '10:00'), minutes: 60 }, stranger.token);
  });

  it('a request starting soon expires an hour before its start', async () => {
    const day = dhakaDay(1);
    const booking = await booked({ start: at(day, '12:00'), minutes: 30 });
    const expected = Math.min(Date.parse(booking.createdAt) + 24 * HOUR, Date.parse(at(day, '12:00')) - HOUR);
    expect(Date.parse(booking.expiresAt)).toBe(expected);
  });

  it('survives a restart: the next process on the database expires it', async () => {
    const day = dhakaDay(3);
    const booking = await booked({ start: at(day, '10:00'), minutes: 60 });
    await t.app.services.jobRunner.stop();
    t.clock.advance(Date.parse(booking.expiresAt) - t.clock.now().getTime());
    const restarted = await instance(t.database);
    try {
      await restarted.services.jobRunner.runDue();
      await signInAgain(client, restarted);
      expect((await meetingNotes(client, restarted))[0]?.content).toContain('expired without an answer');
    } finally {
      await restarted.close();
    }
  });
});

/** Another server process on the same database (its own job queue and runner). */
async function instance(database: DatabaseHandle): Promise<FastifyInstance> {
  const app = await build(t.config, { database, clock: t.clock, redisKeyPrefix: `lc:test:${randomUUID()}:` });
  await app.ready();
  return app;
}

// Two instances on one PGlite would take turns on its single connection and prove nothing.
describe.skipIf(!process.env.DATABASE_URL)('two instances on one PostgreSQL database', () => {
  it('expire each request once between them', async () => {
    const result = (await t.database.db.execute(sql`select current_database() as name`)) as {
      rows: { name: string }[];
    };
    const url = new URL(process.env.DATABASE_URL ?? '');
    url.pathname = `/${result.rows[0]?.name ?? ''}`;
    const secondPool = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    const a = await instance(t.database);
    const b = await instance(secondPool);
    try {
      const day = dhakaDay(3);
      const times = ['09:00', '09:30', '10:00', '10:30', '11:00', '11:30', '12:00', '12:30'];
      const made: Booking[] = [];
      for (const time of times) made.push(await booked({ start: at(day, time), minutes: 30 }));
      await t.app.services.jobRunner.stop();
      t.clock.advance(Math.max(...made.map((m) => Date.parse(m.expiresAt))) - t.clock.now().getTime());
      await Promise.all([a.services.jobRunner.runDue(), b.services.jobRunner.runDue()]);
      await Promise.all([a.services.jobRunner.idle(), b.services.jobRunner.idle()]);
      await signInAgain(client, a);
      const notes = (await meetingNotes(client, a)).filter((n) => n.content.includes('expired without an answer'));
      expect(notes).toHaveLength(times.length);
      expect(new Set(notes.map((n) => n.content)).size).toBe(times.length);
    } finally {
      await a.close();
      await b.close();
      await secondPool.close();
    }
  });
});
