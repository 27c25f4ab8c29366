/**
 * The call's signalling over the tab's one STOMP connection (docs/api.md §5–7): SEND
 * /app/call/{meetingId}/signal, heard on /topic/call-{meetingId}. Incoming frames are parsed with
 * the contract's schema at this edge; anything else on the topic is dropped.
 */
import { CallSignalSchema, type CallSignal } from '../../../../contract/meetings';
import type { RealtimeConnection } from '../../../lib/realtime/connection';
import type { SignalTransport } from './call-session';

export const callTopic = (meetingId: string) => `/topic/call-${meetingId}`;
export const callSignalDestination = (meetingId: string) => `/app/call/${meetingId}/signal`;

export function parseCallSignal(body: string): CallSignal | null {
  try {
    const parsed = CallSignalSchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A SignalTransport on `connection` for one meeting. */
export function stompSignal(connection: RealtimeConnection, meetingId: string): SignalTransport {
  return {
    send(frame) {
      // `from` is the server's to stamp; a client's would be ignored anyway.
      const { from: _from, ...body } = frame;
      connection.send(callSignalDestination(meetingId), JSON.stringify(body));
    },
    subscribe(handler) {
      return connection.listen(callTopic(meetingId), (body) => {
        const frame = parseCallSignal(body);
        if (frame) handler(frame);
      });
    },
  };
}
