/** Every transition of the escrow state machine, allowed and refused, for every kind of actor. */
import { describe, expect, it } from 'vitest';
import type { PaymentStatus } from '../../../contract/enums';
import { PaymentMessages } from '../../../contract/payments';
import { ServerMessages } from '../../../contract/errors';
import { decidePayment, type PaymentAction, type PaymentActor, type PaymentFacts } from './policy';

const payerId = '00000000-0000-4000-8000-000000000001';
const payeeId = '00000000-0000-4000-8000-000000000002';
const now = new Date('2026-11-24T10:00:00Z');
const future = new Date('2026-11-24T11:00:00Z');
const past = new Date('2026-11-24T09:00:00Z');

const actors: Record<string, PaymentActor> = {
  payer: { kind: 'user', userId: payerId, role: 'USER' },
  payee: { kind: 'user', userId: payeeId, role: 'LAWYER' },
  admin: { kind: 'user', userId: '00000000-0000-4000-8000-000000000003', role: 'ADMIN' },
  stranger: { kind: 'user', userId: '00000000-0000-4000-8000-000000000004', role: 'USER' },
  job: { kind: 'job' },
};
const STATUSES: PaymentStatus[] = ['PENDING', 'PAID', 'RELEASED', 'REFUNDED', 'CANCELED'];
const ACTIONS: Exclude<PaymentAction, 'read'>[] = ['complete', 'cancel', 'release'];

const facts = (status: PaymentStatus, meetingStartsAt: Date | null = future): PaymentFacts => ({
  status,
  payerId,
  payeeId,
  meetingStartsAt,
});

/** The allowed moves: `${action} ${status} ${actor}` → [next status, provider step]. */
const ALLOWED: Record<string, [PaymentStatus, string]> = {
  'complete PENDING payer': ['PAID', 'verify-hold'],
  // A provider's callback or the reconciliation job: the provider still confirms the hold.
  'complete PENDING job': ['PAID', 'verify-hold'],
  'cancel PENDING payer': ['CANCELED', 'none'],
  'cancel PAID payer': ['REFUNDED', 'void-hold'],
  'release PAID payer': ['RELEASED', 'capture-hold'],
  'release PAID admin': ['RELEASED', 'capture-hold'],
  'release PAID job': ['RELEASED', 'capture-hold'],
};

describe('payment state machine', () => {
  for (const action of ACTIONS) {
    for (const status of STATUSES) {
      for (const [name, actor] of Object.entries(actors)) {
        const key = `${action} ${status} ${name}`;
        const allowed = ALLOWED[key];
        it(`${key} → ${allowed ? allowed[0] : 'refused'}`, () => {
          const decision = decidePayment(action, facts(status), actor, now);
          if (allowed) {
            expect(decision).toEqual({ ok: true, next: allowed[0], provider: allowed[1] });
            return;
          }
          expect(decision.ok).toBe(false);
          if (decision.ok) return;
          if (name === 'stranger') {
            expect(decision.error.statusCode).toBe(404);
            expect(decision.error.message).toBe(PaymentMessages.paymentNotFound);
          } else if (
            (action === 'complete' && name !== 'payer' && name !== 'job') ||
            (action === 'cancel' && name !== 'payer') ||
            (action === 'release' && name === 'payee')
          ) {
            expect(decision.error.statusCode).toBe(403);
            expect(decision.error.message).toBe(ServerMessages.accessDenied);
          } else {
            expect(decision.error.statusCode).toBe(409);
          }
        });
      }
    }
  }

  it('refuses to cancel a PAID payment once its meeting has started (409), and at the start instant', () => {
    const started = decidePayment('cancel', facts('PAID', past), actors.payer as PaymentActor, now);
    expect(started).toMatchObject({ ok: false });
    if (!started.ok) {
      expect(started.error.statusCode).toBe(409);
      expect(started.error.message).toBe(PaymentMessages.cannotCancel);
    }
    expect(decidePayment('cancel', facts('PAID', now), actors.payer as PaymentActor, now).ok).toBe(false);
  });

  it('refunds a PAID payment without a meeting on cancel', () => {
    expect(decidePayment('cancel', facts('PAID', null), actors.payer as PaymentActor, now)).toEqual({
      ok: true,
      next: 'REFUNDED',
      provider: 'void-hold',
    });
  });

  it('names the wrong state in its refusal', () => {
    const complete = decidePayment('complete', facts('PAID'), actors.payer as PaymentActor, now);
    const release = decidePayment('release', facts('PENDING'), actors.payer as PaymentActor, now);
    expect(!complete.ok && complete.error.message).toBe(PaymentMessages.notPending);
    expect(!release.ok && release.error.message).toBe(PaymentMessages.notPaid);
  });

  it('lets payer, payee, admin and the job read; a stranger gets 404', () => {
    for (const name of ['payer', 'payee', 'admin', 'job']) {
      expect(decidePayment('read', facts('PAID'), actors[name] as PaymentActor, now)).toEqual({
        ok: true,
        next: null,
        provider: 'none',
      });
    }
    const stranger = decidePayment('read', facts('PAID'), actors.stranger as PaymentActor, now);
    expect(!stranger.ok && stranger.error.statusCode).toBe(404);
  });
});
