/**
 * Paying a meeting with bKash through the real app: the checkout by method, bKash's callback (never
 * trusted alone), release and cancel, the release job and reconciliation — against the bKash
 * provider pointed at the local stand-in for bKash (tests/helpers/bkash-stand-in.ts) — and the
 * sandbox's own bKash wallet when no bKash credentials are set.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Meeting } from '../../../contract/meetings';
import type { Notification } from '../../../contract/notifications';
import {
  PaymentMessages,
  PaymentSchema,
  SandboxCheckoutSchema,
  WALLET_DECLINE_MESSAGES,
  type Payment,
} from '../../../contract/payments';
import { BKASH_TEST_CREDENTIALS, BkashStandIn } from '../../../tests/helpers/bkash-stand-in';
import { caseParties } from '../../../tests/helpers/server-cases';
import { authData, call, type CallResult } from '../../../tests/helpers/server-http';
import type { Session } from '../../../tests/helpers/server-lawyers';
import { startTestApp, type TestApp } from '../../../tests/helpers/server-app';
import { jobs as jobsTable } from '../../db/schema';
import { BKASH_CALLBACK_PATH, BKASH_PATHS, BkashPaymentProvider } from '../../payments/bkash';
import { reconcileJobKey } from './release-job';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const bkash = new BkashStandIn();
let t: TestApp;
let lawyer: Session;
let client: Session;
let admin: Session;

beforeAll(async () => {
  await bkash.start();
  const provider = new BkashPaymentProvider(
    { ...BKASH_TEST_CREDENTIALS, baseUrl: bkash.baseUrl, callbackUrl: `http://app.test${BKASH_CALLBACK_PATH}` },
    { now: () => new Date() },
  );
  t = await startTestApp({ build: { bkashProvider: provider } });
});
afterAll(async () => {
  await t.close();
  await bkash.stop();
});
beforeEach(async () => {
  await t.reset();
  bkash.reset();
  ({ lawyer, client, admin } = await caseParties(t));
});

async function schedule(inMs = 24 * HOUR, minutes = 45): Promise<Meeting> {
  const start = new Date(t.clock.now().getTime() + inMs);
  start.setUTCSeconds(0, 0);
  const res = await call(t.app, 'POST', '/v1/videocalls/', {
    token: lawyer.token,
    body: {
      email: client.email,
      title: 'Consultation on the land deed',
      startDateTime: start.toISOString(),
      endDateTime: new Date(start.getTime() + minutes * MINUTE).toISOString(),
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json?.data as Meeting;
}

const paymentOf = (res: CallResult): Payment => {
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return PaymentSchema.strict().parse(res.json?.data);
};
const read = async (id: string) => paymentOf(await call(t.app, 'GET', `/v1/payments/${id}`, { token: client.token }));

async function checkout(meeting: Meeting, method: 'CARD' | 'BKASH' = 'BKASH') {
  const res = await call(t.app, 'POST', `/v1/payments/${meeting.payment!.id}/checkout`, {
    token: client.token,
    body: { method },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json?.data as { sessionId: string; redirectUrl: string };
}

const callback = (paymentID: string, status = 'success') =>
  call(t.app, 'GET', `${BKASH_CALLBACK_PATH}?paymentID=${encodeURIComponent(paymentID)}&status=${status}&signature=x`);

async function notificationsOf(session: Session): Promise<Notification[]> {
  const res = await call(t.app, 'GET', '/v1/notifications/?size=100', { token: session.token });
  return (res.json?.data as { notifications: Notification[] }).notifications.filter((n) => n.type === 'PAYMENT_UPDATE');
}

/** Moves the clock; everyone signs in again (access tokens live an hour). */
async function advance(ms: number): Promise<void> {
  t.clock.advance(ms);
  for (const session of [lawyer, client, admin]) {
    const login = await call(t.app, 'POST', '/v1/auth/login', {
      body: { email: session.email, password: session.password },
    });
    session.token = authData(login).token;
  }
}

/** A meeting paid with bKash: checkout, approval in the wallet, the callback. */
async function heldWithBkash(inMs?: number, minutes?: number) {
  const meeting = await schedule(inMs, minutes);
  const { sessionId } = await checkout(meeting);
  bkash.approve(sessionId);
  const back = await callback(sessionId);
  expect(back.status).toBe(302);
  return { meeting, paymentId: meeting.payment!.id, sessionId };
}

