/**
 * Expiry of unanswered booking requests (issue 19): one durable job per request, keyed
 * `booking-expiry:{id}`, written in the transaction that creates the request and cancelled in the one
 * that answers or withdraws it. It runs at the request's `expiresAt` on whichever instance claims it
 * (decision 0005), so it survives a restart and runs once across instances; the handler's conditional
 * UPDATE (only a REQUESTED booking whose time has come) makes a repeated run a no-op.
 */
import { z } from 'zod';
import type { Executor } from '../../db/client';
import type { JobQueue } from '../../jobs/queue';

export const BOOKING_EXPIRY_JOB = 'booking.expire';

export const BookingExpiryJobSchema = z.object({ bookingId: z.uuid() });
export type BookingExpiryJob = z.infer<typeof BookingExpiryJobSchema>;

declare module '../../jobs/queue' {
  interface JobPayloads {
    'booking.expire': BookingExpiryJob;
  }
}

export const bookingExpiryKey = (bookingId: string) => `booking-expiry:${bookingId}`;

export class BookingExpiry {
  constructor(private readonly jobs: JobQueue | null) {}

  async plan(tx: Executor, booking: { id: string; expiresAt: Date }): Promise<void> {
    if (!this.jobs) return;
    await this.jobs.enqueue(tx, {
      kind: BOOKING_EXPIRY_JOB,
      payload: { bookingId: booking.id },
      runAt: booking.expiresAt,
      dedupeKey: bookingExpiryKey(booking.id),
    });
  }

  async cancel(tx: Executor, bookingId: string): Promise<void> {
    if (this.jobs) await this.jobs.cancel(tx, bookingExpiryKey(bookingId));
  }

  /** After commit: this process's runner looks again (the job may already be due). */
  wake(): void {
    this.jobs?.wake();
  }
}

export function registerBookingExpiryJob(jobs: JobQueue, expire: (job: BookingExpiryJob) => Promise<void>): void {
  jobs.register(BOOKING_EXPIRY_JOB, { schema: BookingExpiryJobSchema, handle: (job) => expire(job) });
}
