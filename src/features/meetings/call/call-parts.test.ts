/**
 * The call's small rules: connection quality from getStats numbers, the signalling frames accepted
 * from the topic, what a refused token means, the Jitsi address, and a Bangla text for every English
 * one of the dialog's catalogue.
 */
import { describe, expect, it } from 'vitest';
import type { MeetingToken } from '../../../../contract/meetings';
import { callMessages } from './call-messages';
import { qualityBars, readQuality, sampleOf } from './call-quality';
import { parseCallSignal } from './call-signal';
import { jitsiUrl, tokenProblem } from './use-call';

const report = (entries: Record<string, unknown>[]) =>
  new Map(entries.map((entry) => [entry.id as string, entry])) as unknown as RTCStatsReport;

describe('connection quality', () => {
  it('reads the selected pair’s round trip and the inbound packets', () => {
    const sample = sampleOf(
      report([
        { id: 'T1', type: 'transport', selectedCandidatePairId: 'P2' },
        { id: 'P1', type: 'candidate-pair', currentRoundTripTime: 0.9, nominated: true, state: 'succeeded' },
        { id: 'P2', type: 'candidate-pair', currentRoundTripTime: 0.05 },
        { id: 'A', type: 'inbound-rtp', kind: 'audio', packetsReceived: 500, packetsLost: 5 },
        { id: 'V', type: 'inbound-rtp', kind: 'video', packetsReceived: 1500, packetsLost: -2 },
        { id: 'O', type: 'outbound-rtp', packetsSent: 999 },
      ]),
    );
    expect(sample).toEqual({ roundTripTime: 0.05, packetsReceived: 2000, packetsLost: 5 });
  });

  it('falls back to the nominated, succeeded pair when no transport names one (Firefox)', () => {
    const sample = sampleOf(
      report([{ id: 'P1', type: 'candidate-pair', currentRoundTripTime: 0.2, nominated: true, state: 'succeeded' }]),
    );
    expect(sample.roundTripTime).toBe(0.2);
  });

  it('judges the interval since the previous sample: good, fair, poor', () => {
    const base = { roundTripTime: 0.05, packetsReceived: 1000, packetsLost: 0 };
    expect(readQuality({ ...base, packetsReceived: 1100 }, base)).toEqual({
      quality: 'good',
      roundTripMs: 50,
      lossPercent: 0,
    });
    // 5 % lost over the interval, though the total since the start is tiny.
    expect(readQuality({ roundTripTime: 0.05, packetsReceived: 1095, packetsLost: 5 }, base).quality).toBe('fair');
    expect(readQuality({ ...base, roundTripTime: 0.25, packetsReceived: 1100 }, base).quality).toBe('fair');
    expect(readQuality({ ...base, roundTripTime: 0.6, packetsReceived: 1100 }, base).quality).toBe('poor');
    expect(readQuality({ roundTripTime: 0.05, packetsReceived: 1080, packetsLost: 20 }, base)).toMatchObject({
      quality: 'poor',
      lossPercent: 20,
    });
    // Nothing measured yet is not bad news.
    expect(readQuality({ roundTripTime: null, packetsReceived: 0, packetsLost: 0 }, null).quality).toBe('good');
  });

  it('lights three, two or one bars', () => {
    expect([qualityBars('good'), qualityBars('fair'), qualityBars('poor')]).toEqual([3, 2, 1]);
  });
});

describe('signalling frames from the topic', () => {
  it('accepts the contract’s frames and nothing else', () => {
    expect(parseCallSignal('{"type":"join","peerId":"p1","from":"u1"}')).toEqual({
      type: 'join',
      peerId: 'p1',
      from: 'u1',
    });
    expect(parseCallSignal('{"type":"media","peerId":"p1","audio":true,"video":false}')).toMatchObject({
      video: false,
    });
    expect(parseCallSignal('{"type":"offer","peerId":"p1"}')).toBeNull();
    expect(parseCallSignal('{"type":"hello","peerId":"p1"}')).toBeNull();
    expect(parseCallSignal(`{"type":"join","peerId":"${'x'.repeat(65)}"}`)).toBeNull();
    expect(parseCallSignal('not json')).toBeNull();
  });
});

describe('joining', () => {
  it('names each refusal of the token', () => {
    const refusal = (status: number, serverMessage?: string) => ({ status, message: 'x', serverMessage });
    expect(tokenProblem(refusal(402, 'Payment must be completed before joining the meeting'))).toBe('paymentRequired');
    expect(tokenProblem(refusal(400, 'Meeting has not started yet'))).toBe('notStarted');
    expect(tokenProblem(refusal(400, 'Meeting has already ended'))).toBe('ended');
    expect(tokenProblem(refusal(404, 'Meeting not found'))).toBe('joinFailed');
    expect(tokenProblem({ status: null, message: 'offline' })).toBe('joinFailed');
    expect(tokenProblem(new Error('boom'))).toBe('joinFailed');
  });

  it('builds the Jitsi address from the token, and refuses a domain that is not one', () => {
    const token: MeetingToken = {
      meetingId: '7a1e5f0c-3b7d-4c55-9a0e-2f4b8f1d6c10',
      roomName: 'lc room/1',
      jwtToken: 'a.b.c',
      provider: 'jitsi',
      iceServers: [],
      jitsiDomain: 'meet.example.org',
    };
    expect(jitsiUrl(token)).toBe('https://meet.example.org/lc%20room%2F1?jwt=a.b.c');
    expect(jitsiUrl({ ...token, jwtToken: '' })).toBe('https://meet.example.org/lc%20room%2F1');
    expect(jitsiUrl({ ...token, jitsiDomain: 'evil.example/phish?x=' })).toBeNull();
    expect(jitsiUrl({ ...token, jitsiDomain: null })).toBeNull();
    expect(jitsiUrl({ ...token, provider: 'webrtc' })).toBeNull();
  });
});

describe('the call catalogue', () => {
  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

  it('has the same keys in English and Bangla', () => {
    expect(Object.keys(callMessages.bn).sort()).toEqual(Object.keys(callMessages.en).sort());
  });

  it.each(Object.keys(callMessages.en))('%s is translated', (key) => {
    const en = callMessages.en[key as keyof typeof callMessages.en];
    const bn = callMessages.bn[key as keyof typeof callMessages.bn];
    expect(en.trim()).not.toBe('');
    expect(bn.trim()).not.toBe('');
    expect(placeholders(bn)).toEqual(placeholders(en));
    expect(bn).toMatch(/[\u0980-\u09FF]/);
  });
});