describe('checkout by method', () => {
  it('BKASH sends the payer to bkashURL for an authorization of the price; CARD keeps the sandbox card page', async () => {
    const meeting = await schedule();
    const { sessionId, redirectUrl } = await checkout(meeting);
    const created = bkash.onlyPayment();
    expect(sessionId).toBe(created.paymentID);
    expect(redirectUrl).toContain(`paymentID=${created.paymentID}`);
    expect(created.amount).toBe('1125.00');
    expect(created.callbackURL).toBe(`http://app.test${BKASH_CALLBACK_PATH}`);
    const payment = await read(meeting.payment!.id);
    expect([payment.status, payment.method, payment.trxID]).toEqual(['PENDING', 'BKASH', null]);
    const card = await checkout(meeting, 'CARD');
    expect(card.redirectUrl).toBe(`${t.config.publicUrl}/pay/checkout/${card.sessionId}`);
    expect((await read(meeting.payment!.id)).method).toBe('CARD');
  });

  it('only the payer may open a checkout; a bad method is a 400', async () => {
    const meeting = await schedule();
    const asLawyer = await call(t.app, 'POST', `/v1/payments/${meeting.payment!.id}/checkout`, {
      token: lawyer.token,
      body: { method: 'BKASH' },
    });
    expect(asLawyer.status).toBe(403);
    const bad = await call(t.app, 'POST', `/v1/payments/${meeting.payment!.id}/checkout`, {
      token: client.token,
      body: { method: 'NAGAD' },
    });
    expect(bad.status).toBe(400);
    expect(bkash.payments.size).toBe(0);
  });
});

describe('the callback', () => {
  it('executes, confirms by query, holds; replayed 10 times (at once and after) it is one hold', async () => {
    const meeting = await schedule();
    const { sessionId } = await checkout(meeting);
    bkash.approve(sessionId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => callback(sessionId)));
    for (const answer of answers) {
      expect(answer.status).toBe(302);
      expect(answer.headers.location).toBe(`${t.config.publicUrl}/payment/success?session_id=${sessionId}`);
    }
    for (let i = 0; i < 10; i += 1) expect((await callback(sessionId)).status).toBe(302);
    const payment = await read(meeting.payment!.id);
    expect(payment.history.map((h) => h.status)).toEqual(['PENDING', 'PAID']);
    expect(payment.paymentMethod).toBe('MFS');
    expect(bkash.count(BKASH_PATHS.execute)).toBeGreaterThanOrEqual(1);
    expect(bkash.payments.get(sessionId)?.status).toBe('Authorized');
    expect((await notificationsOf(lawyer)).filter((n) => n.content.includes('paid'))).toHaveLength(1);
    // The payment-success screen's complete answers the held payment as it is.
    const complete = paymentOf(await call(t.app, 'PUT', `/v1/payments/complete/${sessionId}`, { token: client.token }));
    expect(complete.status).toBe('PAID');
  });

  it('a callback saying success for a payment not approved holds nothing', async () => {
    const meeting = await schedule();
    const { sessionId } = await checkout(meeting);
    const back = await callback(sessionId, 'success');
    expect(back.headers.location).toContain('/my-meetings?');
    expect((await read(meeting.payment!.id)).status).toBe('PENDING');
  });

  it('a wallet refusal comes back with its reason; the payment stays PENDING', async () => {
    const meeting = await schedule();
    const { sessionId } = await checkout(meeting);
    bkash.refuse(sessionId, 'error-insufficient-balance');
    const back = await callback(sessionId, 'failure');
    const location = new URL(String(back.headers.location));
    expect(Object.fromEntries(location.searchParams)).toEqual({
      paymentId: meeting.payment!.id,
      bkash: 'failure',
      reason: 'INSUFFICIENT_BALANCE',
    });
    expect((await read(meeting.payment!.id)).status).toBe('PENDING');
    // Later, bKash's query only knows the payment failed.
    const complete = await call(t.app, 'PUT', `/v1/payments/complete/${sessionId}`, { token: client.token });
    expect([complete.status, complete.json?.error?.message]).toEqual([402, WALLET_DECLINE_MESSAGES.DECLINED]);
  });

  it('an unknown paymentID goes back to the meetings, holding nothing', async () => {
    const back = await callback('TR0011ONforged');
    expect(back.status).toBe(302);
    expect(back.headers.location).toContain('/my-meetings?');
  });
});

