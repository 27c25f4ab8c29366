/**
 * /v1/videocalls and /v1/payments together, as the client and the lawyer live them: the lawyer
 * schedules a priced meeting, the client pays on the sandbox checkout (the hold), both join inside
 * the window, and the money is released to the lawyer by the client or by the job 6 h after the end
 * — or returned before the start. Every read is the two parties' only; every transition is checked
 * against the state machine; a retried or concurrent release captures once.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServerMessages } from '../../../contract/errors';
import { MeetingMessages, MeetingSchema, MeetingTokenSchema, type Meeting } from '../../../contract/meetings';
import type { Notification } from '../../../contract/notifications';
import { PaymentMessages, PaymentSchema, SandboxCheckoutSchema, type Payment } from '../../../contract/payments';
import { jobs as jobsTable, sandboxHolds } from '../../db/schema';
import { SandboxPaymentProvider } from '../../payments/sandbox';
import { releaseCaptureKey } from '../payments/escrow';
import { startTestApp, type TestApp } from '../../../tests/helpers/server-app';
import { caseParties } from '../../../tests/helpers/server-cases';
import { authData, call, type CallResult } from '../../../tests/helpers/server-http';
import { lawyerSession, type Session } from '../../../tests/helpers/server-lawyers';
import { meetingReminderKey } from './reminders';
import { releaseJobKey } from '../payments/release-job';

let t: TestApp;
let lawyer: Session;
let client: Session;
let stranger: Session;
let otherLawyer: Session;
let admin: Session;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

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

/** A meeting starting `inMs` from now and lasting `minutes` (the lawyer's charge is ৳1500/h). */
function meetingBody(overrides: Record<string, unknown> = {}, inMs = 24 * HOUR, minutes = 45) {
  const start = new Date(t.clock.now().getTime() + inMs);
  start.setUTCSeconds(0, 0);
  const end = new Date(start.getTime() + minutes * MINUTE);
  return {
    email: client.email,
    title: 'Consultation on the land deed',
    startDateTime: start.toISOString(),
    endDateTime: end.toISOString(),
    ...overrides,
  };
}

