/** The sandbox provider against a real database (PGlite, or PostgreSQL with DATABASE_URL). */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createScratchDatabase, TestClock, type ScratchDatabase } from '../../tests/helpers/server-app';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { sandboxHolds } from '../db/schema';
import { TEST_CARD_DECLINED, TEST_CARD_SUCCESS } from './card';
import { HoldStateError } from './provider';
import { SandboxPaymentProvider } from './sandbox';

let scratch: ScratchDatabase;
let database: DatabaseHandle;
const clock = new TestClock();
let provider: SandboxPaymentProvider;

const card = (cardNumber: string) => ({ cardNumber, expiry: '12/40', cvc: '123' });
const hold = (amountPaisa = 150_000) => ({
  reference: crypto.randomUUID(),
  amountPaisa,
  currency: 'BDT' as const,
  successUrl: 'https://app.test/payment/success?session_id={sessionId}',
  cancelUrl: 'https://app.test/my-meetings',
});

beforeAll(async () => {
  scratch = await createScratchDatabase();
  database = await openDatabase({ databaseUrl: scratch.url, dataDir: '', pgliteDump: scratch.dump ?? undefined });
});
afterAll(async () => {
  await database.close();
  await scratch.drop();
});
beforeEach(async () => {
  await database.db.delete(sandboxHolds);
  provider = new SandboxPaymentProvider(database.db, clock, 'https://app.test');
});

describe('sandbox payment provider', () => {
  it('opens a checkout on our own page and holds the amount once a good card is given', async () => {
    const session = await provider.createCheckout(hold());
    expect(session.sessionUrl).toBe(`https://app.test/pay/checkout/${session.sessionId}`);
    expect(await provider.verifyHold(session.sessionId)).toEqual({ state: 'OPEN' });

    const result = await provider.authorize(session.sessionId, card('4242 4242 4242 4242'));
    expect(result).toMatchObject({
      ok: true,
      successUrl: `https://app.test/payment/success?session_id=${session.sessionId}`,
    });
    const verified = await provider.verifyHold(session.sessionId);
    expect(verified).toMatchObject({ state: 'AUTHORIZED', amountPaisa: 150_000, method: 'CARD' });
    const [row] = await database.db.select().from(sandboxHolds).where(eq(sandboxHolds.sessionId, session.sessionId));
    expect(row).toMatchObject({ status: 'AUTHORIZED', cardLast4: '4242', amountMinor: 150_000 });
  });

  it('declines 4000 0000 0000 0002 and lets the payer try another card', async () => {
    const session = await provider.createCheckout(hold());
    expect(await provider.authorize(session.sessionId, card(TEST_CARD_DECLINED))).toEqual({
      ok: false,
      reason: 'declined',
    });
    expect(await provider.verifyHold(session.sessionId)).toEqual({ state: 'DECLINED' });
    expect(await provider.authorize(session.sessionId, card(TEST_CARD_SUCCESS))).toMatchObject({ ok: true });
  });

  it('refuses a bad card form without touching the ledger, and unknown or closed sessions', async () => {
    const session = await provider.createCheckout(hold());
    expect(
      await provider.authorize(session.sessionId, { cardNumber: '4242424242424241', expiry: '12/40', cvc: '123' }),
    ).toMatchObject({
      ok: false,
      reason: 'invalid',
      field: 'cardNumber',
    });
    expect(await provider.verifyHold(session.sessionId)).toEqual({ state: 'OPEN' });
    expect(await provider.authorize('cs_sandbox_nope', card(TEST_CARD_SUCCESS))).toEqual({
      ok: false,
      reason: 'not-found',
    });
    await provider.authorize(session.sessionId, card(TEST_CARD_SUCCESS));
    expect(await provider.authorize(session.sessionId, card(TEST_CARD_SUCCESS))).toEqual({
      ok: false,
      reason: 'closed',
    });
    expect(await provider.verifyHold('cs_sandbox_nope')).toEqual({ state: 'UNKNOWN' });
  });

  it('captures a hold once: 50 concurrent captures with one key move the money exactly once', async () => {
    const session = await provider.createCheckout(hold(12_345));
    const auth = await provider.authorize(session.sessionId, card(TEST_CARD_SUCCESS));
    if (!auth.ok) throw new Error('authorize failed');
    const results = await Promise.all(Array.from({ length: 50 }, () => provider.capture(auth.holdId, 'release-key-1')));
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(results.every((r) => r.capturedPaisa === 12_345)).toBe(true);
    const [row] = await database.db.select().from(sandboxHolds).where(eq(sandboxHolds.id, auth.holdId));
    expect(row).toMatchObject({ status: 'CAPTURED', capturedMinor: 12_345, captureKey: 'release-key-1' });
    expect(await provider.verifyHold(session.sessionId)).toEqual({ state: 'CAPTURED' });
  });

  it('refuses a capture with another key after capture, a capture after void, and a void after capture', async () => {
    const a = await provider.createCheckout(hold());
    const authA = await provider.authorize(a.sessionId, card(TEST_CARD_SUCCESS));
    if (!authA.ok) throw new Error('authorize failed');
    await provider.capture(authA.holdId, 'k1');
    await expect(provider.capture(authA.holdId, 'k2')).rejects.toBeInstanceOf(HoldStateError);
    await expect(provider.void(authA.holdId)).rejects.toBeInstanceOf(HoldStateError);

    const b = await provider.createCheckout(hold());
    const authB = await provider.authorize(b.sessionId, card(TEST_CARD_SUCCESS));
    if (!authB.ok) throw new Error('authorize failed');
    await provider.void(authB.holdId);
    await provider.void(authB.holdId); // voiding twice is harmless
    expect(await provider.verifyHold(b.sessionId)).toEqual({ state: 'VOIDED' });
    await expect(provider.capture(authB.holdId, 'k3')).rejects.toBeInstanceOf(HoldStateError);
    await expect(provider.capture(crypto.randomUUID(), 'k4')).rejects.toBeInstanceOf(HoldStateError);
  });

  it('survives a restart between hold and capture: a new provider instance captures the stored hold once', async () => {
    const session = await provider.createCheckout(hold());
    const auth = await provider.authorize(session.sessionId, card(TEST_CARD_SUCCESS));
    if (!auth.ok) throw new Error('authorize failed');
    const afterRestart = new SandboxPaymentProvider(database.db, clock, 'https://app.test');
    const verified = await afterRestart.verifyHold(session.sessionId);
    expect(verified).toMatchObject({ state: 'AUTHORIZED', holdId: auth.holdId });
    const [first, second] = await Promise.all([
      afterRestart.capture(auth.holdId, 'k'),
      provider.capture(auth.holdId, 'k'),
    ]);
    expect([first?.replayed, second?.replayed].sort()).toEqual([false, true]);
  });
});