describe('release and cancel', () => {
  it('release captures once and shows the trxID; the lawyer sees it paid', async () => {
    const { paymentId, sessionId } = await heldWithBkash();
    const released = paymentOf(await call(t.app, 'PUT', `/v1/payments/${paymentId}/release`, { token: client.token }));
    expect(released.status).toBe('RELEASED');
    expect(released.trxID).toBe(bkash.payments.get(sessionId)?.trxID);
    expect(released.trxID).toMatch(/^CKP/);
    const asLawyer = paymentOf(await call(t.app, 'GET', `/v1/payments/${paymentId}`, { token: lawyer.token }));
    expect([asLawyer.status, asLawyer.trxID]).toEqual(['RELEASED', released.trxID]);
  });

  it('20 concurrent releases: one capture at bKash, one RELEASED', async () => {
    const { paymentId, sessionId } = await heldWithBkash();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(t.app, 'PUT', `/v1/payments/${paymentId}/release`, { token: client.token }),
      ),
    );
    expect(answers.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);
    expect(bkash.payments.get(sessionId)?.captures).toBe(1);
    expect((await read(paymentId)).history.map((h) => h.status)).toEqual(['PENDING', 'PAID', 'RELEASED']);
  });

  it('a capture that failed is retried by the release job: one capture', async () => {
    const { paymentId, sessionId } = await heldWithBkash(HOUR, 30);
    bkash.fault(BKASH_PATHS.capture, 'unavailable');
    bkash.fault(BKASH_PATHS.capture, 'lost');
    await advance(HOUR + 30 * MINUTE + 6 * HOUR + MINUTE);
    await t.app.services.jobRunner.runDue();
    expect((await read(paymentId)).status).toBe('PAID');
    for (let attempt = 0; attempt < 3 && (await read(paymentId)).status === 'PAID'; attempt += 1) {
      await advance(HOUR);
      await t.app.services.jobRunner.runDue();
    }
    const settled = await read(paymentId);
    expect(settled.status).toBe('RELEASED');
    expect(bkash.payments.get(sessionId)?.captures).toBe(1);
    expect(settled.trxID).toBe(bkash.payments.get(sessionId)?.trxID);
  });

  it('cancel before the start voids the authorization at bKash → REFUNDED', async () => {
    const { paymentId, sessionId } = await heldWithBkash();
    const cancelled = paymentOf(await call(t.app, 'PUT', `/v1/payments/${paymentId}/cancel`, { token: client.token }));
    expect(cancelled.status).toBe('REFUNDED');
    expect(bkash.payments.get(sessionId)?.status).toBe('Cancelled');
  });
});

describe('reconciliation', () => {
  const liveJob = async (paymentId: string) => {
    const [job] = await t.database.db
      .select()
      .from(jobsTable)
      .where(and(eq(jobsTable.dedupeKey, reconcileJobKey(paymentId)), isNull(jobsTable.deadAt)));
    return job ?? null;
  };

  it('approved in bKash, window closed before the callback: the job executes, queries and holds it', async () => {
    const meeting = await schedule();
    const { sessionId } = await checkout(meeting);
    bkash.approve(sessionId);
    await advance(11 * MINUTE);
    await t.app.services.jobRunner.runDue();
    const payment = await read(meeting.payment!.id);
    expect(payment.status).toBe('PAID');
    expect(bkash.payments.get(sessionId)?.status).toBe('Authorized');
    // It keeps watching the hold.
    expect(await liveJob(meeting.payment!.id)).not.toBeNull();
  });

  it('an authorization bKash expired before release ends REFUNDED with the reason; both parties are told', async () => {
    const { paymentId, sessionId } = await heldWithBkash(3 * 24 * HOUR);
    bkash.expire(sessionId);
    await advance(11 * MINUTE);
    await t.app.services.jobRunner.runDue();
    const payment = await read(paymentId);
    expect([payment.status, payment.statusReason]).toEqual(['REFUNDED', 'AUTHORIZATION_EXPIRED']);
    expect(await liveJob(paymentId)).toBeNull();
    const toClient = (await notificationsOf(client)).find((n) => n.content.includes('ended the hold'));
    const toLawyer = (await notificationsOf(lawyer)).find((n) => n.content.includes('ended the client'));
    expect(toClient?.content).toContain('৳1,125');
    expect(toLawyer?.content).toContain('not paid to you');
    // Nothing is left to release.
    const release = await call(t.app, 'PUT', `/v1/payments/${paymentId}/release`, { token: client.token });
    expect(release.status).toBe(409);
    expect(bkash.payments.get(sessionId)?.captures).toBe(0);
  });

  it('a hold still authorized is left alone and looked at again later', async () => {
    const { paymentId } = await heldWithBkash(3 * 24 * HOUR);
    await advance(11 * MINUTE);
    await t.app.services.jobRunner.runDue();
    expect((await read(paymentId)).status).toBe('PAID');
    const job = await liveJob(paymentId);
    expect(job?.runAt.getTime()).toBeGreaterThan(t.clock.now().getTime() + 50 * MINUTE);
  });
});

