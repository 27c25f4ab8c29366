/**
 * The calendar's arithmetic: Saturday-first weeks and month grids, stepping, keys, and — the point
 * of the module — Dhaka days whatever the machine's time zone. The whole file passes under
 * TZ=America/New_York and TZ=Asia/Dhaka; the last test switches zones itself to prove it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  addMonths,
  agendaGroups,
  dayOfWeek,
  dhakaClockOf,
  dhakaDayOf,
  dhakaInstant,
  groupByDay,
  isDayKey,
  monthGrid,
  moveByKey,
  periodRange,
  startOfWeek,
  stepCursor,
  todayInDhaka,
  weekDays,
} from './calendar-math';

const event = (title: string, startsAt: string) => ({ title, startsAt });

describe('days and weeks', () => {
  it('knows the weekday of a day, Saturday first', () => {
    expect(dayOfWeek('2025-05-03')).toBe('SAT');
    expect(dayOfWeek('2025-05-09')).toBe('FRI');
    expect(dayOfWeek('1970-01-01')).toBe('THU');
    expect(dayOfWeek('1969-12-27')).toBe('SAT');
  });

  it('gives the Saturday-to-Friday week of a day', () => {
    expect(weekDays('2025-05-07')).toEqual([
      '2025-05-03',
      '2025-05-04',
      '2025-05-05',
      '2025-05-06',
      '2025-05-07',
      '2025-05-08',
      '2025-05-09',
    ]);
    expect(startOfWeek('2025-05-03')).toBe('2025-05-03');
    expect(startOfWeek('2025-01-02')).toBe('2024-12-28');
  });

  it('checks day keys', () => {
    expect(isDayKey('2024-02-29')).toBe(true);
    expect(isDayKey('2025-02-29')).toBe(false);
    expect(isDayKey('2025-13-01')).toBe(false);
    expect(isDayKey('7/5/2025')).toBe(false);
  });
});

describe('monthGrid', () => {
  it('starts on the Saturday on or before the 1st and pads with the neighbouring months', () => {
    const weeks = monthGrid('2025-05-20');
    expect(weeks).toHaveLength(6);
    expect(weeks[0]?.map((c) => c.day)).toEqual([
      '2025-04-26',
      '2025-04-27',
      '2025-04-28',
      '2025-04-29',
      '2025-04-30',
      '2025-05-01',
      '2025-05-02',
    ]);
    expect(weeks[0]?.map((c) => c.inMonth)).toEqual([false, false, false, false, false, true, true]);
    expect(weeks[4]?.[6]).toEqual({ day: '2025-05-30', inMonth: true });
    expect(weeks[5]?.map((c) => c.inMonth)).toEqual([true, false, false, false, false, false, false]);
    expect(weeks.flat().filter((c) => c.inMonth)).toHaveLength(31);
  });

  it('uses only the rows a month needs, or always six', () => {
    // February 2025 begins on a Saturday and has 28 days: exactly four weeks.
    expect(monthGrid('2025-02-10')).toHaveLength(4);
    expect(monthGrid('2025-02-10', 'six')).toHaveLength(6);
    // August 2025 begins on a Friday: 6 + 31 days need six rows.
    expect(monthGrid('2025-08-01')).toHaveLength(6);
    for (const week of monthGrid('2025-08-01', 'six')) expect(dayOfWeek(week[0]?.day ?? '')).toBe('SAT');
  });
});

describe('periods', () => {
  it('gives the days each view shows', () => {
    expect(periodRange('month', '2025-05-20')).toEqual({ from: '2025-04-26', to: '2025-06-06' });
    expect(periodRange('week', '2025-05-07')).toEqual({ from: '2025-05-03', to: '2025-05-09' });
    expect(periodRange('agenda', '2025-05-07')).toEqual({ from: '2025-05-07', to: '2025-06-05' });
  });

  it('steps a month (keeping the day inside the month), a week, or the agenda span', () => {
    expect(stepCursor('month', '2025-01-31', 1)).toBe('2025-02-28');
    expect(stepCursor('month', '2024-01-31', 1)).toBe('2024-02-29');
    expect(stepCursor('month', '2025-01-15', -1)).toBe('2024-12-15');
    expect(stepCursor('week', '2025-05-07', 1)).toBe('2025-05-14');
    expect(stepCursor('week', '2025-05-07', -1)).toBe('2025-04-30');
    expect(stepCursor('agenda', '2025-05-07', 1)).toBe('2025-06-06');
    expect(addMonths('2025-11-30', 3)).toBe('2026-02-28');
  });

  it('moves the focused day by key', () => {
    expect(moveByKey('2025-05-07', 'ArrowRight')).toBe('2025-05-08');
    expect(moveByKey('2025-05-01', 'ArrowLeft')).toBe('2025-04-30');
    expect(moveByKey('2025-05-28', 'ArrowDown')).toBe('2025-06-04');
    expect(moveByKey('2025-05-07', 'ArrowUp')).toBe('2025-04-30');
    expect(moveByKey('2025-05-07', 'Home')).toBe('2025-05-03');
    expect(moveByKey('2025-05-07', 'End')).toBe('2025-05-09');
    expect(moveByKey('2025-05-31', 'PageDown')).toBe('2025-06-30');
    expect(moveByKey('2025-05-07', 'PageUp', true)).toBe('2024-05-07');
    expect(moveByKey('2025-05-07', 'a')).toBeNull();
  });
});

describe('Dhaka time', () => {
  it('puts an instant on its Dhaka day and clock, at the edges of midnight', () => {
    // 18:00 UTC is midnight in Dhaka.
    expect(dhakaDayOf('2025-05-03T17:59:59Z')).toBe('2025-05-03');
    expect(dhakaDayOf('2025-05-03T18:00:00Z')).toBe('2025-05-04');
    expect(dhakaDayOf('2025-05-03T23:30:00-05:00')).toBe('2025-05-04');
    expect(dhakaClockOf('2025-05-03T18:30:00Z')).toBe('00:30');
    expect(dhakaClockOf('2025-05-03T17:45:00Z')).toBe('23:45');
    expect(todayInDhaka(Date.UTC(2025, 11, 31, 18, 0))).toBe('2026-01-01');
    expect(todayInDhaka(Date.UTC(2025, 11, 31, 17, 59))).toBe('2025-12-31');
  });

  it('turns a Dhaka day and clock into the instant', () => {
    expect(dhakaInstant('2025-05-04', '00:30')).toBe('2025-05-03T18:30:00.000Z');
    expect(dhakaInstant('2025-05-04', '10:00')).toBe('2025-05-04T04:00:00.000Z');
    expect(dhakaDayOf(dhakaInstant('2025-05-04', '23:59'))).toBe('2025-05-04');
  });

  it('groups events by the Dhaka day they start on, in start order', () => {
    const days = groupByDay([
      event('late hearing', '2025-05-03T17:00:00Z'), // 23:00 on 3 May in Dhaka
      event('bail hearing', '2025-05-03T18:30:00Z'), // 00:30 on 4 May in Dhaka
      event('early call', '2025-05-03T03:00:00Z'), // 09:00 on 3 May
    ]);
    expect([...days.keys()]).toEqual(['2025-05-03', '2025-05-04']);
    expect(days.get('2025-05-03')?.map((e) => e.title)).toEqual(['early call', 'late hearing']);
    expect(days.get('2025-05-04')?.map((e) => e.title)).toEqual(['bail hearing']);
  });

  it('lists only the agenda days with events, in order', () => {
    const groups = agendaGroups(
      [
        event('after', '2025-06-10T04:00:00Z'),
        event('second', '2025-05-09T04:00:00Z'),
        event('before', '2025-05-06T04:00:00Z'),
        event('first', '2025-05-07T04:00:00Z'),
      ],
      { from: '2025-05-07', to: '2025-06-05' },
    );
    expect(groups.map((g) => [g.day, g.events.map((e) => e.title)])).toEqual([
      ['2025-05-07', ['first']],
      ['2025-05-09', ['second']],
    ]);
  });
});

describe('independence from the machine time zone', () => {
  const original = process.env.TZ;
  afterEach(() => {
    process.env.TZ = original;
  });

  /** Everything date-dependent the calendar computes, from instants around Dhaka midnight. */
  function snapshot() {
    const instants = ['2025-05-03T17:59:00Z', '2025-05-03T18:00:00Z', '2025-05-03T18:30:00Z', '2025-12-31T18:05:00Z'];
    return {
      days: instants.map((i) => dhakaDayOf(i)),
      clocks: instants.map((i) => dhakaClockOf(i)),
      today: todayInDhaka(Date.parse('2025-05-03T18:30:00Z')),
      grouped: [...groupByDay(instants.map((i) => event(i, i))).keys()],
      grid: monthGrid(dhakaDayOf('2025-05-31T19:00:00Z')).map((w) => w[0]?.day),
      instant: dhakaInstant('2025-05-04', '00:30'),
      week: weekDays(todayInDhaka(Date.parse('2025-05-09T18:10:00Z'))),
    };
  }

  it('computes the same Dhaka calendar in New York and in Dhaka', () => {
    process.env.TZ = 'America/New_York';
    // The zone really changed: 00:30 on 4 May in Dhaka is still 3 May in New York.
    expect(new Date('2025-05-03T18:30:00Z').getDate()).toBe(3);
    const inNewYork = snapshot();
    process.env.TZ = 'Asia/Dhaka';
    expect(new Date('2025-05-03T18:30:00Z').getDate()).toBe(4);
    const inDhaka = snapshot();

    expect(inNewYork).toEqual(inDhaka);
    expect(inDhaka.days).toEqual(['2025-05-03', '2025-05-04', '2025-05-04', '2026-01-01']);
    expect(inDhaka.clocks).toEqual(['23:59', '00:00', '00:30', '00:05']);
    expect(inDhaka.today).toBe('2025-05-04');
    expect(inDhaka.grid[0]).toBe('2025-05-31');
    expect(inDhaka.week[0]).toBe('2025-05-10');
  });
});