async function schedule(overrides: Record<string, unknown> = {}, inMs?: number, minutes?: number): Promise<Meeting> {
  const res = await call(t.app, 'POST', '/v1/videocalls/', {
    token: lawyer.token,
    body: meetingBody(overrides, inMs, minutes),
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return MeetingSchema.strict().parse(res.json?.data);
}

/** The meeting and payment notifications of `session`, newest first. */
async function notificationsOf(session: Session): Promise<Notification[]> {
  const res = await call(t.app, 'GET', '/v1/notifications/?size=100', { token: session.token });
  return (res.json?.data as { notifications: Notification[] }).notifications.filter(
    (n) => n.type === 'MEETING_UPDATE' || n.type === 'PAYMENT_UPDATE',
  );
}

/** Moves the clock; everyone signs in again (access tokens live an hour). */
async function advance(ms: number): Promise<void> {
  t.clock.advance(ms);
  for (const session of [lawyer, client, stranger, otherLawyer, admin]) {
    const login = await call(t.app, 'POST', '/v1/auth/login', {
      body: { email: session.email, password: session.password },
    });
    session.token = authData(login).token;
  }
}

const paymentOf = (res: CallResult): Payment => {
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return PaymentSchema.strict().parse(res.json?.data);
};

/** The client pays on the sandbox checkout with `card`; answers the checkout's response. */
async function payWith(meeting: Meeting, cardNumber = '4242 4242 4242 4242') {
  const session = await call(t.app, 'POST', `/v1/payments/${meeting.payment!.id}/stripe-session`, {
    token: client.token,
  });
  expect(session.status, JSON.stringify(session.json)).toBe(200);
  const { sessionId, sessionUrl } = session.json?.data as { sessionId: string; sessionUrl: string };
  expect(sessionUrl).toBe(`${t.config.publicUrl}/pay/checkout/${sessionId}`);
  const authorize = await call(t.app, 'POST', `/v1/payments/sandbox/checkout/${sessionId}`, {
    token: client.token,
    body: { cardNumber, expiry: '12/39', cvc: '123' },
  });
  return { sessionId, authorize };
}

/** Scheduled and held: the meeting and its PAID payment. */
async function paidMeeting(inMs?: number, minutes?: number): Promise<{ meeting: Meeting; payment: Payment }> {
  const meeting = await schedule({}, inMs, minutes);
  const { sessionId, authorize } = await payWith(meeting);
  expect(authorize.status, JSON.stringify(authorize.json)).toBe(200);
  const payment = paymentOf(await call(t.app, 'PUT', `/v1/payments/complete/${sessionId}`, { token: client.token }));
  return { meeting, payment };
}

/** The jobs waiting under `key` (done and cancelled jobs are gone). */
const liveJobs = (key: string) =>
  t.database.db
    .select()
    .from(jobsTable)
    .where(and(eq(jobsTable.dedupeKey, key), isNull(jobsTable.deadAt)));

async function holdOf(paymentId: string) {
  const [hold] = await t.database.db.select().from(sandboxHolds).where(eq(sandboxHolds.reference, paymentId));
  return hold!;
}

describe('scheduling a meeting', () => {
  it('prices it at hourlyCharge × minutes ÷ 60 and tells the client, who sees it with a PENDING payment', async () => {
    const meeting = await schedule();
    expect(meeting).toMatchObject({
      title: 'Consultation on the land deed',
      client: { id: client.id, email: client.email, firstName: 'Nusrat' },
      lawyer: { id: lawyer.id, firstName: 'Karim' },
      paid: false,
      payment: { amount: 1125, status: 'PENDING' },
    });
    expect(meeting.roomName).toMatch(/^lc-[A-Za-z0-9_-]{20,}$/);
    const [note] = await notificationsOf(client);
    expect(note).toMatchObject({ type: 'MEETING_UPDATE', link: '/my-meetings' });
    expect(note?.content).toContain('৳1,125');
    const list = await call(t.app, 'GET', '/v1/videocalls/', { token: client.token });
    expect(
      MeetingSchema.array()
        .parse(list.json?.data)
        .map((m) => m.id),
    ).toEqual([meeting.id]);
    expect(await notificationsOf(lawyer)).toHaveLength(0);
  });

  it('rounds the price half-up to the paisa', async () => {
    const odd = await lawyerSession(t, { profile: { hourlyCharge: 1234.57 } });
    const body = { ...meetingBody({}, 24 * HOUR, 7), email: client.email };
    const res = await call(t.app, 'POST', '/v1/videocalls/', { token: odd.session.token, body });
    expect(res.status).toBe(201);
    // 1234.57 × 7 ÷ 60 = 144.0331…
    expect(MeetingSchema.parse(res.json?.data).payment?.amount).toBe(144.03);
  });

  it('refuses bad times, unknown clients, other roles and unapproved lawyers with the contract texts', async () => {
    const post = (body: unknown, token = lawyer.token) => call(t.app, 'POST', '/v1/videocalls/', { token, body });
    const past = meetingBody({}, -HOUR);
    expect((await post(past)).json?.error?.fields).toEqual([
      { field: 'startDateTime', message: MeetingMessages.startInPast },
    ]);
    const backwards = meetingBody();
    const bad = await post({ ...backwards, endDateTime: backwards.startDateTime });
    expect(bad.status).toBe(400);
    expect(bad.json?.error?.fields?.[0]?.message).toBe(MeetingMessages.endBeforeStart);
    expect((await post(meetingBody({}, HOUR, 9 * 60))).json?.error?.fields?.[0]?.message).toBe(MeetingMessages.tooLong);
    expect((await post(meetingBody({ startDateTime: '2030-01-01 10:00' }))).status).toBe(400);
    const nobody = await post(meetingBody({ email: 'nobody@example.com' }));
    expect([nobody.status, nobody.json?.error?.message]).toEqual([404, MeetingMessages.clientNotFound]);
    expect(nobody.json?.error?.fields).toEqual([{ field: 'email', message: MeetingMessages.clientNotFound }]);
    expect((await post(meetingBody({ email: otherLawyer.email }))).status).toBe(404);
    expect((await post(meetingBody(), client.token)).status).toBe(403);
    const pending = await lawyerSession(t, { state: 'PENDING' });
    expect((await post(meetingBody(), pending.session.token)).status).toBe(403);
    const free = await lawyerSession(t, { profile: { hourlyCharge: null } as never });
    const noCharge = await post(meetingBody(), free.session.token);
    expect([noCharge.status, noCharge.json?.error?.message]).toEqual([400, MeetingMessages.noHourlyCharge]);
  });
});

describe('who sees what', () => {
  it('a meeting and its payment are the two parties’ (and an admin’s payment view) only', async () => {
    const meeting = await schedule();
    for (const outsider of [stranger, otherLawyer]) {
      for (const url of [`/v1/videocalls/${meeting.id}`, `/v1/videocalls/${meeting.id}/token`]) {
        const res = await call(t.app, 'GET', url, { token: outsider.token });
        expect([res.status, res.json?.error?.message]).toEqual([404, MeetingMessages.meetingNotFound]);
      }
      const payment = await call(t.app, 'GET', `/v1/payments/${meeting.payment!.id}`, { token: outsider.token });
      expect(payment.status).toBe(404);
      expect((await call(t.app, 'GET', '/v1/videocalls/', { token: outsider.token })).json?.data).toEqual([]);
      expect((await call(t.app, 'GET', '/v1/payments/', { token: outsider.token })).json?.data).toEqual([]);
      const checkout = await call(t.app, 'POST', `/v1/payments/${meeting.payment!.id}/stripe-session`, {
        token: outsider.token,
      });
      expect(checkout.status).toBe(404);
    }
    const asAdmin = paymentOf(await call(t.app, 'GET', `/v1/payments/${meeting.payment!.id}`, { token: admin.token }));
    expect(asAdmin).toMatchObject({
      payerEmail: client.email,
      payeeEmail: lawyer.email,
      payeeName: 'Karim Uddin',
      payeeFirstName: 'Karim',
      payeeLastName: 'Uddin',
      payerFirstName: 'Nusrat',
      amount: 1125,
      currency: 'BDT',
    });
    expect(asAdmin.payerName).toBe(`${asAdmin.payerFirstName} ${asAdmin.payerLastName}`);
    expect(asAdmin.history.map((h) => h.status)).toEqual(['PENDING']);
    const lawyerPayments = await call(t.app, 'GET', '/v1/payments/?size=5', { token: lawyer.token });
    expect((lawyerPayments.json?.data as Payment[]).map((p) => p.id)).toEqual([meeting.payment!.id]);
    expect(lawyerPayments.json?.metadata).toMatchObject({ totalCount: 1, pageSize: 5 });
    expect((await call(t.app, 'GET', '/v1/videocalls/not-a-uuid', { token: client.token })).status).toBe(400);
  });

  it('the sandbox checkout is keyed by its unguessable session id alone, like a hosted checkout', async () => {
    const meeting = await schedule();
    const session = await call(t.app, 'POST', `/v1/payments/${meeting.payment!.id}/stripe-session`, {
      token: client.token,
    });
    const { sessionId } = session.json?.data as { sessionId: string };
    expect(sessionId).toMatch(/^cs_sandbox_[0-9a-f]{36}$/);
    const mine = await call(t.app, 'GET', `/v1/payments/sandbox/checkout/${sessionId}`, { token: client.token });
    expect(SandboxCheckoutSchema.strict().parse(mine.json?.data)).toMatchObject({
      amount: 1125,
      status: 'OPEN',
      payeeName: 'Karim Uddin',
      meetingTitle: 'Consultation on the land deed',
      cancelUrl: `${t.config.publicUrl}/my-meetings`,
    });
    // Whoever was given the id sees the same page, signed in to this app or not (another client's user).
    const signedOut = await call(t.app, 'GET', `/v1/payments/sandbox/checkout/${sessionId}`);
    expect(signedOut.status).toBe(200);
    expect(signedOut.json?.data).toEqual(mine.json?.data);
    // Without the id there is nothing to find.
    const forged = `cs_sandbox_${'0'.repeat(36)}`;
    expect((await call(t.app, 'GET', `/v1/payments/sandbox/checkout/${forged}`)).status).toBe(404);
    const payForged = await call(t.app, 'POST', `/v1/payments/sandbox/checkout/${forged}`, {
      body: { cardNumber: '4242424242424242', expiry: '12/39', cvc: '123' },
    });
    expect(payForged.status).toBe(404);
    // Only the payer opens a checkout; the payee cannot.
    const lawyerCheckout = await call(t.app, 'POST', `/v1/payments/${meeting.payment!.id}/stripe-session`, {
      token: lawyer.token,
    });
    expect(lawyerCheckout.status).toBe(403);
  });

  it('returns to success and cancel URLs of the caller on an allowed origin, and refuses others', async () => {
    const meeting = await schedule();
    const checkoutWith = (urls: Record<string, string>) =>
      call(t.app, 'POST', `/v1/payments/${meeting.payment!.id}/stripe-session?${new URLSearchParams(urls)}`, {
        token: client.token,
      });
    for (const body of [
      { successUrl: 'https://evil.example/paid?s={sessionId}' } as Record<string, string>,
      { cancelUrl: 'https://evil.example/cancel' },
      { successUrl: 'javascript:alert(1)' },
      { successUrl: 'not a url' },
    ]) {
      const refused = await checkoutWith(body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.json?.error?.message).toBe(PaymentMessages.returnUrlOrigin);
    }
    const origin = new URL(t.config.publicUrl).origin;
    const ok = await checkoutWith({
      successUrl: `${origin}/other-client/paid?session={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}/other-client/payments`,
    });
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    const { sessionId } = ok.json?.data as { sessionId: string };
    const page = await call(t.app, 'GET', `/v1/payments/sandbox/checkout/${sessionId}`);
    expect((page.json?.data as { cancelUrl: string }).cancelUrl).toBe(`${origin}/other-client/payments`);
    const paid = await call(t.app, 'POST', `/v1/payments/sandbox/checkout/${sessionId}`, {
      body: { cardNumber: '4242424242424242', expiry: '12/39', cvc: '123' },
    });
    expect(paid.json?.data).toEqual({ redirectUrl: `${origin}/other-client/paid?session=${sessionId}` });
  });
});

describe('changing and cancelling a meeting', () => {
  it('the lawyer moves an unpaid meeting (re-priced, client told) and cancels it (payment CANCELED)', async () => {
    const meeting = await schedule();
    const moved = meetingBody({}, 48 * HOUR, 90);
    const res = await call(t.app, 'PUT', '/v1/videocalls/', {
      token: lawyer.token,
      body: { meetingId: meeting.id, startDateTime: moved.startDateTime, endDateTime: moved.endDateTime },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(MeetingSchema.parse(res.json?.data)).toMatchObject({
      startTimestamp: moved.startDateTime,
      title: meeting.title,
      payment: { amount: 2250, status: 'PENDING' },
    });
    expect((await notificationsOf(client))[0]?.content).toContain('৳2,250');
    const asClient = await call(t.app, 'PUT', '/v1/videocalls/', {
      token: client.token,
      body: { meetingId: meeting.id, startDateTime: moved.startDateTime, endDateTime: moved.endDateTime },
    });
    expect(asClient.status).toBe(403);
    const asOther = await call(t.app, 'DELETE', `/v1/videocalls/${meeting.id}`, { token: otherLawyer.token });
    expect(asOther.status).toBe(404);
    const deleted = await call(t.app, 'DELETE', `/v1/videocalls/${meeting.id}`, { token: lawyer.token });
    expect([deleted.status, deleted.json?.data, deleted.json?.message]).toEqual([
      200,
      true,
      MeetingMessages.meetingDeleted,
    ]);
    expect((await call(t.app, 'GET', `/v1/videocalls/${meeting.id}`, { token: client.token })).status).toBe(404);
    const payment = paymentOf(await call(t.app, 'GET', `/v1/payments/${meeting.payment!.id}`, { token: client.token }));
    expect(payment.history.map((h) => h.status)).toEqual(['PENDING', 'CANCELED']);
    expect(await liveJobs(meetingReminderKey(meeting.id))).toHaveLength(0);
  });

  it('a paid or started meeting is locked', async () => {
    const { meeting } = await paidMeeting();
    const body = meetingBody({}, 72 * HOUR);
    const put = await call(t.app, 'PUT', '/v1/videocalls/', {
      token: lawyer.token,
      body: { meetingId: meeting.id, startDateTime: body.startDateTime, endDateTime: body.endDateTime },
    });
    expect([put.status, put.json?.error?.message]).toEqual([409, MeetingMessages.locked]);
    expect((await call(t.app, 'DELETE', `/v1/videocalls/${meeting.id}`, { token: lawyer.token })).status).toBe(409);
    const unpaid = await schedule({}, HOUR);
    await advance(HOUR + MINUTE);
    expect((await call(t.app, 'DELETE', `/v1/videocalls/${unpaid.id}`, { token: lawyer.token })).status).toBe(409);
  });

  it('a hold for the old price does not pay a moved meeting', async () => {
    const meeting = await schedule();
    const { sessionId, authorize } = await payWith(meeting);
    expect(authorize.status).toBe(200);
    const moved = meetingBody({}, 48 * HOUR, 90);
    await call(t.app, 'PUT', '/v1/videocalls/', {
      token: lawyer.token,
      body: { meetingId: meeting.id, startDateTime: moved.startDateTime, endDateTime: moved.endDateTime },
    });
    const complete = await call(t.app, 'PUT', `/v1/payments/complete/${sessionId}`, { token: client.token });
    expect([complete.status, complete.json?.error?.message]).toEqual([400, PaymentMessages.holdNotConfirmed]);
    // The hold for the old price is given back; paying again holds the new one.
    expect((await holdOf(meeting.payment!.id)).status).toBe('VOIDED');
  });
});

describe('paying, joining and releasing', () => {
  it('declined card → 402; a good card holds the amount → PAID; the lawyer is told; release is planned', async () => {
    const meeting = await schedule();
    const declined = await payWith(meeting, '4000 0000 0000 0002');
    expect([declined.authorize.status, declined.authorize.json?.error?.message]).toEqual([
      402,
      PaymentMessages.cardDeclined,
    ]);
    const early = await call(t.app, 'PUT', `/v1/payments/complete/${declined.sessionId}`, { token: client.token });
    expect(early.status).toBe(400);
    const badCard = await call(t.app, 'POST', `/v1/payments/sandbox/checkout/${declined.sessionId}`, {
      token: client.token,
      body: { cardNumber: '4242 4242 4242 4241', expiry: '12/39', cvc: '123' },
    });
    expect(badCard.status).toBe(400);
    expect(badCard.json?.error?.fields?.[0]?.field).toBe('cardNumber');
    const good = await call(t.app, 'POST', `/v1/payments/sandbox/checkout/${declined.sessionId}`, {
      token: client.token,
      body: { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' },
    });
    expect(good.json?.data).toEqual({
      redirectUrl: `${t.config.publicUrl}/payment/success?session_id=${declined.sessionId}`,
    });
    const paid = paymentOf(
      await call(t.app, 'PUT', `/v1/payments/complete/${declined.sessionId}`, { token: client.token }),
    );
    expect(paid).toMatchObject({ status: 'PAID', paymentMethod: 'CARD', amount: 1125 });
    expect(paid.paymentDate).not.toBeNull();
    // Completing again (a reload of the success page) answers the same payment.
    expect(
      paymentOf(await call(t.app, 'PUT', `/v1/payments/complete/${declined.sessionId}`, { token: client.token }))
        .status,
    ).toBe('PAID');
    expect((await holdOf(paid.id)).status).toBe('AUTHORIZED');
    expect((await notificationsOf(lawyer))[0]).toMatchObject({ type: 'PAYMENT_UPDATE', link: '/meetings' });
    const [job] = await liveJobs(releaseJobKey(paid.id));
    expect(job?.runAt.getTime()).toBe(Date.parse(meeting.endTimestamp) + 6 * HOUR);
    const seen = MeetingSchema.parse(
      (await call(t.app, 'GET', `/v1/videocalls/${meeting.id}`, { token: client.token })).json?.data,
    );
    expect(seen).toMatchObject({ paid: true, payment: { status: 'PAID' } });
  });

  it('joining opens 10 minutes before the start and closes at the end; an unpaid client gets 402', async () => {
    // Just before the paid one: a lawyer's meetings never overlap (issue 19).
    const unpaid = await schedule({}, 2 * HOUR - 45 * MINUTE);
    const { meeting } = await paidMeeting(2 * HOUR);
    const token = (session: Session, id = meeting.id) =>
      call(t.app, 'GET', `/v1/videocalls/${id}/token`, { token: session.token });
    const tooEarly = await token(client);
    expect([tooEarly.status, tooEarly.json?.error?.message]).toEqual([400, MeetingMessages.notStarted]);
    await advance(2 * HOUR - 9 * MINUTE);
    const joined = MeetingTokenSchema.strict().parse((await token(client)).json?.data);
    expect(joined).toMatchObject({
      meetingId: meeting.id,
      roomName: meeting.roomName,
      provider: 'webrtc',
      jwtToken: '',
    });
    expect(joined.iceServers.length).toBeGreaterThan(0);
    expect((await token(lawyer)).status).toBe(200);
    expect((await token(lawyer, unpaid.id)).status).toBe(200);
    const noPay = await token(client, unpaid.id);
    expect([noPay.status, noPay.json?.error?.message]).toEqual([402, MeetingMessages.paymentRequired]);
    await advance(60 * MINUTE);
    const late = await token(client);
    expect([late.status, late.json?.error?.message]).toEqual([400, MeetingMessages.ended]);
  });

  it('the client releases after the meeting; only from PAID; only the payer or an admin', async () => {
    const { payment } = await paidMeeting(HOUR);
    const asLawyer = await call(t.app, 'PUT', `/v1/payments/${payment.id}/release`, { token: lawyer.token });
    expect(asLawyer.status).toBe(403);
    const asStranger = await call(t.app, 'PUT', `/v1/payments/${payment.id}/release`, { token: stranger.token });
    expect(asStranger.status).toBe(404);
    const released = await call(t.app, 'PUT', `/v1/payments/${payment.id}/release`, { token: client.token });
    expect(released.json?.message).toBe(PaymentMessages.paymentReleased);
    expect(paymentOf(released).history.map((h) => h.status)).toEqual(['PENDING', 'PAID', 'RELEASED']);
    expect((await holdOf(payment.id)).status).toBe('CAPTURED');
    const again = await call(t.app, 'PUT', `/v1/payments/${payment.id}/release`, { token: client.token });
    expect([again.status, again.json?.error?.message]).toEqual([409, PaymentMessages.notPaid]);
    const cancelLate = await call(t.app, 'PUT', `/v1/payments/${payment.id}/cancel`, { token: client.token });
    expect(cancelLate.status).toBe(409);
    const lawyerNotes = await notificationsOf(lawyer);
    expect(lawyerNotes[0]?.content).toContain('released to you by your client');
    // The release job is gone with the release.
    expect(await liveJobs(releaseJobKey(payment.id))).toHaveLength(0);
  });

  it('the job releases 6 hours after the end and tells both', async () => {
    const { meeting, payment } = await paidMeeting(HOUR, 30);
    // From the meeting's own end: its start is floored to the minute, so "now + 1 h 30 min + 6 h"
    // could already be past the release by up to a minute, depending on the second the test ran.
    const releaseAt = Date.parse(meeting.endTimestamp) + 6 * HOUR;
    await advance(releaseAt - MINUTE - t.clock.now().getTime());
    await t.app.services.jobRunner.runDue();
    expect(paymentOf(await call(t.app, 'GET', `/v1/payments/${payment.id}`, { token: client.token })).status).toBe(
      'PAID',
    );
    await advance(2 * MINUTE);
    await t.app.services.jobRunner.runDue();
    const released = paymentOf(await call(t.app, 'GET', `/v1/payments/${payment.id}`, { token: client.token }));
    expect(released.status).toBe('RELEASED');
    expect((await holdOf(payment.id)).captureKey).toBe(releaseCaptureKey(payment.id));
    expect((await notificationsOf(lawyer))[0]?.content).toContain('automatically');
    expect(
      (await notificationsOf(client)).some((n) => n.content.includes('released to your lawyer automatically')),
    ).toBe(true);
  });

  it('cancel: PENDING → CANCELED; PAID before the start → REFUNDED with the hold voided; after the start → 409', async () => {
    const pending = await schedule();
    const cancelled = await call(t.app, 'PUT', `/v1/payments/${pending.payment!.id}/cancel`, { token: client.token });
    expect([cancelled.json?.message, paymentOf(cancelled).status]).toEqual([
      PaymentMessages.paymentCanceled,
      'CANCELED',
    ]);
    const { payment } = await paidMeeting();
    expect((await call(t.app, 'PUT', `/v1/payments/${payment.id}/cancel`, { token: lawyer.token })).status).toBe(403);
    const refunded = await call(t.app, 'PUT', `/v1/payments/${payment.id}/cancel`, { token: client.token });
    expect([refunded.json?.message, paymentOf(refunded).status]).toEqual([PaymentMessages.paymentRefunded, 'REFUNDED']);
    expect((await holdOf(payment.id)).status).toBe('VOIDED');
    expect(await liveJobs(releaseJobKey(payment.id))).toHaveLength(0);
    const started = await paidMeeting(HOUR);
    await advance(HOUR + MINUTE);
    const tooLate = await call(t.app, 'PUT', `/v1/payments/${started.payment.id}/cancel`, { token: client.token });
    expect([tooLate.status, tooLate.json?.error?.message]).toEqual([409, PaymentMessages.cannotCancel]);
  });

  it('reminds both parties 15 minutes before the start, in the app', async () => {
    const meeting = await schedule({}, HOUR);
    await advance(HOUR - 15 * MINUTE + 1000);
    await t.app.services.jobRunner.runDue();
    for (const party of [client, lawyer]) {
      const reminder = (await notificationsOf(party)).find((n) => n.content.startsWith('Reminder'));
      expect(reminder?.content).toContain(meeting.title);
    }
  });
});

describe('exactly one capture', () => {
  it('50 concurrent identical complete and release calls with one Idempotency-Key capture once; another body → 422', async () => {
    const capture = vi.spyOn(SandboxPaymentProvider.prototype, 'capture');
    try {
      const meeting = await schedule({}, HOUR);
      const { sessionId } = await payWith(meeting);
      const completes = await Promise.all(
        Array.from({ length: 50 }, () =>
          call(t.app, 'PUT', `/v1/payments/complete/${sessionId}`, {
            token: client.token,
            headers: { 'idempotency-key': 'complete-once' },
          }),
        ),
      );
      // Each answer is the PAID payment (first or replayed) or "still being processed".
      expect(completes.every((r) => r.status === 200 || r.status === 409)).toBe(true);
      expect(completes.filter((r) => r.status === 200).length).toBeGreaterThan(0);
      const paymentId = meeting.payment!.id;
      const releases = await Promise.all(
        Array.from({ length: 50 }, () =>
          call(t.app, 'PUT', `/v1/payments/${paymentId}/release`, {
            token: client.token,
            headers: { 'idempotency-key': 'release-once' },
          }),
        ),
      );
      expect(releases.every((r) => r.status === 200 || r.status === 409)).toBe(true);
      const settled = paymentOf(await call(t.app, 'GET', `/v1/payments/${paymentId}`, { token: client.token }));
      expect(settled.history.map((h) => h.status)).toEqual(['PENDING', 'PAID', 'RELEASED']);
      const results = await Promise.all(capture.mock.results.map((r) => r.value as Promise<{ replayed: boolean }>));
      expect(results.filter((r) => !r.replayed)).toHaveLength(1);
      // A replay of the finished key answers the same; the key on another request is refused.
      const replay = await call(t.app, 'PUT', `/v1/payments/${paymentId}/release`, {
        token: client.token,
        headers: { 'idempotency-key': 'release-once' },
      });
      expect([replay.status, replay.headers['idempotent-replayed']]).toEqual([200, 'true']);
      const other = await call(t.app, 'PUT', `/v1/payments/${paymentId}/cancel`, {
        token: client.token,
        headers: { 'idempotency-key': 'release-once' },
      });
      expect([other.status, other.json?.error?.message]).toEqual([422, ServerMessages.idempotencyMismatch]);
    } finally {
      capture.mockRestore();
    }
  });

  it('a crash between the capture and the status change still ends in one capture', async () => {
    const { payment } = await paidMeeting(HOUR);
    const hold = await holdOf(payment.id);
    // The provider captured (the release's first step) and then the process died before the database moved.
    const provider = new SandboxPaymentProvider(t.database.db, t.clock, t.config.publicUrl);
    expect((await provider.capture(hold.id, releaseCaptureKey(payment.id))).replayed).toBe(false);
    expect(paymentOf(await call(t.app, 'GET', `/v1/payments/${payment.id}`, { token: client.token })).status).toBe(
      'PAID',
    );
    // After the restart the job (or the client) releases again: the same key replays the capture.
    await advance(HOUR + 45 * MINUTE + 6 * HOUR);
    await t.app.services.jobRunner.runDue();
    expect(paymentOf(await call(t.app, 'GET', `/v1/payments/${payment.id}`, { token: client.token })).status).toBe(
      'RELEASED',
    );
    const after = await holdOf(payment.id);
    expect([after.status, after.capturedMinor]).toEqual(['CAPTURED', 112500]);
  });
});

describe('a hold the provider no longer has', () => {
  it('the release job gives up at once (kept dead with the reason) instead of retrying forever', async () => {
    const { payment } = await paidMeeting(HOUR, 30);
    const provider = new SandboxPaymentProvider(t.database.db, t.clock, t.config.publicUrl);
    await provider.void((await holdOf(payment.id)).id);
    await advance(HOUR + 30 * MINUTE + 6 * HOUR + MINUTE);
    await t.app.services.jobRunner.runDue();
    const [job] = await t.database.db
      .select()
      .from(jobsTable)
      .where(eq(jobsTable.dedupeKey, releaseJobKey(payment.id)));
    expect(job?.deadAt).not.toBeNull();
    expect(job?.lastError).toContain('VOIDED');
    expect(paymentOf(await call(t.app, 'GET', `/v1/payments/${payment.id}`, { token: client.token })).status).toBe(
      'PAID',
    );
  });
});

describe('admin opens a payment', () => {
  it('POST /payments: the meeting’s parties only, one open payment per meeting', async () => {
    const meeting = await schedule();
    await call(t.app, 'PUT', `/v1/payments/${meeting.payment!.id}/cancel`, { token: client.token });
    const body = { payerId: client.id, payeeId: lawyer.id, meetingId: meeting.id, amount: 500.5 };
    expect((await call(t.app, 'POST', '/v1/payments/', { token: client.token, body })).status).toBe(403);
    const wrong = await call(t.app, 'POST', '/v1/payments/', {
      token: admin.token,
      body: { ...body, payerId: stranger.id },
    });
    expect(wrong.status).toBe(400);
    const res = await call(t.app, 'POST', '/v1/payments/', { token: admin.token, body });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(PaymentSchema.parse(res.json?.data)).toMatchObject({ amount: 500.5, status: 'PENDING' });
    expect((await call(t.app, 'POST', '/v1/payments/', { token: admin.token, body })).status).toBe(409);
    const badAmount = await call(t.app, 'POST', '/v1/payments/', {
      token: admin.token,
      body: { ...body, amount: 1.005 },
    });
    expect(badAmount.status).toBe(400);
  });
});
