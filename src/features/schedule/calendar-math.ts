/**
 * The arithmetic behind the calendar, on Bangladesh's calendar whatever the phone says: a day is a
 * `YYYY-MM-DD` key in Asia/Dhaka (UTC+6 all year, no daylight saving), a week starts on Saturday
 * (docs/api.md §3), and an instant belongs to the Dhaka day it falls on. Everything here works on day
 * numbers and UTC fields only, never on the machine's local time, so a phone set to New York shows
 * a 00:30 hearing in Dhaka on the right day.
 */
import type { DayOfWeek } from '../../../contract/enums';

/** A Dhaka calendar day, `YYYY-MM-DD`. */
export type DayKey = string;
export type CalendarView = 'month' | 'week' | 'agenda';

export interface DayRange {
  /** First day, inclusive. */
  from: DayKey;
  /** Last day, inclusive. */
  to: DayKey;
}

export interface MonthCell {
  day: DayKey;
  /** False for the neighbouring months' days that fill the first and last week. */
  inMonth: boolean;
}

/** What the calendar needs of an event to place it. */
export interface Timed {
  startsAt: string;
  title: string;
}

const DAY_MS = 86_400_000;
/** Asia/Dhaka is UTC+6 and has had no daylight saving since 2009. */
export const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;
/** Saturday first, as the week runs in Bangladesh. */
export const WEEK_DAYS: readonly DayOfWeek[] = ['SAT', 'SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI'];
/** How far the agenda looks ahead, and how far Previous/Next move it. */
export const AGENDA_DAYS = 30;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function isDayKey(text: string): boolean {
  const match = DAY_PATTERN.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  return m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

/** Year, month (1–12) and day of a key. */
export function parseDay(key: DayKey): { year: number; month: number; day: number } {
  const match = DAY_PATTERN.exec(key);
  if (!match) throw new RangeError(`Not a day: ${key}`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/** Days since 1970-01-01 (the calendar date, not an instant). */
function dayNumber(key: DayKey): number {
  const { year, month, day } = parseDay(key);
  return Date.UTC(year, month - 1, day) / DAY_MS;
}

function fromDayNumber(n: number): DayKey {
  const date = new Date(n * DAY_MS);
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** The key of year/month/day; out-of-range parts roll over (month 13 → January next year). */
export function toDayKey(year: number, month: number, day: number): DayKey {
  return fromDayNumber(Date.UTC(year, month - 1, day) / DAY_MS);
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function toMs(instant: string | number | Date): number {
  return instant instanceof Date ? instant.getTime() : typeof instant === 'number' ? instant : Date.parse(instant);
}

/** The Dhaka day an instant falls on. */
export function dhakaDayOf(instant: string | number | Date): DayKey {
  return fromDayNumber(Math.floor((toMs(instant) + DHAKA_OFFSET_MS) / DAY_MS));
}

/** The Dhaka wall-clock time of an instant, `HH:mm`. */
export function dhakaClockOf(instant: string | number | Date): string {
  const minutes = Math.floor(((((toMs(instant) + DHAKA_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS) / 60_000);
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

export function todayInDhaka(now: number = Date.now()): DayKey {
  return dhakaDayOf(now);
}

/** The instant (ISO, UTC) of a Dhaka day and wall-clock time `HH:mm`. */
export function dhakaInstant(day: DayKey, time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Date(dayNumber(day) * DAY_MS + (hours * 60 + minutes) * 60_000 - DHAKA_OFFSET_MS).toISOString();
}

export function addDays(key: DayKey, n: number): DayKey {
  return fromDayNumber(dayNumber(key) + n);
}

/** `b` − `a` in days. */
export function daysBetween(a: DayKey, b: DayKey): number {
  return dayNumber(b) - dayNumber(a);
}

/** The same day `n` months on, kept inside the month (31 January + 1 month → 28/29 February). */
export function addMonths(key: DayKey, n: number): DayKey {
  const { year, month, day } = parseDay(key);
  const first = parseDay(toDayKey(year, month + n, 1));
  return toDayKey(first.year, first.month, Math.min(day, daysInMonth(first.year, first.month)));
}

/** 0 for Saturday … 6 for Friday. */
export function weekdayIndex(key: DayKey): number {
  // 1970-01-01 was a Thursday, index 5 in a Saturday-first week.
  return (((dayNumber(key) + 5) % 7) + 7) % 7;
}

export function dayOfWeek(key: DayKey): DayOfWeek {
  return WEEK_DAYS[weekdayIndex(key)] ?? 'SAT';
}

/** The Saturday on or before `key`. */
export function startOfWeek(key: DayKey): DayKey {
  return addDays(key, -weekdayIndex(key));
}

/** The seven days (Saturday to Friday) of the week holding `key`. */
export function weekDays(key: DayKey): DayKey[] {
  const start = startOfWeek(key);
  return Array.from({ length: 7 }, (_, i) => addDays(start, i));
}

export function startOfMonth(key: DayKey): DayKey {
  const { year, month } = parseDay(key);
  return toDayKey(year, month, 1);
}

export function sameMonth(a: DayKey, b: DayKey): boolean {
  return a.slice(0, 7) === b.slice(0, 7);
}

/**
 * The weeks of the month holding `key`, Saturday first, padded with the neighbouring months' days.
 * `fit` gives only the rows the month needs (4–6); `six` always gives six, so the grid never jumps.
 */
export function monthGrid(key: DayKey, rows: 'fit' | 'six' = 'fit'): MonthCell[][] {
  const first = startOfMonth(key);
  const { year, month } = parseDay(first);
  const start = startOfWeek(first);
  const needed = Math.ceil((weekdayIndex(first) + daysInMonth(year, month)) / 7);
  const count = rows === 'six' ? 6 : needed;
  return Array.from({ length: count }, (_, week) =>
    Array.from({ length: 7 }, (_, i) => {
      const day = addDays(start, week * 7 + i);
      return { day, inMonth: sameMonth(day, first) };
    }),
  );
}

/** The days a view shows around `cursor` (the month grid includes its padding days). */
export function periodRange(view: CalendarView, cursor: DayKey): DayRange {
  if (view === 'week') {
    const from = startOfWeek(cursor);
    return { from, to: addDays(from, 6) };
  }
  if (view === 'agenda') return { from: cursor, to: addDays(cursor, AGENDA_DAYS - 1) };
  const weeks = monthGrid(cursor);
  const last = weeks[weeks.length - 1] ?? [];
  return { from: weeks[0]?.[0]?.day ?? cursor, to: last[last.length - 1]?.day ?? cursor };
}

/** Previous (−1) or next (+1) period of a view. */
export function stepCursor(view: CalendarView, cursor: DayKey, direction: 1 | -1): DayKey {
  if (view === 'month') return addMonths(cursor, direction);
  return addDays(cursor, direction * (view === 'week' ? 7 : AGENDA_DAYS));
}

export function inRange(day: DayKey, range: DayRange): boolean {
  return day >= range.from && day <= range.to;
}

/**
 * Where a key press moves the focused day of the month grid (the APG date-grid keys): arrows by a
 * day or a week, Home/End to the week's ends, PageUp/PageDown by a month (with Shift, by a year).
 * Null for keys the grid does not handle.
 */
export function moveByKey(day: DayKey, key: string, shift = false): DayKey | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return startOfWeek(day);
    case 'End':
      return addDays(startOfWeek(day), 6);
    case 'PageUp':
      return addMonths(day, shift ? -12 : -1);
    case 'PageDown':
      return addMonths(day, shift ? 12 : 1);
    default:
      return null;
  }
}

function byStart<T extends Timed>(a: T, b: T): number {
  return Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.title.localeCompare(b.title);
}

/** Events by the Dhaka day they start on, each day's in start order. */
export function groupByDay<T extends Timed>(events: readonly T[]): Map<DayKey, T[]> {
  const days = new Map<DayKey, T[]>();
  for (const event of [...events].sort(byStart)) {
    const day = dhakaDayOf(event.startsAt);
    const list = days.get(day);
    if (list) list.push(event);
    else days.set(day, [event]);
  }
  return days;
}

/** The days of `range` that have events, in order, each with its events: the agenda. */
export function agendaGroups<T extends Timed>(events: readonly T[], range: DayRange): { day: DayKey; events: T[] }[] {
  return [...groupByDay(events)]
    .filter(([day]) => inRange(day, range))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, list]) => ({ day, events: list }));
}
