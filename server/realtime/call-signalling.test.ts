/**
 * WebRTC signalling over STOMP (docs/api.md §5–7: /app/call/{meetingId}/signal → /topic/call-{id}):
 * only the meeting's parties may listen, and only inside the joining window (the client once paid)
 * may they speak; the server stamps the sender, so a party cannot speak as the other; malformed frames are
 * refused on /user/queue/errors and relayed to nobody.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ServerMessages } from '../../contract/errors';
import { MeetingSchema, type CallSignal, type Meeting } from '../../contract/meetings';
import { caseParties, type CaseParties } from '../../tests/helpers/server-cases';
import { call } from '../../tests/helpers/server-http';
import { startRealtimeApp, TestStompClient, type RealtimeTestApp } from '../../tests/helpers/server-realtime';
import type { Session } from '../../tests/helpers/server-lawyers';
import { Topics, UserQueues } from './destinations';

let t: RealtimeTestApp;
let parties: CaseParties;
const clients: TestStompClient[] = [];

beforeAll(async () => {
  t = await startRealtimeApp();
});
beforeEach(async () => {
  await t.reset();
  parties = await caseParties(t);
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await t?.close();
});

async function connected(session: Session): Promise<TestStompClient> {
  const client = new TestStompClient(t.url, { token: session.token });
  clients.push(client);
  await client.connect();
  return client;
}

/** A meeting starting in 5 minutes (inside the joining window); paid by the client when asked. */
async function meetingSoon({ paid }: { paid: boolean }): Promise<Meeting> {
  const start = new Date(t.clock.now().getTime() + 5 * 60_000);
  const res = await call(t.app, 'POST', '/v1/videocalls/', {
    token: parties.lawyer.token,
    body: {
      email: parties.client.email,
      title: 'Bail hearing preparation',
      startDateTime: start.toISOString(),
      endDateTime: new Date(start.getTime() + 30 * 60_000).toISOString(),
    },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  const meeting = MeetingSchema.parse(res.json?.data);
  if (!paid) return meeting;
  const checkout = await call(t.app, 'POST', `/v1/payments/${meeting.payment!.id}/stripe-session`, {
    token: parties.client.token,
  });
  const { sessionId } = checkout.json?.data as { sessionId: string };
  await call(t.app, 'POST', `/v1/payments/sandbox/checkout/${sessionId}`, {
    token: parties.client.token,
    body: { cardNumber: '4242424242424242', expiry: '12/39', cvc: '123' },
  });
  const complete = await call(t.app, 'PUT', `/v1/payments/complete/${sessionId}`, { token: parties.client.token });
  expect(complete.status).toBe(200);
  return meeting;
}

const signal = (meetingId: string) => `/app/call/${meetingId}/signal`;

describe('call signalling', () => {
  it('relays offer and ICE between the two parties, stamped with the real sender', async () => {
    const meeting = await meetingSoon({ paid: true });
    const lawyer = await connected(parties.lawyer);
    const client = await connected(parties.client);
    const lawyerHears = await lawyer.subscribeConfirmed(Topics.call(meeting.id));
    const clientHears = await client.subscribeConfirmed(Topics.call(meeting.id));

    // The client claims to be the lawyer: the server says who really sent it.
    client.send(signal(meeting.id), JSON.stringify({ type: 'join', peerId: 'client-tab', from: parties.lawyer.id }));
    const join = JSON.parse((await lawyerHears.next()).body) as CallSignal;
    expect(join).toEqual({ type: 'join', peerId: 'client-tab', from: parties.client.id });

    const offer = { type: 'offer', peerId: 'lawyer-tab', sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' };
    lawyer.send(signal(meeting.id), JSON.stringify(offer));
    // Both hear the topic (each side ignores its own frames by `from`).
    const heard = [await clientHears.next(), await clientHears.next()].map((m) => JSON.parse(m.body) as CallSignal);
    expect(heard.map((s) => s.type)).toEqual(['join', 'offer']);
    expect(heard[1]).toEqual({ ...offer, from: parties.lawyer.id });

    const ice = {
      type: 'ice',
      peerId: 'client-tab',
      candidate: { candidate: 'candidate:1 1 UDP 2122252543 127.0.0.1 50000 typ host', sdpMid: '0', sdpMLineIndex: 0 },
    };
    client.send(signal(meeting.id), JSON.stringify(ice));
    await lawyerHears.next(); // the offer, heard by its own sender too
    expect(JSON.parse((await lawyerHears.next()).body)).toEqual({ ...ice, from: parties.client.id });
  });

  it('refuses a malformed frame on /user/queue/errors and relays nothing', async () => {
    const meeting = await meetingSoon({ paid: true });
    const lawyer = await connected(parties.lawyer);
    const client = await connected(parties.client);
    const lawyerHears = await lawyer.subscribeConfirmed(Topics.call(meeting.id));
    const errors = await client.subscribeConfirmed(UserQueues.errors);
    client.send(signal(meeting.id), '{"type":"offer","peerId":"x"}');
    expect((await errors.next()).body).toBe('Invalid call signal');
    client.send(signal(meeting.id), 'not json');
    expect((await errors.next()).body).toBe(ServerMessages.malformedJson);
    client.send(signal(meeting.id), JSON.stringify({ type: 'leave', peerId: 'client-tab' }));
    expect(JSON.parse((await lawyerHears.next()).body)).toMatchObject({ type: 'leave', from: parties.client.id });
    expect(lawyerHears.messages).toHaveLength(1);
  });

  it('keeps strangers out, and lets a client who has not paid listen but not speak', async () => {
    const meeting = await meetingSoon({ paid: false });
    const lawyer = await connected(parties.lawyer);
    const lawyerHears = await lawyer.subscribeConfirmed(Topics.call(meeting.id));
    // A party's subscription is never refused…
    const client = await connected(parties.client);
    await client.subscribeConfirmed(Topics.call(meeting.id));
    const errors = await client.subscribeConfirmed(UserQueues.errors);
    // …but until the payment is held, nothing the client sends reaches the call.
    client.send(signal(meeting.id), JSON.stringify({ type: 'join', peerId: 'client-tab' }));
    expect((await errors.next()).body).toBe('Meeting not found');
    expect(client.stompErrors).toEqual([]);

    for (const outsider of [parties.stranger, parties.otherLawyer]) {
      const stranger = await connected(outsider);
      const strangerErrors = await stranger.subscribeConfirmed(UserQueues.errors);
      stranger.send(signal(meeting.id), JSON.stringify({ type: 'join', peerId: 'intruder' }));
      expect((await strangerErrors.next()).body).toBe('Meeting not found');
      // A foreign call topic is refused with an ERROR naming it; the connection stays open
      // (docs/decisions/0014). A second signal's answer proves the ERROR came first.
      stranger.subscribe(Topics.call(meeting.id));
      stranger.send(signal(meeting.id), JSON.stringify({ type: 'join', peerId: 'intruder' }));
      expect((await strangerErrors.next()).body).toBe('Meeting not found');
      expect(stranger.stompErrors.map((f) => f.headers.destination)).toEqual([Topics.call(meeting.id)]);
      expect(stranger.closes).toBe(0);
    }
    expect(lawyerHears.messages).toHaveLength(0);
  });
});
