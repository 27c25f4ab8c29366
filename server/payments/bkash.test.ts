/**
 * The bKash provider against recorded answers of bKash's Tokenized Checkout API (tests/fixtures/bkash),
 * served by a local stand-in that keeps each payment's state as bKash does and checks every request
 * (tests/helpers/bkash-stand-in.ts). bKash itself is not reachable from here.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WALLET_DECLINE_MESSAGES, type WalletDeclineReason } from '../../contract/payments';
import { BKASH_TEST_CREDENTIALS, BkashStandIn, bkashFixture } from '../../tests/helpers/bkash-stand-in';
import { BKASH_PATHS, BkashApiError, BkashPaymentProvider, declineReasonOf } from './bkash';
import { HoldStateError } from './provider';

const REFERENCE = '7c1e4f2a-9b3d-4e8a-a6c5-0d2f8b1e3a47';
const CALLBACK = 'https://app.test/v1/payments/bkash/callback';
const MINUTE = 60_000;

const bkash = new BkashStandIn();
let now = new Date('2026-11-24T10:05:00Z');
const clock = { now: () => now };
let provider: BkashPaymentProvider;

beforeAll(() => bkash.start());
afterAll(() => bkash.stop());
beforeEach(() => {
  bkash.reset();
  now = new Date('2026-11-24T10:05:00Z');
  provider = new BkashPaymentProvider(
    { ...BKASH_TEST_CREDENTIALS, baseUrl: bkash.baseUrl, callbackUrl: CALLBACK, timeoutMs: 2_000 },
    clock,
  );
});
afterEach(() => {
  expect(bkash.problems).toEqual([]);
});

const hold = (amountPaisa = 150_000) => ({
  reference: REFERENCE,
  amountPaisa,
  currency: 'BDT' as const,
  successUrl: 'https://app.test/payment/success?session_id={sessionId}',
  cancelUrl: 'https://app.test/my-meetings',
});

const paths = () => bkash.requests.map((r) => r.path.replace(/^\/v1\.2\.0-beta/, ''));

/** A payment created, approved in the wallet, executed and confirmed: its paymentID. */
async function authorized(amountPaisa = 150_000): Promise<string> {
  const { sessionId } = await provider.createCheckout(hold(amountPaisa));
  bkash.approve(sessionId);
  expect(await provider.verifyHold(sessionId)).toMatchObject({ state: 'AUTHORIZED' });
  return sessionId;
}

describe('every step', () => {
  it('grants a token, then creates an authorization in BDT with two decimals and our callback', async () => {
    const session = await provider.createCheckout(hold(150_050));
    const created = bkash.onlyPayment();
    expect(session).toEqual({
      sessionId: created.paymentID,
      sessionUrl: String(bkashFixture('create-payment').bkashURL).replaceAll(
        'TR0011ON1795600800123',
        created.paymentID,
      ),
    });
    expect(paths()).toEqual([BKASH_PATHS.grant, BKASH_PATHS.create]);
    const body = bkash.requests[1]!.body;
    expect(body).toMatchObject({
      mode: '0011',
      intent: 'authorization',
      currency: 'BDT',
      amount: '1500.50',
      callbackURL: CALLBACK,
    });
    expect(String(body.merchantInvoiceNumber).startsWith(REFERENCE)).toBe(true);
  });

  it('amounts: integer paisa become taka with exactly two decimals', async () => {
    for (const [paisa, taka] of [
      [1, '0.01'],
      [100, '1.00'],
      [112_500, '1125.00'],
      [99_999_999, '999999.99'],
    ] as const) {
      await provider.createCheckout(hold(paisa));
      expect(bkash.requests.at(-1)?.body.amount).toBe(taka);
    }
  });

  it('before the customer approved: the payment is open and nothing is held', async () => {
    const { sessionId } = await provider.createCheckout(hold());
    expect(await provider.verifyHold(sessionId)).toEqual({ state: 'OPEN' });
    expect(bkash.payments.get(sessionId)?.status).toBe('Initiated');
  });

  it('after approval: execute, then a query confirms the authorization (a second check only queries)', async () => {
    const { sessionId } = await provider.createCheckout(hold());
    bkash.approve(sessionId);
    bkash.requests.length = 0;
    expect(await provider.verifyHold(sessionId)).toEqual({
      state: 'AUTHORIZED',
      holdId: sessionId,
      amountPaisa: 150_000,
      method: 'MFS',
    });
    expect(paths()).toEqual([BKASH_PATHS.status, BKASH_PATHS.execute, BKASH_PATHS.status]);
    bkash.requests.length = 0;
    expect(await provider.verifyHold(sessionId)).toMatchObject({ state: 'AUTHORIZED' });
    expect(paths()).toEqual([BKASH_PATHS.status]);
    expect(bkash.count(BKASH_PATHS.grant)).toBe(0);
  });

  it('capture completes the payment and gives its trxID; the same key again is a replay', async () => {
    const paymentId = await authorized();
    const first = await provider.capture(paymentId, `release:${REFERENCE}`);
    const { trxID } = bkash.payments.get(paymentId)!;
    expect(first).toEqual({ holdId: paymentId, capturedPaisa: 150_000, replayed: false, trxId: trxID });
    const again = await provider.capture(paymentId, `release:${REFERENCE}`);
    expect(again).toEqual({ ...first, replayed: true });
    expect(bkash.payments.get(paymentId)?.captures).toBe(1);
  });

  it('void cancels the authorization; again is the same outcome; a captured payment cannot be voided', async () => {
    const paymentId = await authorized();
    await provider.void(paymentId);
    expect(bkash.payments.get(paymentId)?.status).toBe('Cancelled');
    await provider.void(paymentId);
    await expect(provider.capture(paymentId, 'release:x')).rejects.toThrow(HoldStateError);
    const captured = await authorized();
    await provider.capture(captured, 'release:y');
    await expect(provider.void(captured)).rejects.toThrow(HoldStateError);
  });

  it('a payment bKash does not know is UNKNOWN; capturing it is refused', async () => {
    expect(await provider.verifyHold('TR0011ONnothing')).toEqual({ state: 'UNKNOWN' });
    await expect(provider.capture('TR0011ONnothing', 'release:z')).rejects.toThrow(HoldStateError);
  });

  it('an authorization bKash expired reads as voided (nothing held any more)', async () => {
    const paymentId = await authorized();
    bkash.expire(paymentId);
    expect(await provider.verifyHold(paymentId)).toEqual({ state: 'VOIDED' });
    await expect(provider.capture(paymentId, 'release:q')).rejects.toThrow(HoldStateError);
  });
});

