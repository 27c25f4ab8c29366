/**
 * Meeting times in Bangladesh time whatever the phone's zone (docs/api.md §1): the form's
 * `datetime-local` value is read as a Dhaka wall clock and sent as an ISO instant with `+06:00`,
 * and an instant is shown as a Dhaka date (src/lib/format.ts) and `HH:mm` clock. Asia/Dhaka is
 * UTC+6 with no daylight saving, so a fixed offset is exact.
 */
import { formatDate, localDigits } from '../../lib/format';
import type { Lang } from '../../lib/i18n';

const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;
const LOCAL_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** `2026-11-25T10:30` (a Dhaka wall clock) → `2026-11-25T10:30:00+06:00`; null when not that shape. */
export function dhakaLocalToIso(value: string): string | null {
  const match = LOCAL_PATTERN.exec(value.slice(0, 16));
  if (!match) return null;
  const iso = `${value.slice(0, 16)}:00+06:00`;
  return Number.isNaN(Date.parse(iso)) ? null : iso;
}

/** An instant → the Dhaka wall clock a `datetime-local` input takes (`2026-11-25T10:30`). */
export function isoToDhakaLocal(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return '';
  return new Date(ms + DHAKA_OFFSET_MS).toISOString().slice(0, 16);
}

/** The Dhaka clock of an instant, `HH:mm`, in the language's digits. */
export function dhakaClock(iso: string | number, lang: Lang): string {
  const ms = typeof iso === 'number' ? iso : Date.parse(iso);
  return localDigits(new Date(ms + DHAKA_OFFSET_MS).toISOString().slice(11, 16), lang);
}

/** The Dhaka date of an instant, in words ("25 November 2026" / "২৫ নভেম্বর ২০২৬"). */
export function dhakaDate(iso: string | number, lang: Lang): string {
  return formatDate(new Date(typeof iso === 'number' ? iso : Date.parse(iso)).toISOString(), lang);
}
