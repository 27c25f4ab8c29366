/**
 * The server's notion of "now". Injected everywhere time decides an outcome (token and code expiry,
 * rate-limit windows, bookings, the meeting join window, due jobs) so tests can move time forward
 * instead of sleeping.
 */
import { readFileSync } from 'node:fs';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A whole number of milliseconds, optionally signed, alone on its line. */
const OFFSET = /^-?\d{1,15}$/;

/** The offset in a clock-offset file's text, or null when it is not one. */
export function parseClockOffset(text: string): number | null {
  const trimmed = text.trim();
  return OFFSET.test(trimmed) ? Number(trimmed) : null;
}

/**
 * The system clock moved by the offset (ms) written in `file` (`CLOCK_OFFSET_FILE`, honoured only
 * with NODE_ENV=test: server/config.ts). The file is read again when `rereadMs` of real time have
 * passed since the last reading (a busy server asks the time thousands of times a second), so a
 * test that writes a new offset waits until the server answers with it (the envelope's `timestamp`);
 * what cannot be read as an offset (a write caught half-way, a deleted file) keeps the last offset
 * that could. Throws at creation when the file does not hold an offset, so a mistyped path stops
 * the start.
 */
export function offsetFileClock(file: string, base: Clock = systemClock, rereadMs = 100): Clock {
  const read = (): number | null => {
    try {
      return parseClockOffset(readFileSync(file, 'utf8'));
    } catch {
      return null;
    }
  };
  const first = read();
  if (first === null) throw new Error(`${file} does not hold a clock offset (whole milliseconds, e.g. 0)`);
  let offset = first;
  let readAt = Date.now();
  return {
    now() {
      if (Date.now() - readAt >= rereadMs) {
        offset = read() ?? offset;
        readAt = Date.now();
      }
      return new Date(base.now().getTime() + offset);
    },
  };
}
