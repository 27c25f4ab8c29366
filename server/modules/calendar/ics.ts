/**
 * iCalendar (RFC 5545) text for schedules: one event to download, or a whole feed to subscribe to.
 * Written by hand because what we emit is small and fixed — a VTIMEZONE for Asia/Dhaka and plain
 * VEVENTs — and the rules that matter are few but strict: CRLF line ends, TEXT values escaped
 * (`\\`, `;`, `,`, newlines), and content lines folded at 75 octets without splitting a UTF-8
 * character (Bangla titles are three octets a letter).
 *
 * Times are written as Dhaka wall clock with `TZID=Asia/Dhaka` and the zone's definition, so an
 * event shows at the hour people agreed on whatever zone the reader's calendar is set to.
 */
import { SCHEDULE_TIME_ZONE } from '../../../contract/schedules';

const CRLF = '\r\n';
const MAX_OCTETS = 75;

export interface IcsEvent {
  /** Stable for the life of the event, so a re-import or a feed refresh updates instead of adding. */
  uid: string;
  /** When this version of the event was made (DTSTAMP; LAST-MODIFIED too). */
  stamp: Date;
  created: Date;
  /** Dhaka wall clock: YYYY-MM-DD and HH:mm. */
  date: string;
  startTime: string;
  endTime: string;
  summary: string;
  description?: string;
  categories?: readonly string[];
  url?: string;
}

export interface IcsCalendarInput {
  events: readonly IcsEvent[];
  /** Shown as the calendar's name by apps that subscribe (X-WR-CALNAME and RFC 7986 NAME). */
  name?: string;
  /** How often subscribers should fetch again, as an RFC 5545 duration such as PT1H. */
  refreshInterval?: string;
}

const PRODID = '-//LegalConnect//Schedules//EN';

/** A whole VCALENDAR object, CRLF-terminated lines, folded. */
export function icsCalendar(input: IcsCalendarInput): string {
  const lines: string[] = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
  ];
  if (input.name !== undefined) {
    lines.push(`NAME:${escapeText(input.name)}`, `X-WR-CALNAME:${escapeText(input.name)}`);
  }
  lines.push(`X-WR-TIMEZONE:${SCHEDULE_TIME_ZONE}`);
  if (input.refreshInterval !== undefined) {
    lines.push(`REFRESH-INTERVAL;VALUE=DURATION:${input.refreshInterval}`, `X-PUBLISHED-TTL:${input.refreshInterval}`);
  }
  lines.push(...dhakaTimeZone());
  for (const event of input.events) lines.push(...vevent(event));
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** Asia/Dhaka: UTC+06:00 with no daylight saving (as it has been since 2009). */
function dhakaTimeZone(): string[] {
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${SCHEDULE_TIME_ZONE}`,
    `X-LIC-LOCATION:${SCHEDULE_TIME_ZONE}`,
    'BEGIN:STANDARD',
    'TZOFFSETFROM:+0600',
    'TZOFFSETTO:+0600',
    'TZNAME:+06',
    'DTSTART:19700101T000000',
    'END:STANDARD',
    'END:VTIMEZONE',
  ];
}

function vevent(event: IcsEvent): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `CREATED:${utcStamp(event.created)}`,
    `LAST-MODIFIED:${utcStamp(event.stamp)}`,
    `DTSTART;TZID=${SCHEDULE_TIME_ZONE}:${localStamp(event.date, event.startTime)}`,
    `DTEND;TZID=${SCHEDULE_TIME_ZONE}:${localStamp(event.date, event.endTime)}`,
    `SUMMARY:${escapeText(event.summary)}`,
  ];
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.categories && event.categories.length > 0) {
    lines.push(`CATEGORIES:${event.categories.map(escapeText).join(',')}`);
  }
  if (event.url) lines.push(`URL:${event.url.replace(/[\p{Cc}\s]/gu, '')}`);
  lines.push('STATUS:CONFIRMED', 'TRANSP:OPAQUE', 'END:VEVENT');
  return lines;
}

/** A UTC DATE-TIME: 20260305T040000Z. */
function utcStamp(instant: Date): string {
  return instant
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** A local DATE-TIME (used with TZID): 20260305T100000. */
function localStamp(date: string, time: string): string {
  return `${date.replace(/-/g, '')}T${time.replace(':', '')}00`;
}

/**
 * A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, every line break as
 * `\n`, and other control characters (which TEXT may not hold) dropped.
 */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n|\r|\n/g, '\n')
    .replace(/(?![\t\n])\p{Cc}/gu, '')
    .replace(/[\\;,\n]/g, (ch) => (ch === '\n' ? '\\n' : `\\${ch}`));
}

/**
 * Folds one content line (RFC 5545 §3.1): no physical line longer than 75 octets, each continuation
 * starting with one space, and never inside a multi-octet UTF-8 character.
 */
export function foldLine(line: string): string {
  if (Buffer.byteLength(line, 'utf8') <= MAX_OCTETS) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  // The first line holds 75 octets; continuations hold 74 after their leading space.
  let limit = MAX_OCTETS;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = MAX_OCTETS - 1;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}
