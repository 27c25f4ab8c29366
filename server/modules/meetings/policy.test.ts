/** The meeting guards: editing while unpaid and not started; the join window and the 402 rule. */
import { describe, expect, it } from 'vitest';
import type { PaymentStatus } from '../../../contract/enums';
import { MeetingMessages } from '../../../contract/meetings';
import { AppError } from '../../http/app-error';
import { assertMayJoin, assertMeetingEditable, iceServers, type MeetingFacts } from './policy';

const lawyerId = '00000000-0000-4000-8000-00000000000a';
const clientId = '00000000-0000-4000-8000-00000000000b';
const start = new Date('2026-11-24T12:00:00Z');
const end = new Date('2026-11-24T13:00:00Z');
const at = (minutesFromStart: number) => new Date(start.getTime() + minutesFromStart * 60_000);
const meeting = (paymentStatus: PaymentStatus | null): MeetingFacts => ({
  lawyerId,
  clientId,
  startsAt: start,
  endsAt: end,
  paymentStatus,
});

function errorOf(fn: () => void): AppError | null {
  try {
    fn();
    return null;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

describe('joining a meeting', () => {
  it('opens 10 minutes before the start and closes at the end, for both parties', () => {
    for (const userId of [lawyerId, clientId]) {
      expect(errorOf(() => assertMayJoin(userId, meeting('PAID'), at(-11)))).toMatchObject({
        statusCode: 400,
        message: MeetingMessages.notStarted,
      });
      expect(errorOf(() => assertMayJoin(userId, meeting('PAID'), at(-10)))).toBeNull();
      expect(errorOf(() => assertMayJoin(userId, meeting('PAID'), at(30)))).toBeNull();
      expect(errorOf(() => assertMayJoin(userId, meeting('PAID'), at(60)))).toMatchObject({
        statusCode: 400,
        message: MeetingMessages.ended,
      });
    }
  });

  it('asks an unpaid client to pay (402) but lets the lawyer in', () => {
    for (const status of ['PENDING', 'CANCELED', 'REFUNDED', null] as const) {
      expect(errorOf(() => assertMayJoin(clientId, meeting(status), at(0)))).toMatchObject({
        statusCode: 402,
        message: MeetingMessages.paymentRequired,
      });
      expect(errorOf(() => assertMayJoin(lawyerId, meeting(status), at(0)))).toBeNull();
    }
    expect(errorOf(() => assertMayJoin(clientId, meeting('PAID'), at(0)))).toBeNull();
    expect(errorOf(() => assertMayJoin(clientId, meeting('RELEASED'), at(0)))).toBeNull();
  });

  it('checks the window before the payment (an unpaid client too early hears "not started")', () => {
    expect(errorOf(() => assertMayJoin(clientId, meeting('PENDING'), at(-30)))?.statusCode).toBe(400);
  });
});

describe('editing a meeting', () => {
  it("is the lawyer's, while unpaid and before the start", () => {
    expect(errorOf(() => assertMeetingEditable(lawyerId, meeting('PENDING'), at(-1)))).toBeNull();
    expect(errorOf(() => assertMeetingEditable(clientId, meeting('PENDING'), at(-1)))?.statusCode).toBe(403);
    for (const status of ['PAID', 'RELEASED', 'REFUNDED', 'CANCELED'] as const) {
      expect(errorOf(() => assertMeetingEditable(lawyerId, meeting(status), at(-60)))).toMatchObject({
        statusCode: 409,
        message: MeetingMessages.locked,
      });
    }
    expect(errorOf(() => assertMeetingEditable(lawyerId, meeting('PENDING'), at(0)))?.statusCode).toBe(409);
  });
});

describe('ICE servers', () => {
  it('hands out the configured TURN servers, else a public STUN server', () => {
    expect(iceServers(null)).toEqual([{ urls: 'stun:stun.l.google.com:19302' }]);
    expect(iceServers({ urls: ['turn:turn.example.org:3478'], username: 'u', credential: 'c' })).toEqual([
      { urls: ['turn:turn.example.org:3478'], username: 'u', credential: 'c' },
    ]);
  });
});
