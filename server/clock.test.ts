/** The clock a test moves through a file (CLOCK_OFFSET_FILE), as the end-to-end suites use it. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { offsetFileClock, parseClockOffset, type Clock } from './clock';

const HOUR = 60 * 60 * 1000;
const BASE = Date.parse('2026-11-28T06:00:00.000Z');
/** A standing base so the arithmetic is exact. */
const fixed: Clock = { now: () => new Date(BASE) };

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'legalconnect-clock-'));
  file = path.join(dir, 'clock-offset');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('offsetFileClock', () => {
  it('runs the offset in the file ahead, and follows each rewrite', async () => {
    await writeFile(file, '0\n');
    const clock = offsetFileClock(file, fixed, 0);
    expect(clock.now().getTime()).toBe(BASE);

    await writeFile(file, String(2 * HOUR + 5 * 60_000));
    expect(clock.now().toISOString()).toBe('2026-11-28T08:05:00.000Z');

    await writeFile(file, '-60000');
    expect(clock.now().toISOString()).toBe('2026-11-28T05:59:00.000Z');
  });

  it('keeps the last offset it could read when the file is half-written or gone', async () => {
    await writeFile(file, String(HOUR));
    const clock = offsetFileClock(file, fixed, 0);
    expect(clock.now().getTime()).toBe(BASE + HOUR);
    await writeFile(file, '');
    expect(clock.now().getTime()).toBe(BASE + HOUR);
    await rm(file);
    expect(clock.now().getTime()).toBe(BASE + HOUR);
  });

  it('reads the file again only once `rereadMs` have passed', async () => {
    await writeFile(file, '0');
    const clock = offsetFileClock(file, fixed, 60_000);
    await writeFile(file, String(HOUR));
    expect(clock.now().getTime()).toBe(BASE);
    expect(offsetFileClock(file, fixed, 60_000).now().getTime()).toBe(BASE + HOUR);
  });

  it('moves the system clock by default', async () => {
    await writeFile(file, String(3 * HOUR));
    const before = Date.now();
    const moved = offsetFileClock(file).now().getTime();
    expect(moved).toBeGreaterThanOrEqual(before + 3 * HOUR);
    expect(moved).toBeLessThanOrEqual(Date.now() + 3 * HOUR);
  });

  it('refuses to start from a file without an offset', async () => {
    expect(() => offsetFileClock(file, fixed)).toThrow(/does not hold a clock offset/);
    await writeFile(file, 'two hours');
    expect(() => offsetFileClock(file, fixed)).toThrow(/does not hold a clock offset/);
  });
});

describe('parseClockOffset', () => {
  it('reads whole, optionally negative, milliseconds and nothing else', () => {
    expect(parseClockOffset(' 7200000\n')).toBe(7_200_000);
    expect(parseClockOffset('-5')).toBe(-5);
    for (const text of ['', '1.5', '1e6', '0x10', '2h', '1 2', '9999999999999999']) {
      expect(parseClockOffset(text)).toBeNull();
    }
  });
});
