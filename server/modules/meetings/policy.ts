/**
 * Who may do what to a meeting, and when (docs/api.md §4 Video meetings). Reads are limited to the two
 * parties in SQL (anyone else gets 404). The lawyer who scheduled it moves or cancels it, only
 * while its payment is unpaid (PENDING) and before it starts. Either party joins from
 * MEETING_JOIN_EARLY_MINUTES before the start to the end; the client only once the payment is
 * PAID (held) or RELEASED, else 402.
 */
import type { PaymentStatus } from '../../../contract/enums';
import { MEETING_JOIN_EARLY_MINUTES, MeetingMessages, type IceServer } from '../../../contract/meetings';
import { AppError, badRequest, conflict, forbidden } from '../../http/app-error';
import type { Config } from '../../config';

export interface MeetingFacts {
  lawyerId: string;
  clientId: string;
  startsAt: Date;
  endsAt: Date;
  paymentStatus: PaymentStatus | null;
}

export const paymentRequired = () => new AppError(402, MeetingMessages.paymentRequired);

/** Moving or cancelling: the lawyer's, while unpaid and not started. */
export function assertMeetingEditable(userId: string, meeting: MeetingFacts, now: Date): void {
  if (meeting.lawyerId !== userId) throw forbidden();
  const unpaid = meeting.paymentStatus === null || meeting.paymentStatus === 'PENDING';
  if (!unpaid || now >= meeting.startsAt) throw conflict(MeetingMessages.locked);
}

/** Joining: the window first (both parties), then the client's payment. */
export function assertMayJoin(userId: string, meeting: MeetingFacts, now: Date): void {
  const opens = meeting.startsAt.getTime() - MEETING_JOIN_EARLY_MINUTES * 60_000;
  if (now.getTime() < opens) throw badRequest(MeetingMessages.notStarted);
  if (now >= meeting.endsAt) throw badRequest(MeetingMessages.ended);
  if (userId === meeting.clientId && meeting.paymentStatus !== 'PAID' && meeting.paymentStatus !== 'RELEASED') {
    throw paymentRequired();
  }
}

/** STUN/TURN servers handed to WebRTC calls: the configured ones, else a public STUN server. */
export function iceServers(turn: Config['turn']): IceServer[] {
  if (!turn || turn.urls.length === 0) return [{ urls: 'stun:stun.l.google.com:19302' }];
  return [
    {
      urls: turn.urls,
      ...(turn.username ? { username: turn.username } : {}),
      ...(turn.credential ? { credential: turn.credential } : {}),
    },
  ];
}