describe('every mapped error', () => {
  const cases: [string, WalletDeclineReason][] = [
    ['error-insufficient-balance', 'INSUFFICIENT_BALANCE'],
    ['error-wrong-pin', 'WRONG_PIN'],
    ['error-wallet-locked', 'WALLET_LOCKED'],
    ['error-pin-timeout', 'TIMED_OUT'],
    ['error-otp-timeout', 'TIMED_OUT'],
  ];

  it.each(cases)('%s → %s, with its message', async (fixture, reason) => {
    const { sessionId } = await provider.createCheckout(hold());
    bkash.refuse(sessionId, fixture);
    expect(await provider.verifyHold(sessionId)).toEqual({ state: 'DECLINED', reason });
    expect(declineReasonOf(String(bkashFixture(fixture).statusCode))).toBe(reason);
    expect(WALLET_DECLINE_MESSAGES[reason]).toMatch(/\w/);
  });

  it('a code no payer causes is a plain decline', () => {
    expect(declineReasonOf('2003')).toBeNull();
  });

  it('maintenance (503) and an unreachable bKash are transient; a wrong app secret is not', async () => {
    const paymentId = await authorized();
    bkash.fault(BKASH_PATHS.capture, 'unavailable');
    const unavailable = await provider.capture(paymentId, 'release:m').catch((e: unknown) => e);
    expect(unavailable).toBeInstanceOf(BkashApiError);
    expect((unavailable as BkashApiError).transient).toBe(true);
    const wrong = new BkashPaymentProvider(
      { ...BKASH_TEST_CREDENTIALS, appSecret: 'wrong', baseUrl: bkash.baseUrl, callbackUrl: CALLBACK },
      clock,
    );
    const refused = await wrong.createCheckout(hold()).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BkashApiError);
    expect((refused as BkashApiError).transient).toBe(false);
    expect((refused as Error).message).not.toContain('wrong');
  });
});

describe('tokens', () => {
  it('one grant serves many calls; near expiry the token is refreshed, not granted again', async () => {
    await Promise.all([
      provider.createCheckout(hold()),
      provider.createCheckout(hold()),
      provider.createCheckout(hold()),
    ]);
    expect(bkash.count(BKASH_PATHS.grant)).toBe(1);
    now = new Date(now.getTime() + 56 * MINUTE);
    await provider.createCheckout(hold());
    expect([bkash.count(BKASH_PATHS.grant), bkash.count(BKASH_PATHS.refresh)]).toEqual([1, 1]);
    expect(bkash.requests.find((r) => r.path.endsWith(BKASH_PATHS.refresh))?.body).toMatchObject({
      app_key: BKASH_TEST_CREDENTIALS.appKey,
    });
  });

  it('a token that expires in the middle of a flow is replaced once and the flow goes on', async () => {
    const { sessionId } = await provider.createCheckout(hold());
    bkash.approve(sessionId);
    bkash.expireTokens();
    expect(await provider.verifyHold(sessionId)).toMatchObject({ state: 'AUTHORIZED', amountPaisa: 150_000 });
    bkash.expireTokens();
    expect((await provider.capture(sessionId, 'release:t')).replayed).toBe(false);
    expect(bkash.count(BKASH_PATHS.grant)).toBe(3);
    expect(bkash.payments.get(sessionId)?.captures).toBe(1);
  });
});

describe('exactly one capture', () => {
  it('a capture whose answer was lost is found captured by the retry (one capture)', async () => {
    const paymentId = await authorized();
    bkash.fault(BKASH_PATHS.capture, 'lost');
    const result = await provider.capture(paymentId, 'release:lost');
    expect(result.replayed).toBe(true);
    expect(await provider.capture(paymentId, 'release:lost')).toMatchObject({ replayed: true });
    expect(bkash.payments.get(paymentId)?.captures).toBe(1);
  });

  it('20 concurrent captures with one key make one request and one capture', async () => {
    const paymentId = await authorized();
    bkash.requests.length = 0;
    const results = await Promise.all(Array.from({ length: 20 }, () => provider.capture(paymentId, 'release:c')));
    expect(new Set(results.map((r) => r.trxId)).size).toBe(1);
    expect(bkash.count(BKASH_PATHS.capture)).toBe(1);
    expect(bkash.payments.get(paymentId)?.captures).toBe(1);
  });
});
