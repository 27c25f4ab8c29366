/**
 * The escrow state machine (docs/api.md §4 Payments, contract/payments.ts) as one pure decision: given
 * a payment, who asks, what, and when, either the next status (and what the provider must do) or
 * the error to answer. The service applies the decision in one transaction with a conditional
 * UPDATE on the status it read, so two racing requests cannot both move the payment.
 *
 *   complete  PENDING → PAID       payer, or the job (a provider's callback or reconciliation); the provider confirmed the hold
 *   cancel    PENDING → CANCELED   payer (or the meeting's lawyer deleting the meeting)
 *   cancel    PAID    → REFUNDED   payer, before the meeting starts; the hold is voided
 *   release   PAID    → RELEASED   payer, an ADMIN, or the release job; the hold is captured
 * Anything else: 404 to a stranger, 403 to a party without the right, 409 for the wrong state.
 */
import type { PaymentStatus } from '../../../contract/enums';
import { PaymentMessages } from '../../../contract/payments';
import type { AppError } from '../../http/app-error';
import { conflict, forbidden, notFound } from '../../http/app-error';
import type { Role } from '../../../contract/auth';

export type PaymentAction = 'complete' | 'cancel' | 'release' | 'read';

/** Who acts: a signed-in user, or the server itself (the release job, a provider's callback, reconciliation). */
export type PaymentActor = { kind: 'user'; userId: string; role: Role } | { kind: 'job' };

export interface PaymentFacts {
  status: PaymentStatus;
  payerId: string;
  payeeId: string;
  /** The meeting's start, when the payment belongs to one. */
  meetingStartsAt: Date | null;
}

export type ProviderStep = 'verify-hold' | 'void-hold' | 'capture-hold' | 'none';

export type PaymentDecision =
  { ok: true; next: PaymentStatus | null; provider: ProviderStep } | { ok: false; error: AppError };

/** Whether `actor` may see the payment at all (payer, payee, ADMIN, the job). */
export function canSeePayment(actor: PaymentActor, payment: Pick<PaymentFacts, 'payerId' | 'payeeId'>): boolean {
  if (actor.kind === 'job') return true;
  return actor.role === 'ADMIN' || actor.userId === payment.payerId || actor.userId === payment.payeeId;
}

const refuse = (error: AppError): PaymentDecision => ({ ok: false, error });

export function decidePayment(
  action: PaymentAction,
  payment: PaymentFacts,
  actor: PaymentActor,
  now: Date,
): PaymentDecision {
  if (!canSeePayment(actor, payment)) return refuse(notFound(PaymentMessages.paymentNotFound));
  if (action === 'read') return { ok: true, next: null, provider: 'none' };

  const isPayer = actor.kind === 'user' && actor.userId === payment.payerId;
  const isAdmin = actor.kind === 'user' && actor.role === 'ADMIN';
  const isJob = actor.kind === 'job';

  switch (action) {
    case 'complete':
      if (!isPayer && !isJob) return refuse(forbidden());
      if (payment.status !== 'PENDING') return refuse(conflict(PaymentMessages.notPending));
      return { ok: true, next: 'PAID', provider: 'verify-hold' };
    case 'release':
      if (!isPayer && !isAdmin && !isJob) return refuse(forbidden());
      if (payment.status !== 'PAID') return refuse(conflict(PaymentMessages.notPaid));
      return { ok: true, next: 'RELEASED', provider: 'capture-hold' };
    case 'cancel':
      if (!isPayer) return refuse(forbidden());
      if (payment.status === 'PENDING') return { ok: true, next: 'CANCELED', provider: 'none' };
      if (payment.status === 'PAID' && (payment.meetingStartsAt === null || now < payment.meetingStartsAt)) {
        return { ok: true, next: 'REFUNDED', provider: 'void-hold' };
      }
      return refuse(conflict(PaymentMessages.cannotCancel));
  }
}
