/**
 * Booking arithmetic the screens share with the server's rules (issue 19): the starts a free time
 * offers for a length, and the price, computed as meetings are priced (server/payments/money.ts):
 * hourly charge × minutes ÷ 60, rounded half-up to the paisa, in whole paisa.
 */
import { BOOKING_STEP_MINUTES, type FreeTime } from '../../../contract/bookings';

export type Minutes = 30 | 60;

const STEP_MS = BOOKING_STEP_MINUTES * 60_000;

/** Every 30-minute start inside the free times from which `minutes` still fit, earliest first. */
export function startsWithin(freeTimes: readonly FreeTime[], minutes: Minutes): string[] {
  const starts: string[] = [];
  for (const free of freeTimes) {
    const end = Date.parse(free.end);
    for (let at = Date.parse(free.start); at + minutes * 60_000 <= end; at += STEP_MS) {
      starts.push(new Date(at).toISOString());
    }
  }
  return starts;
}

/** Taka for `minutes` at `hourlyCharge` taka an hour, to the paisa. */
export function bookingPrice(hourlyCharge: number, minutes: number): number {
  const perHour = Math.round(hourlyCharge * 100);
  return Math.floor((perHour * minutes + 30) / 60) / 100;
}
