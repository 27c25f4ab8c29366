/** Escrow transitions against a real database and the real sandbox ledger (PGlite or PostgreSQL). */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createScratchDatabase, TestClock, type ScratchDatabase } from '../../../tests/helpers/server-app';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { meetings, payments, paymentStatusHistory, sandboxHolds, users } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { TEST_CARD_SUCCESS } from '../../payments/card';
import type { CaptureResult } from '../../payments/provider';
import { SandboxPaymentProvider } from '../../payments/sandbox';
import { PaymentMessages } from '../../../contract/payments';
import { EscrowService } from './escrow';
import type { PaymentActor } from './policy';

let scratch: ScratchDatabase;
let database: DatabaseHandle;
const clock = new TestClock();
let sandbox: SandboxPaymentProvider;
let escrow: EscrowService;
let captures: CaptureResult[];
let payer: PaymentActor;
let payee: PaymentActor;
const urls = {
  successUrl: 'https://app.test/payment/success?session_id={sessionId}',
  cancelUrl: 'https://app.test/my-meetings',
};

beforeAll(async () => {
  scratch = await createScratchDatabase();
  database = await openDatabase({ databaseUrl: scratch.url, dataDir: '', pgliteDump: scratch.dump ?? undefined });
});
afterAll(async () => {
  await database.close();
  await scratch.drop();
});

async function user(role: 'USER' | 'LAWYER') {
  const [row] = await database.db
    .insert(users)
    .values({
      email: `${randomUUID()}@test.bd`,
      passwordHash: 'x',
      firstName: 'A',
      lastName: 'B',
      role,
      emailVerified: true,
    })
    .returning();
  if (!row) throw new Error('no user');
  return row;
}

beforeEach(async () => {
  clock.reset();
  captures = [];
  sandbox = new SandboxPaymentProvider(database.db, clock, 'https://app.test');
  const counting = Object.assign(Object.create(sandbox) as SandboxPaymentProvider, {
    capture: async (holdId: string, key: string) => {
      const result = await sandbox.capture(holdId, key);
      captures.push(result);
      return result;
    },
  });
  escrow = new EscrowService(database.db, counting, clock);
  const client = await user('USER');
  const lawyer = await user('LAWYER');
  payer = { kind: 'user', userId: client.id, role: 'USER' };
  payee = { kind: 'user', userId: lawyer.id, role: 'LAWYER' };
});

async function pendingPayment(startsInMinutes = 60) {
  if (payer.kind !== 'user' || payee.kind !== 'user') throw new Error('actors');
  const startsAt = new Date(clock.now().getTime() + startsInMinutes * 60_000);
  const [meeting] = await database.db
    .insert(meetings)
    .values({
      lawyerId: payee.userId,
      clientId: payer.userId,
      title: 'Consultation',
      roomName: randomUUID(),
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3_600_000),
    })
    .returning();
  const [payment] = await database.db
    .insert(payments)
    .values({ payerId: payer.userId, payeeId: payee.userId, meetingId: meeting?.id, amount: '1500.00' })
    .returning();
  if (!payment) throw new Error('no payment');
  return payment;
}

async function paidPayment(startsInMinutes = 60) {
  const payment = await pendingPayment(startsInMinutes);
  const session = await escrow.checkout(payment.id, payer, urls);
  const auth = await sandbox.authorize(session.sessionId, {
    cardNumber: TEST_CARD_SUCCESS,
    expiry: '12/40',
    cvc: '123',
  });
  expect(auth.ok).toBe(true);
  return { payment: await escrow.complete(session.sessionId, payer), sessionId: session.sessionId };
}

const statusOf = async (error: Promise<unknown>) =>
  error.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? e.statusCode : e),
  );

describe('escrow', () => {
  it('holds the amount at checkout and completes to PAID only after the provider confirms the hold', async () => {
    const payment = await pendingPayment();
    const session = await escrow.checkout(payment.id, payer, urls);
    expect(await statusOf(escrow.complete(session.sessionId, payer))).toBe(400);
    await sandbox.authorize(session.sessionId, { cardNumber: TEST_CARD_SUCCESS, expiry: '12/40', cvc: '123' });
    expect(await statusOf(escrow.complete(session.sessionId, payee))).toBe(403);
    const paid = await escrow.complete(session.sessionId, payer);
    expect(paid).toMatchObject({ status: 'PAID', paymentMethod: 'CARD', amount: '1500.00' });
    expect(paid.transactionId).toBeTruthy();
    // Completing again answers the payment as it is.
    expect((await escrow.complete(session.sessionId, payer)).status).toBe('PAID');
    expect(await statusOf(escrow.complete('cs_sandbox_unknown', payer))).toBe(404);
    // A stranger hears what an unknown session id gets: nothing tells them this session exists.
    const stranger: PaymentActor = { kind: 'user', userId: randomUUID(), role: 'USER' };
    await expect(escrow.complete(session.sessionId, stranger)).rejects.toThrow(PaymentMessages.sessionNotFound);
  });

  it('50 concurrent releases capture the hold exactly once and release once', async () => {
    const { payment } = await paidPayment();
    const outcomes = await Promise.allSettled(Array.from({ length: 50 }, () => escrow.release(payment.id, payer)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes) if (o.status === 'rejected') expect((o.reason as AppError).statusCode).toBe(409);
    expect(captures.filter((c) => !c.replayed)).toHaveLength(1);
    const [hold] = await database.db
      .select()
      .from(sandboxHolds)
      .where(eq(sandboxHolds.id, payment.transactionId ?? ''));
    expect(hold).toMatchObject({ status: 'CAPTURED', capturedMinor: 150_000 });
    const history = await database.db
      .select()
      .from(paymentStatusHistory)
      .where(eq(paymentStatusHistory.paymentId, payment.id));
    expect(history.map((h) => h.status).sort()).toEqual(['PAID', 'RELEASED']);
  });

  it('only the payer, an admin or the job releases', async () => {
    const { payment } = await paidPayment();
    expect(await statusOf(escrow.release(payment.id, payee))).toBe(403);
    expect(await statusOf(escrow.release(payment.id, { kind: 'user', userId: randomUUID(), role: 'USER' }))).toBe(404);
    expect((await escrow.release(payment.id, { kind: 'job' })).status).toBe('RELEASED');
    expect(await statusOf(escrow.release(payment.id, payer))).toBe(409);
  });

  it('cancel: PENDING → CANCELED; PAID before the start → hold voided → REFUNDED; after the start → 409', async () => {
    const pending = await pendingPayment();
    expect((await escrow.cancel(pending.id, payer)).status).toBe('CANCELED');
    expect(await statusOf(escrow.cancel(pending.id, payer))).toBe(409);

    const { payment, sessionId } = await paidPayment();
    expect((await escrow.cancel(payment.id, payer)).status).toBe('REFUNDED');
    expect(await sandbox.verifyHold(sessionId)).toEqual({ state: 'VOIDED' });

    const late = await paidPayment(5);
    clock.advance(6 * 60_000);
    expect(await statusOf(escrow.cancel(late.payment.id, payer))).toBe(409);
  });
});
