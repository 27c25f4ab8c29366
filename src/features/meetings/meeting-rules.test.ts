/**
 * The price preview's arithmetic (half-up to the paisa, as the server prices) and who may do what
 * to a meeting when: Edit/Cancel, Join, Pay, Cancel payment and Release, at the edges of each window.
 */
import { describe, expect, it } from 'vitest';
import {
  MEETING_JOIN_EARLY_MINUTES,
  MEETING_MAX_MINUTES,
  MEETING_TITLE_MAX,
  MEETING_TITLE_MIN,
} from '../../../contract/meetings';
import { RELEASE_AFTER_END_HOURS } from '../../../contract/payments';
import {
  canCancelPayment,
  canChangeMeeting,
  canPay,
  canRelease,
  canShowJoin,
  clientMayEnter,
  JOIN_EARLY_MINUTES,
  joinOpensLater,
  MAX_MINUTES,
  meetingMinutes,
  meetingPrice,
  RELEASE_AFTER_HOURS,
  splitMeetings,
  TITLE_MAX,
  TITLE_MIN,
} from './meeting-rules';
import { previewPrice } from './meeting-values';
import { dhakaClock, dhakaLocalToIso, isoToDhakaLocal } from './meeting-time';
import { meeting } from '../../testing/meetings';

const NOW = Date.parse('2026-11-24T12:00:00Z');
const at = (startsIn: number, minutes: number, status: Parameters<typeof meeting>[3] = 'PENDING') =>
  meeting('5b1e6a0e-0000-4000-8000-000000000001', startsIn, minutes, status, {}, NOW);

describe('the contract limits', () => {
  it('are the contract’s own', () => {
    expect(JOIN_EARLY_MINUTES).toBe(MEETING_JOIN_EARLY_MINUTES);
    expect(MAX_MINUTES).toBe(MEETING_MAX_MINUTES);
    expect(RELEASE_AFTER_HOURS).toBe(RELEASE_AFTER_END_HOURS);
    expect([TITLE_MIN, TITLE_MAX]).toEqual([MEETING_TITLE_MIN, MEETING_TITLE_MAX]);
  });
});

describe('meetingPrice', () => {
  it.each([
    [1500, 60, 1500],
    [1500, 45, 1125],
    [1000, 7, 116.67], // 116.666… rounds up
    [1000, 1, 16.67],
    [999.99, 90, 1499.99], // 1499.985 → half up
    [0.01, 30, 0.01], // half a paisa rounds up
    [0.01, 29, 0], // under half a paisa rounds down
    [2500.5, 480, 20004],
  ])('%d an hour for %d min is %d', (hourly, minutes, price) => {
    expect(meetingPrice(hourly, minutes)).toBe(price);
  });

  it('previews the price of the form’s Dhaka times, and nothing until the end is after the start', () => {
    expect(previewPrice({ startDateTime: '2026-12-01T10:00', endDateTime: '2026-12-01T10:45' }, 1500)).toEqual({
      amount: 1125,
      minutes: 45,
    });
    expect(previewPrice({ startDateTime: '2026-12-01T23:30', endDateTime: '2026-12-02T00:30' }, 1000)).toEqual({
      amount: 1000,
      minutes: 60,
    });
    expect(previewPrice({ startDateTime: '2026-12-01T10:00', endDateTime: '' }, 1500)).toBeNull();
    expect(previewPrice({ startDateTime: '2026-12-01T10:00', endDateTime: '2026-12-01T09:00' }, 1500)).toBeNull();
    expect(previewPrice({ startDateTime: '2026-12-01T08:00', endDateTime: '2026-12-01T16:01' }, 1500)).toBeNull();
  });

  it('counts whole minutes as the server does', () => {
    expect(meetingMinutes('2026-12-01T10:00:00+06:00', '2026-12-01T10:59:30+06:00')).toBe(60);
    expect(meetingMinutes('2026-12-01T10:00:00+06:00', '2026-12-01T10:00:10+06:00')).toBe(1);
  });
});

describe('Dhaka times', () => {
  it('reads the form’s wall clock as Dhaka time and gives it back', () => {
    expect(dhakaLocalToIso('2026-12-01T10:30')).toBe('2026-12-01T10:30:00+06:00');
    expect(Date.parse(dhakaLocalToIso('2026-12-01T10:30') ?? '')).toBe(Date.parse('2026-12-01T04:30:00Z'));
    expect(isoToDhakaLocal('2026-12-01T20:15:00Z')).toBe('2026-12-02T02:15');
    expect(dhakaLocalToIso('')).toBeNull();
    expect(dhakaLocalToIso('2026-12-01')).toBeNull();
  });

  it('shows the Dhaka clock in the language’s digits', () => {
    expect(dhakaClock('2026-12-01T04:30:00Z', 'en')).toBe('10:30');
    expect(dhakaClock('2026-12-01T04:30:00Z', 'bn')).toBe('১০:৩০');
  });
});

