/**
 * WebRTC signalling of a meeting (docs/api.md §5–7: SEND /app/call/{meetingId}/signal, heard on
 * /topic/call-{meetingId}). The sender must be allowed into the call right now (a party, inside the
 * joining window, the client paid: the same rule as GET /videocalls/{id}/token); the frame must be
 * one of the contract's CallSignal shapes; the server stamps `from` with the sender's user id, so a
 * party cannot speak as the other, and relays it to the meeting's topic (whose subscribers passed
 * the same check).
 */
import { CallSignalSchema, MeetingMessages } from '../../contract/meetings';
import { ServerMessages } from '../../contract/errors';
import { badRequest, notFound } from '../http/app-error';
import type { StompBroker } from './broker';
import { AppDestinations, Topics, type CanJoinCall } from './destinations';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function registerCallHandlers(broker: StompBroker, canJoinCall: CanJoinCall): void {
  broker.handle(AppDestinations.callSignal, async ({ actor, params, body }) => {
    const meetingId = (params.meetingId ?? '').toLowerCase();
    if (!UUID.test(meetingId) || !(await canJoinCall(actor, meetingId))) {
      throw notFound(MeetingMessages.meetingNotFound);
    }
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw badRequest(ServerMessages.malformedJson);
    }
    const parsed = CallSignalSchema.safeParse(json);
    if (!parsed.success) throw badRequest('Invalid call signal');
    broker.publish(Topics.call(meetingId), { ...parsed.data, from: actor.userId });
  });
}