describe('the sandbox bKash wallet (no bKash credentials)', () => {
  let s: TestApp;
  let payer: Session;
  let payee: Session;

  beforeAll(async () => {
    s = await startTestApp();
  });
  afterAll(async () => {
    await s.close();
  });
  beforeEach(async () => {
    await s.reset();
    ({ client: payer, lawyer: payee } = await caseParties(s));
  });

  async function walletSession() {
    const start = new Date(s.clock.now().getTime() + 24 * HOUR);
    start.setUTCSeconds(0, 0);
    const meeting = (
      await call(s.app, 'POST', '/v1/videocalls/', {
        token: payee.token,
        body: {
          email: payer.email,
          title: 'Bail consultation',
          startDateTime: start.toISOString(),
          endDateTime: new Date(start.getTime() + 45 * MINUTE).toISOString(),
        },
      })
    ).json?.data as Meeting;
    const res = await call(s.app, 'POST', `/v1/payments/${meeting.payment!.id}/checkout`, {
      token: payer.token,
      body: { method: 'BKASH' },
    });
    const { sessionId, redirectUrl } = res.json?.data as { sessionId: string; redirectUrl: string };
    expect(redirectUrl).toBe(`${s.config.publicUrl}/pay/checkout/${sessionId}`);
    return { meeting, sessionId };
  }

  const pay = (sessionId: string, wallet: string, pin = '12121', otp = '123456') =>
    call(s.app, 'POST', `/v1/payments/sandbox/checkout/${sessionId}`, {
      token: payer.token,
      body: { method: 'BKASH', wallet, otp, pin },
    });

  it('01700000001 approves: the same hold/capture ledger, MFS, a trxID once released', async () => {
    const { meeting, sessionId } = await walletSession();
    const page = SandboxCheckoutSchema.strict().parse(
      (await call(s.app, 'GET', `/v1/payments/sandbox/checkout/${sessionId}`, { token: payer.token })).json?.data,
    );
    expect([page.method, page.status, page.amount]).toEqual(['BKASH', 'OPEN', 1125]);
    const approved = await pay(sessionId, '01700000001');
    expect(approved.status, JSON.stringify(approved.json)).toBe(200);
    const paid = PaymentSchema.parse(
      (await call(s.app, 'PUT', `/v1/payments/complete/${sessionId}`, { token: payer.token })).json?.data,
    );
    expect([paid.status, paid.method, paid.paymentMethod]).toEqual(['PAID', 'BKASH', 'MFS']);
    const released = PaymentSchema.parse(
      (await call(s.app, 'PUT', `/v1/payments/${meeting.payment!.id}/release`, { token: payer.token })).json?.data,
    );
    expect(released.status).toBe('RELEASED');
    expect(released.trxID).toMatch(/^[A-Z0-9]{10}$/);
  });

  it('01700000002: insufficient balance (402), and another wallet may still pay', async () => {
    const { sessionId } = await walletSession();
    const refused = await pay(sessionId, '01700000002');
    expect([refused.status, refused.json?.error?.message]).toEqual([402, PaymentMessages.walletInsufficientBalance]);
    const page = (await call(s.app, 'GET', `/v1/payments/sandbox/checkout/${sessionId}`, { token: payer.token })).json
      ?.data as { status: string; declineReason: string };
    expect([page.status, page.declineReason]).toEqual(['DECLINED', 'INSUFFICIENT_BALANCE']);
    expect((await pay(sessionId, '01700000001')).status).toBe(200);
  });

  it('01700000003: wrong PIN, wrong PIN, then locked — and locked it stays', async () => {
    const { sessionId } = await walletSession();
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await pay(sessionId, '01700000003'));
    expect(answers.map((a) => [a.status, a.json?.error?.message])).toEqual([
      [402, PaymentMessages.walletWrongPin],
      [402, PaymentMessages.walletWrongPin],
      [402, PaymentMessages.walletLocked],
    ]);
    expect((await pay(sessionId, '01700000003')).json?.error?.message).toBe(PaymentMessages.walletLocked);
  });

  it('checks the wallet steps: 11 digits starting 01, a 6-digit code (123456), a 5-digit PIN', async () => {
    const { sessionId } = await walletSession();
    const badWallet = await pay(sessionId, '0170000001');
    expect([badWallet.status, badWallet.json?.error?.fields]).toEqual([
      400,
      [{ field: 'wallet', message: PaymentMessages.invalidWallet }],
    ]);
    expect((await pay(sessionId, '01700000001', '12121', '12345')).json?.error?.fields?.[0]?.field).toBe('otp');
    expect((await pay(sessionId, '01700000001', '1212')).json?.error?.fields?.[0]?.field).toBe('pin');
    const wrongCode = await pay(sessionId, '01700000001', '12121', '654321');
    expect([wrongCode.status, wrongCode.json?.error?.message]).toEqual([402, PaymentMessages.walletWrongCode]);
    const missing = await call(s.app, 'POST', `/v1/payments/sandbox/checkout/${sessionId}`, {
      token: payer.token,
      body: { method: 'BKASH', wallet: '01700000001' },
    });
    expect(missing.status).toBe(400);
    expect(missing.json?.error?.fields?.map((f: { field: string }) => f.field)).toEqual(['otp', 'pin']);
  });
});
