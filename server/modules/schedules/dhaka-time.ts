/**
 * Wall-clock time in Asia/Dhaka ↔ instants. Schedules arrive as a date and two HH:mm times as
 * people in Bangladesh say them; ordering, reminders and calendar files need instants. Dhaka is
 * UTC+06:00 all year (no daylight saving since 2009), so a fixed offset is exact and needs no
 * time-zone database.
 */
import { DHAKA_UTC_OFFSET_MINUTES } from '../../../contract/schedules';
import { bnDigits, type LocalizedText } from '../../mail/templates';

const OFFSET_MS = DHAKA_UTC_OFFSET_MINUTES * 60_000;

/** The instant of `time` (HH:mm) on `date` (YYYY-MM-DD) in Dhaka. */
export function dhakaInstant(date: string, time: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, d, hh, mm) - OFFSET_MS);
}

/** The Dhaka date (YYYY-MM-DD) and time (HH:mm) of an instant. */
export function dhakaWallClock(instant: Date): { date: string; time: string } {
  const iso = new Date(instant.getTime() + OFFSET_MS).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** A PostgreSQL `time` value (HH:mm:ss) as the contract's HH:mm. */
export function hhmm(time: string): string {
  return time.slice(0, 5);
}

const MONTHS: Record<'en' | 'bn', readonly string[]> = {
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  bn: ['জানুয়ারি', 'ফেব্রুয়ারি', 'মার্চ', 'এপ্রিল', 'মে', 'জুন', 'জুলাই', 'আগস্ট', 'সেপ্টেম্বর', 'অক্টোবর', 'নভেম্বর', 'ডিসেম্বর'],
};

/** "5 March 2026, 10:00–11:30" in English and Bangla (digits too), for notifications and mail. */
export function whenText(date: string, startTime: string, endTime: string): LocalizedText {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const en = `${d} ${MONTHS.en[m - 1]} ${y}, ${startTime}–${endTime}`;
  const bn = bnDigits(`${d} ${MONTHS.bn[m - 1]} ${y}, ${startTime}–${endTime}`);
  return { en, bn };
}
