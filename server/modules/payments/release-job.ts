/**
 * The automatic release (docs/api.md §4 Payments): a held payment goes to the lawyer
 * RELEASE_AFTER_END_HOURS after its meeting ends unless the client released or cancelled it first.
 * A durable job keyed `payment-release:{id}`, written in the transaction that confirms the hold and
 * cancelled in the one that moves the money otherwise; the handler is a release as the job actor,
 * silent when the payment is no longer PAID. Its capture carries the same idempotency key as any
 * other release of that payment, so a job retried after a crash captures once.
 */
import { z } from 'zod';
import type { JobQueue } from '../../jobs/queue';

export const PAYMENT_RELEASE_JOB = 'payment.release';

export const PaymentReleaseJobSchema = z.object({ paymentId: z.uuid() });
export type PaymentReleaseJob = z.infer<typeof PaymentReleaseJobSchema>;

/** Reconciliation of a wallet (bKash) payment with its provider: one job per payment, see PaymentsService.reconcile. */
export const PAYMENT_RECONCILE_JOB = 'payment.reconcile';
export const reconcileJobKey = (paymentId: string) => `payment-reconcile:${paymentId}`;
/** Hourly checks for about two months; each look that is not final asks to come back later. */
const RECONCILE_MAX_LOOKS = 24 * 60;

declare module '../../jobs/queue' {
  interface JobPayloads {
    'payment.release': PaymentReleaseJob;
    'payment.reconcile': PaymentReleaseJob;
  }
}

export const releaseJobKey = (paymentId: string) => `payment-release:${paymentId}`;

export function registerPaymentReleaseJob(jobs: JobQueue, release: (paymentId: string) => Promise<void>): void {
  jobs.register(PAYMENT_RELEASE_JOB, { schema: PaymentReleaseJobSchema, handle: (job) => release(job.paymentId) });
}

export function registerPaymentReconcileJob(jobs: JobQueue, reconcile: (paymentId: string) => Promise<void>): void {
  jobs.register(PAYMENT_RECONCILE_JOB, {
    schema: PaymentReleaseJobSchema,
    handle: (job) => reconcile(job.paymentId),
    maxAttempts: RECONCILE_MAX_LOOKS,
  });
}