describe('who may do what, when', () => {
  it('lets the lawyer edit or cancel only while unpaid and before the start', () => {
    expect(canChangeMeeting(at(60, 30), NOW)).toBe(true);
    expect(canChangeMeeting(at(0, 30), NOW)).toBe(false); // starting now
    expect(canChangeMeeting(at(-5, 30), NOW)).toBe(false);
    for (const status of ['PAID', 'RELEASED', 'REFUNDED', 'CANCELED'] as const) {
      expect(canChangeMeeting(at(60, 30, status), NOW)).toBe(false);
    }
  });

  it('shows Join from 10 minutes before the start to the end, unless called off', () => {
    expect(canShowJoin(at(11, 30, 'PAID'), NOW)).toBe(false);
    expect(canShowJoin(at(10, 30, 'PAID'), NOW)).toBe(true);
    expect(canShowJoin(at(-29, 30, 'PAID'), NOW)).toBe(true);
    expect(canShowJoin(at(-30, 30, 'PAID'), NOW)).toBe(false); // just ended
    expect(canShowJoin(at(5, 30, 'PENDING'), NOW)).toBe(true); // the client is then told to pay
    expect(canShowJoin(at(5, 30, 'CANCELED'), NOW)).toBe(false);
    expect(canShowJoin(at(5, 30, 'REFUNDED'), NOW)).toBe(false);
    expect(joinOpensLater(at(11, 30, 'PAID'), NOW)).toBe(true);
    expect(joinOpensLater(at(10, 30, 'PAID'), NOW)).toBe(false);
    expect(joinOpensLater(at(60, 30, 'REFUNDED'), NOW)).toBe(false);
    expect(clientMayEnter(at(5, 30, 'PENDING'))).toBe(false);
    expect(clientMayEnter(at(5, 30, 'PAID'))).toBe(true);
    expect(clientMayEnter(at(5, 30, 'RELEASED'))).toBe(true);
  });

  it('offers Pay for a pending payment until the meeting ends', () => {
    expect(canPay(at(60, 30), NOW)).toBe(true);
    expect(canPay(at(-10, 30), NOW)).toBe(true);
    expect(canPay(at(-30, 30), NOW)).toBe(false);
    expect(canPay(at(60, 30, 'PAID'), NOW)).toBe(false);
    expect(canPay(at(60, 30, null), NOW)).toBe(false);
  });

  it('cancels a pending payment any time, and refunds a held one only before the start', () => {
    expect(canCancelPayment(at(60, 30), NOW)).toBe(true);
    expect(canCancelPayment(at(-60, 30), NOW)).toBe(true);
    expect(canCancelPayment(at(60, 30, 'PAID'), NOW)).toBe(true);
    expect(canCancelPayment(at(0, 30, 'PAID'), NOW)).toBe(false);
    expect(canCancelPayment(at(60, 30, 'RELEASED'), NOW)).toBe(false);
    expect(canCancelPayment(at(60, 30, 'CANCELED'), NOW)).toBe(false);
  });

  it('offers Release only for a held payment once the meeting has started (Cancel refunds before)', () => {
    expect(canRelease(at(-30, 30, 'PAID'), NOW)).toBe(true);
    expect(canRelease(at(0, 30, 'PAID'), NOW)).toBe(true);
    expect(canRelease(at(1, 30, 'PAID'), NOW)).toBe(false);
    for (const startsIn of [-1, 0, 1]) {
      const held = at(startsIn, 30, 'PAID');
      expect(canRelease(held, NOW) !== canCancelPayment(held, NOW)).toBe(true);
    }
    expect(canRelease(at(-30, 30, 'PENDING'), NOW)).toBe(false);
    expect(canRelease(at(-30, 30, 'RELEASED'), NOW)).toBe(false);
  });

  it('puts upcoming meetings first (soonest first), then past ones (latest first)', () => {
    const a = meeting('a0000000-0000-4000-8000-000000000001', 120, 30, 'PENDING', {}, NOW);
    const b = meeting('b0000000-0000-4000-8000-000000000002', 30, 30, 'PENDING', {}, NOW);
    const c = meeting('c0000000-0000-4000-8000-000000000003', -600, 30, 'PAID', {}, NOW);
    const d = meeting('d0000000-0000-4000-8000-000000000004', -60, 30, 'PAID', {}, NOW);
    const e = meeting('e0000000-0000-4000-8000-000000000005', -10, 30, 'PAID', {}, NOW); // in progress
    const { upcoming, past } = splitMeetings([a, b, c, d, e], NOW);
    expect(upcoming.map((m) => m.id[0])).toEqual(['e', 'b', 'a']);
    expect(past.map((m) => m.id[0])).toEqual(['d', 'c']);
  });
});
