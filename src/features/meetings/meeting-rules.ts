/**
 * What each party may do with a meeting at a given moment, mirroring the server's guards
 * (docs/api.md §4 Video meetings and Payments) so a button shows only when the call behind it can
 * succeed: the lawyer edits or cancels only while the payment is PENDING and the meeting has not
 * started; joining opens 10 minutes before the start and closes at the end; the client pays a
 * PENDING payment, cancels a PENDING one (or a PAID one before the start, which refunds it) and
 * releases a PAID one once the meeting has started. The server has the last word on each.
 */
import type { PaymentStatus } from '../../../contract/enums';
import type { Meeting } from '../../../contract/meetings';

// docs/api.md §4 (MEETING_JOIN_EARLY_MINUTES, MEETING_MAX_MINUTES, RELEASE_AFTER_END_HOURS in
// contract/meetings.ts and contract/payments.ts), repeated so the zod schemas stay out of this
// chunk; meeting-rules.test.ts holds them equal.
export const JOIN_EARLY_MINUTES = 10;
export const MAX_MINUTES = 8 * 60;
export const RELEASE_AFTER_HOURS = 6;
export const TITLE_MIN = 2;
export const TITLE_MAX = 255;

const MINUTE_MS = 60_000;

/** The payment's status; a meeting without a payment row reads as what `paid` says. */
export function paymentStatusOf(meeting: Meeting): PaymentStatus {
  return meeting.payment?.status ?? (meeting.paid ? 'PAID' : 'PENDING');
}

const startMs = (meeting: Meeting) => Date.parse(meeting.startTimestamp);
const endMs = (meeting: Meeting) => Date.parse(meeting.endTimestamp);

export function hasStarted(meeting: Meeting, now: number): boolean {
  return now >= startMs(meeting);
}

export function hasEnded(meeting: Meeting, now: number): boolean {
  return now >= endMs(meeting);
}

/** From 10 minutes before the start until the end. */
export function joinWindowOpen(meeting: Meeting, now: number): boolean {
  return now >= startMs(meeting) - JOIN_EARLY_MINUTES * MINUTE_MS && now < endMs(meeting);
}

/** When the Join button appears (ms since the epoch). */
export function joinOpensAt(meeting: Meeting): number {
  return startMs(meeting) - JOIN_EARLY_MINUTES * MINUTE_MS;
}

/** The payment was cancelled or refunded: the meeting will not take place. */
export const isCalledOff = (meeting: Meeting) => ['CANCELED', 'REFUNDED'].includes(paymentStatusOf(meeting));

/** The lawyer's Edit and Cancel. */
export function canChangeMeeting(meeting: Meeting, now: number): boolean {
  return paymentStatusOf(meeting) === 'PENDING' && !hasStarted(meeting, now);
}

/**
 * Join shows for both parties inside the window unless the payment was called off. An unpaid
 * client still sees it: pressing it tells them to pay first (the server's 402) rather than hiding
 * why the call is not open.
 */
export function canShowJoin(meeting: Meeting, now: number): boolean {
  return joinWindowOpen(meeting, now) && !isCalledOff(meeting);
}

/** "You can join from …": a meeting that will take place, before its Join window opens. */
export function joinOpensLater(meeting: Meeting, now: number): boolean {
  return !isCalledOff(meeting) && now < joinOpensAt(meeting);
}

/** A client may join only with the money held or released (else the server answers 402). */
export function clientMayEnter(meeting: Meeting): boolean {
  const status = paymentStatusOf(meeting);
  return status === 'PAID' || status === 'RELEASED';
}

/** The client's Pay: a PENDING payment of a meeting that has not ended. */
export function canPay(meeting: Meeting, now: number): boolean {
  return meeting.payment !== null && paymentStatusOf(meeting) === 'PENDING' && !hasEnded(meeting, now);
}

/** The client's "Cancel meeting" (PENDING) or "Cancel and refund" (PAID): PENDING → CANCELED at any time; PAID → REFUNDED before the start. */
export function canCancelPayment(meeting: Meeting, now: number): boolean {
  if (meeting.payment === null) return false;
  const status = paymentStatusOf(meeting);
  return status === 'PENDING' || (status === 'PAID' && !hasStarted(meeting, now));
}

/**
 * The client's "Release payment": a held payment once the meeting has started (a call that ended
 * early can be settled at once; before the start the client cancels instead, which refunds).
 */
export function canRelease(meeting: Meeting, now: number): boolean {
  return meeting.payment !== null && paymentStatusOf(meeting) === 'PAID' && hasStarted(meeting, now);
}

/** Upcoming (not yet ended) earliest first, then past most recent first. */
export function splitMeetings(meetings: readonly Meeting[], now: number): { upcoming: Meeting[]; past: Meeting[] } {
  const upcoming = meetings.filter((m) => !hasEnded(m, now)).sort((a, b) => startMs(a) - startMs(b));
  const past = meetings.filter((m) => hasEnded(m, now)).sort((a, b) => startMs(b) - startMs(a));
  return { upcoming, past };
}

/**
 * A meeting's price: hourlyCharge × minutes ÷ 60, rounded half-up to the paisa, in whole-paisa
 * integers so no float drift changes the last digit (the server's meetingPricePaisa, same rule).
 */
export function meetingPrice(hourlyCharge: number, minutes: number): number {
  const perHour = Math.round(hourlyCharge * 100);
  return Math.floor((perHour * minutes + 30) / 60) / 100;
}

/** Whole minutes between two instants, as the server prices them (at least 1). */
export function meetingMinutes(startIso: string, endIso: string): number {
  return Math.max(1, Math.round((Date.parse(endIso) - Date.parse(startIso)) / MINUTE_MS));
}
