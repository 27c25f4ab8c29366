/**
 * Booking a consultation (issue 19): a client picks one of a lawyer's free times, the lawyer accepts
 * or declines, and accepting opens the priced video meeting with its PENDING payment exactly as a
 * meeting the lawyer schedules by email (contract/meetings.ts); paying is the existing flow.
 *
 * - Free times: the lawyer's weekly availability slots (Asia/Dhaka wall clock) on the days asked,
 *   cut into 30-minute steps, minus meetings and booking requests already holding that time, minus
 *   anything starting within BOOKING_LEAD_HOURS. Answered as ISO instants, 30-minute aligned, with
 *   touching steps joined into one range.
 * - A request holds its time while REQUESTED. It expires (EXPIRED) after BOOKING_ANSWER_HOURS
 *   without an answer, or BOOKING_EXPIRY_BEFORE_START_HOURS before its start, whichever is first.
 * - The price is the lawyer's hourly charge × minutes ÷ 60, rounded half-up to the paisa, as
 *   meetings are priced; it is fixed when the request is sent and is the meeting's price on accept.
 * - A booking belongs to its client and its lawyer; anyone else is told it does not exist (404).
 *   Accept and decline are the lawyer's, cancel is the client's (the other party gets 403).
 */
import { z } from 'zod';
import { BookingMessages } from './messages';
import { ScheduleDateSchema } from './schedules';
export { BookingMessages } from './messages';

export const BookingStatusSchema = z.enum(['REQUESTED', 'ACCEPTED', 'DECLINED', 'EXPIRED', 'CANCELLED']);
export type BookingStatus = z.infer<typeof BookingStatusSchema>;
export const BOOKING_STATUS_NAMES: Record<BookingStatus, { en: string; bn: string }> = {
  REQUESTED: { en: 'Requested', bn: 'অনুরোধ করা হয়েছে' },
  ACCEPTED: { en: 'Accepted', bn: 'গৃহীত' },
  DECLINED: { en: 'Declined', bn: 'প্রত্যাখ্যাত' },
  EXPIRED: { en: 'Expired', bn: 'মেয়াদোত্তীর্ণ' },
  CANCELLED: { en: 'Cancelled', bn: 'বাতিল' },
};

export const BOOKING_MINUTES = [30, 60] as const;
export const BOOKING_STEP_MINUTES = 30;
/** Nothing starting sooner than this can be booked. */
export const BOOKING_LEAD_HOURS = 2;
/** A request unanswered this long expires… */
export const BOOKING_ANSWER_HOURS = 24;
/** …or this long before its start, whichever comes first. */
export const BOOKING_EXPIRY_BEFORE_START_HOURS = 1;
export const BOOKING_DAYS = { min: 1, max: 28, default: 14 } as const;
export const BOOKING_TOPIC = { min: 10, max: 1000 } as const;
export const BOOKING_REASON = { min: 10, max: 1000 } as const;

export const FreeTimesQuerySchema = z.object({
  lawyerEmail: z.email({ error: BookingMessages.invalidEmail }).max(254).trim().toLowerCase(),
  /** The first Dhaka day (default: today in Dhaka). */
  from: ScheduleDateSchema.optional(),
  days: z.coerce
    .number({ error: BookingMessages.invalidDays })
    .int(BookingMessages.invalidDays)
    .min(BOOKING_DAYS.min, BookingMessages.invalidDays)
    .max(BOOKING_DAYS.max, BookingMessages.invalidDays)
    .default(BOOKING_DAYS.default),
});
export type FreeTimesQuery = z.output<typeof FreeTimesQuerySchema>;

export const FreeTimeSchema = z.object({ start: z.string(), end: z.string() });
export type FreeTime = z.infer<typeof FreeTimeSchema>;
export const FreeTimesSchema = z.object({ freeTimes: z.array(FreeTimeSchema) });
export type FreeTimes = z.infer<typeof FreeTimesSchema>;

export const CreateBookingBodySchema = z.object({
  lawyerEmail: z.email({ error: BookingMessages.invalidEmail }).max(254).trim().toLowerCase(),
  start: z.iso.datetime({ offset: true, error: BookingMessages.invalidStart }),
  minutes: z.union([z.literal(30), z.literal(60)], { error: BookingMessages.minutes }),
  topic: z
    .string({ error: BookingMessages.topicLength })
    .trim()
    .min(BOOKING_TOPIC.min, BookingMessages.topicLength)
    .max(BOOKING_TOPIC.max, BookingMessages.topicLength),
});
export type CreateBookingBody = z.output<typeof CreateBookingBodySchema>;

export const DeclineBookingBodySchema = z.object({
  reason: z
    .string({ error: BookingMessages.reasonLength })
    .trim()
    .min(BOOKING_REASON.min, BookingMessages.reasonLength)
    .max(BOOKING_REASON.max, BookingMessages.reasonLength),
});
export type DeclineBookingBody = z.output<typeof DeclineBookingBodySchema>;

export const BookingListQuerySchema = z.object({
  /** Whose side of the bookings: mine as the client, or mine as the lawyer (default: by my role). */
  role: z.enum(['client', 'lawyer']).optional(),
  status: BookingStatusSchema.optional(),
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(10),
});
export type BookingListQuery = z.output<typeof BookingListQuerySchema>;

export const BookingIdParamsSchema = z.object({ id: z.uuid({ error: 'Invalid id' }) });

const BookingPartySchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});

export const BookingSchema = z.object({
  bookingId: z.uuid(),
  lawyer: BookingPartySchema,
  client: BookingPartySchema,
  /** ISO-8601 instants (UTC). */
  start: z.string(),
  end: z.string(),
  minutes: z.number().int(),
  topic: z.string(),
  /** Taka, to the paisa. */
  price: z.number(),
  status: BookingStatusSchema,
  declineReason: z.string().nullable(),
  /** The meeting opened on accept (null before, and after the lawyer cancelled that meeting). */
  meetingId: z.uuid().nullable(),
  /** [extra] When a REQUESTED booking expires. */
  expiresAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Booking = z.infer<typeof BookingSchema>;
export const BookingListSchema = z.object({ bookings: z.array(BookingSchema) });
export type BookingList = z.infer<typeof BookingListSchema>;
