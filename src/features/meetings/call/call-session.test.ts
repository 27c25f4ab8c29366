/**
 * The negotiation of CallSession: two sessions (a lawyer and a client) wired to each other through
 * an in-memory topic that behaves like the server's (every frame to every subscriber, the sender
 * included, in order, `from` stamped with the sender's user id), over fake peer connections.
 *
 * The fakes model what the negotiation depends on — signalling states, implicit rollback, transceiver
 * reuse by addTrack, negotiationneeded, ICE credentials that change on a restart, trickled candidates —
 * and "connect" two peers whose descriptions match (by ICE ufrag) once either has heard a candidate
 * (peer-reflexive discovery covers a lost one). Media, codecs and the network are not modelled: the
 * real thing is exercised by the end-to-end test in Chromium.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallSignal } from '../../../../contract/meetings';
import { CallSession, type CallSessionOptions, type SignalTransport } from './call-session';

// ── fake media ───────────────────────────────────────────────────────────────────────────────

let nextId = 0;

/**
 * Everything the fake world does later (a frame on its way, a candidate, a negotiation check) goes
 * through `later`, so a test can wait until nothing more is coming — `quiet()` — before it checks
 * that something did *not* happen, instead of sleeping.
 */
let pending = 0;
function later(work: () => void) {
  pending += 1;
  setTimeout(() => {
    pending -= 1;
    work();
  }, 0);
}
async function quiet() {
  // A turn of the event loop also runs every promise job the last piece of work started.
  do await new Promise((resolve) => setTimeout(resolve, 0));
  while (pending > 0);
}

class FakeTrack {
  readonly id = `track-${++nextId}`;
  enabled = true;
  readyState: 'live' | 'ended' = 'live';
  constructor(readonly kind: 'audio' | 'video') {}
  stop() {
    this.readyState = 'ended';
  }
}

class FakeStream {
  readonly id = `stream-${++nextId}`;
  private tracks: FakeTrack[];
  constructor(tracks: FakeTrack[] = []) {
    this.tracks = [...tracks];
  }
  getTracks() {
    return [...this.tracks];
  }
  getAudioTracks() {
    return this.tracks.filter((t) => t.kind === 'audio');
  }
  getVideoTracks() {
    return this.tracks.filter((t) => t.kind === 'video');
  }
  addTrack(track: FakeTrack) {
    if (!this.tracks.includes(track)) this.tracks.push(track);
  }
  removeTrack(track: FakeTrack) {
    this.tracks = this.tracks.filter((t) => t !== track);
  }
}

const camera = () => new FakeStream([new FakeTrack('audio'), new FakeTrack('video')]);

// ── fake peer connections ────────────────────────────────────────────────────────────────────

type Direction = 'sendrecv' | 'sendonly' | 'recvonly' | 'inactive';
interface MLine {
  kind: 'audio' | 'video';
  direction: Direction;
}
interface FakeSdp {
  ufrag: string;
  mlines: MLine[];
}

const sends = (d: Direction) => d === 'sendrecv' || d === 'sendonly';
const receives = (d: Direction) => d === 'sendrecv' || d === 'recvonly';
const directionOf = (send: boolean, receive: boolean): Direction =>
  send && receive ? 'sendrecv' : send ? 'sendonly' : receive ? 'recvonly' : 'inactive';

class FakeTransceiver {
  mid: string | null = null;
  /** The direction as of the last local description (what negotiationneeded compares with). */
  negotiated: Direction | null = null;
  private wanted: Direction;
  everSent = false;
  readonly sender: { track: FakeTrack | null; replaceTrack: (t: FakeTrack | null) => Promise<void> };
  readonly receiver: { track: FakeTrack };
  receiving = false;

  constructor(
    private readonly pc: FakePeer,
    kind: 'audio' | 'video',
    direction: Direction,
    track: FakeTrack | null,
  ) {
    this.wanted = direction;
    this.everSent = Boolean(track);
    this.sender = {
      track,
      replaceTrack: async (t) => {
        this.sender.track = t;
      },
    };
    this.receiver = { track: new FakeTrack(kind) };
  }

  get direction(): Direction {
    return this.wanted;
  }

  set direction(value: Direction) {
    if (value === this.wanted) return;
    this.wanted = value;
    this.pc.checkNegotiation();
  }
}

/** Who is reachable: pcs by their local ufrag; pairs of ufrags whose path is broken. */
const network = { byUfrag: new Map<string, FakePeer>(), broken: new Set<string>() };

class FakePeer {
  readonly id = `pc-${++nextId}`;
  signalingState: RTCSignalingState = 'stable';
  connectionState: RTCPeerConnectionState = 'new';
  localDescription: { type: 'offer' | 'answer'; sdp: string } | null = null;
  remoteDescription: { type: 'offer' | 'answer'; sdp: string } | null = null;
  onnegotiationneeded: (() => void) | null = null;
  onicecandidate: ((event: { candidate: RTCIceCandidateInit | null }) => void) | null = null;
  ontrack: ((event: { track: FakeTrack; streams: FakeStream[] }) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  readonly transceivers: FakeTransceiver[] = [];
  readonly remoteStream = new FakeStream();
  readonly offersMade: string[] = [];
  restartsAsked = 0;
  private localUfrag: string | null = null;
  private remoteUfrag: string | null = null;
  private currentLocal: { type: 'offer' | 'answer'; sdp: string } | null = null;
  private restartPending = false;
  private heardCandidate = false;
  private checkScheduled = false;

  addTrack(track: FakeTrack): FakeTransceiver {
    const reusable = this.transceivers.find(
      (t) => t.receiver.track.kind === track.kind && !t.sender.track && !t.everSent && t.mid !== null,
    );
    if (reusable) {
      reusable.sender.track = track;
      reusable.everSent = true;
      reusable.direction = reusable.direction === 'recvonly' ? 'sendrecv' : 'sendonly';
      this.checkNegotiation();
      return reusable;
    }
    const transceiver = new FakeTransceiver(this, track.kind, 'sendrecv', track);
    this.transceivers.push(transceiver);
    this.checkNegotiation();
    return transceiver;
  }

  getTransceivers() {
    return [...this.transceivers];
  }

  getSenders() {
    return this.transceivers.map((t) => ({
      track: t.sender.track,
      getParameters: () => ({ encodings: [{}] }),
      setParameters: async () => undefined,
    }));
  }

  restartIce() {
    this.restartsAsked += 1;
    this.restartPending = true;
    this.checkNegotiation();
  }

  async setLocalDescription(): Promise<void> {
    await Promise.resolve();
    if (this.signalingState === 'closed') throw new Error('closed');
    if (this.signalingState === 'have-remote-offer') {
      const offer = JSON.parse(this.remoteDescription?.sdp ?? '{}') as FakeSdp;
      const mlines = offer.mlines.map((line, i) => {
        const t = this.transceivers[i]!;
        const send = sends(t.direction) && Boolean(t.sender.track) && receives(line.direction);
        return { kind: line.kind, direction: directionOf(send, receives(t.direction) && sends(line.direction)) };
      });
      this.localUfrag ??= this.newUfrag();
      this.describe('answer', mlines);
      this.signalingState = 'stable';
      this.checkNegotiation();
    } else {
      if (this.restartPending || !this.localUfrag) {
        this.restartPending = false;
        this.localUfrag = this.newUfrag();
        this.heardCandidate = false;
      }
      this.transceivers.forEach((t, i) => (t.mid ??= String(i)));
      this.describe(
        'offer',
        this.transceivers.map((t) => ({ kind: t.receiver.track.kind as 'audio' | 'video', direction: t.direction })),
      );
      this.offersMade.push(this.localDescription!.sdp);
      this.signalingState = 'have-local-offer';
    }
    this.emitCandidate();
    this.checkConnected();
  }

  async setRemoteDescription(description: { type: 'offer' | 'answer'; sdp: string }): Promise<void> {
    await Promise.resolve();
    if (this.signalingState === 'closed') throw new Error('closed');
    const sdp = JSON.parse(description.sdp) as FakeSdp;
    if (description.type === 'offer') {
      if (this.signalingState === 'have-local-offer') {
        // Implicit rollback: our offer never happened.
        this.localDescription = this.currentLocal;
        this.signalingState = 'stable';
      }
      if (this.signalingState !== 'stable') throw new DOMException('wrong state', 'InvalidStateError');
      sdp.mlines.forEach((line, i) => {
        const existing = this.transceivers[i];
        if (!existing) {
          const t = new FakeTransceiver(this, line.kind, 'recvonly', null);
          t.mid = String(i);
          this.transceivers.push(t);
        }
      });
      if (sdp.ufrag !== this.remoteUfrag) {
        // The other side restarted ICE: so do we, in the answer.
        this.localUfrag = this.remoteUfrag === null ? this.localUfrag : this.newUfrag();
        this.heardCandidate = false;
      }
      this.signalingState = 'have-remote-offer';
    } else {
      if (this.signalingState !== 'have-local-offer') throw new DOMException('wrong state', 'InvalidStateError');
      this.signalingState = 'stable';
      this.currentLocal = this.localDescription;
    }
    this.remoteUfrag = sdp.ufrag;
    this.remoteDescription = description;
    sdp.mlines.forEach((line, i) => {
      const t = this.transceivers[i];
      if (t && sends(line.direction) && !t.receiving) {
        t.receiving = true;
        this.remoteStream.addTrack(t.receiver.track);
        this.ontrack?.({ track: t.receiver.track, streams: [this.remoteStream] });
      }
    });
    if (this.signalingState === 'stable') this.checkNegotiation();
    this.checkConnected();
  }

  async addIceCandidate(candidate: RTCIceCandidateInit): Promise<void> {
    await Promise.resolve();
    if (!this.remoteDescription) throw new DOMException('no remote description', 'InvalidStateError');
    if (candidate.candidate?.includes(this.remoteUfrag ?? '-')) this.heardCandidate = true;
    this.checkConnected();
  }

  close() {
    this.signalingState = 'closed';
    this.connectionState = 'closed';
    if (this.localUfrag) network.byUfrag.delete(this.localUfrag);
  }

  async getStats() {
    return new Map();
  }

  /** The network between this pc and its partner breaks (until an ICE restart). */
  breakPath(state: 'disconnected' | 'failed') {
    network.broken.add(`${this.localUfrag}|${this.remoteUfrag}`);
    network.broken.add(`${this.remoteUfrag}|${this.localUfrag}`);
    this.setConnection(state);
  }

  checkNegotiation() {
    if (this.checkScheduled) return;
    this.checkScheduled = true;
    later(() => {
      this.checkScheduled = false;
      if (this.signalingState !== 'stable') return;
      const needed =
        this.restartPending ||
        this.transceivers.some((t) => t.mid === null || (t.negotiated !== null && t.negotiated !== t.direction));
      if (needed) this.onnegotiationneeded?.();
    });
  }

  private describe(type: 'offer' | 'answer', mlines: MLine[]) {
    const sdp: FakeSdp = { ufrag: this.localUfrag!, mlines };
    this.localDescription = { type, sdp: JSON.stringify(sdp) };
    if (type === 'answer') this.currentLocal = this.localDescription;
    this.transceivers.forEach((t) => (t.negotiated = t.direction));
  }

  private newUfrag(): string {
    if (this.localUfrag) network.byUfrag.delete(this.localUfrag);
    const ufrag = `u${++nextId}`;
    network.byUfrag.set(ufrag, this);
    return ufrag;
  }

  private emitCandidate() {
    const ufrag = this.localUfrag;
    later(() => {
      if (this.signalingState === 'closed') return;
      this.onicecandidate?.({
        candidate: {
          candidate: `candidate:1 1 udp 1 127.0.0.1 9 typ host ufrag ${ufrag}`,
          sdpMid: '0',
          sdpMLineIndex: 0,
        },
      });
    });
  }

  private checkConnected() {
    if (this.signalingState !== 'stable' || !this.localUfrag || !this.remoteUfrag || !this.remoteDescription) return;
    const partner = network.byUfrag.get(this.remoteUfrag);
    if (!partner || partner.remoteUfrag !== this.localUfrag || partner.signalingState !== 'stable') return;
    if (!this.heardCandidate && !partner.heardCandidate) return;
    if (network.broken.has(`${this.localUfrag}|${this.remoteUfrag}`)) return;
    this.setConnection('connected');
    partner.setConnection('connected');
  }

  private setConnection(state: RTCPeerConnectionState) {
    if (this.connectionState === state || this.connectionState === 'closed') return;
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
}

// ── the topic ────────────────────────────────────────────────────────────────────────────────

class Topic {
  readonly frames: CallSignal[] = [];
  private readonly handlers = new Set<(frame: CallSignal) => void>();
  /** Frames for which this answers true are lost on the way (a socket that dropped). */
  drop: (frame: CallSignal) => boolean = () => false;

  /** A socket of `userId`; `vanish()` cuts it without a word (a tab closed, a phone out of range). */
  transport(userId: string): SignalTransport & { vanish(): void } {
    let gone = false;
    return {
      send: (frame) => {
        const stamped = { ...frame, from: userId };
        if (gone || this.drop(stamped)) return;
        this.frames.push(stamped);
        later(() => this.handlers.forEach((handler) => handler(structuredClone(stamped))));
      },
      subscribe: (handler) => {
        const guarded = (frame: CallSignal) => {
          if (!gone) handler(frame);
        };
        this.handlers.add(guarded);
        return () => this.handlers.delete(guarded);
      },
      vanish: () => {
        gone = true;
      },
    };
  }
}

// ── the parties ──────────────────────────────────────────────────────────────────────────────

const LAWYER = 'lawyer-user';
const CLIENT = 'client-user';

interface Party {
  session: CallSession;
  pcs: FakePeer[];
  stream: FakeStream;
  errors: unknown[];
  readonly pc: FakePeer;
  vanish(): void;
}

const sessions: CallSession[] = [];

function party(
  topic: Topic,
  userId: string,
  options: Partial<CallSessionOptions> & { stream?: FakeStream } = {},
): Party {
  const pcs: FakePeer[] = [];
  const errors: unknown[] = [];
  const stream = options.stream ?? camera();
  const signal = topic.transport(userId);
  const session = new CallSession({
    signal,
    createPeerConnection: () => {
      const pc = new FakePeer();
      pcs.push(pc);
      return pc as unknown as RTCPeerConnection;
    },
    localStream: stream as unknown as MediaStream,
    selfUserId: userId,
    leader: userId === LAWYER,
    offerFallbackMs: 60_000,
    onError: (error) => errors.push(error),
    ...options,
  });
  sessions.push(session);
  session.start();
  session.join();
  return {
    session,
    pcs,
    stream,
    errors,
    vanish: signal.vanish,
    get pc() {
      return pcs[pcs.length - 1]!;
    },
  };
}

const connected = async (...parties: Party[]) => {
  await vi.waitFor(() => {
    for (const p of parties) expect(p.session.getSnapshot().phase).toBe('connected');
  });
};

const offers = (topic: Topic) => topic.frames.filter((f) => f.type === 'offer');

afterEach(() => {
  for (const session of sessions.splice(0)) session.hangUp();
  vi.useRealTimers();
});

describe('CallSession negotiation', () => {
  it('connects a client who came first with the lawyer who came second; the lawyer makes the offer', async () => {
    const topic = new Topic();
    const client = party(topic, CLIENT);
    await vi.waitFor(() => expect(topic.frames.some((f) => f.type === 'join' && f.from === CLIENT)).toBe(true));
    const lawyer = party(topic, LAWYER);

    await connected(client, lawyer);
    expect(offers(topic)[0]?.peerId).toBe(lawyer.session.peerId);
    expect(offers(topic).every((f) => f.from === LAWYER)).toBe(true);
    // Each hears the other's audio and video.
    expect(client.session.getSnapshot().remoteStream?.getTracks()).toHaveLength(2);
    expect(lawyer.session.getSnapshot().remoteStream?.getTracks()).toHaveLength(2);
    expect(client.session.getSnapshot().remotePresent).toBe(true);
    expect([...client.errors, ...lawyer.errors]).toEqual([]);
  });

  it('connects the other way round too (lawyer first), still with one offer from the lawyer', async () => {
    const topic = new Topic();
    const lawyer = party(topic, LAWYER);
    await vi.waitFor(() => expect(topic.frames).toHaveLength(2)); // join + media
    const client = party(topic, CLIENT);

    await connected(client, lawyer);
    expect(offers(topic).map((f) => f.from)).toEqual([LAWYER]);
    expect(topic.frames.filter((f) => f.type === 'answer').map((f) => f.from)).toEqual([CLIENT]);
  });

  it('decides who offers by peer id when no side is the leader', async () => {
    const topic = new Topic();
    const a = party(topic, 'user-a', { leader: undefined, peerId: 'aaaa' });
    const b = party(topic, 'user-b', { leader: undefined, peerId: 'bbbb' });
    await connected(a, b);
    // The lower peer id is polite, so 'bbbb' leads.
    expect(offers(topic)[0]?.peerId).toBe('bbbb');
  });

  it('ignores its own frames and those of its own user on another device', async () => {
    const topic = new Topic();
    const phone = party(topic, CLIENT);
    const laptop = party(topic, CLIENT);
    await vi.waitFor(() => expect(topic.frames.filter((f) => f.type === 'join')).toHaveLength(2));
    await quiet();

    expect(phone.pcs).toHaveLength(0);
    expect(laptop.pcs).toHaveLength(0);
    expect(phone.session.getSnapshot().remotePresent).toBe(false);
    // Nobody answered anybody's join.
    expect(topic.frames.filter((f) => f.type === 'join')).toHaveLength(2);
  });

  it('settles glare: both restart ICE at once, the polite side yields, both end connected', async () => {
    const topic = new Topic();
    const client = party(topic, CLIENT);
    const lawyer = party(topic, LAWYER);
    await connected(client, lawyer);
    const before = offers(topic).length;
    expect(topic.frames.filter((f) => f.type === 'answer')).toHaveLength(1);

    client.pc.restartIce();
    lawyer.pc.restartIce();
    await vi.waitFor(() => expect(offers(topic).length).toBeGreaterThanOrEqual(before + 2));
    await vi.waitFor(() => {
      expect(client.pc.signalingState).toBe('stable');
      expect(lawyer.pc.signalingState).toBe('stable');
      expect(client.pc.connectionState).toBe('connected');
      expect(lawyer.pc.connectionState).toBe('connected');
    });
    // Both offered; the lawyer's (impolite) won the collision, the client rolled its own back.
    const late = offers(topic).slice(before);
    expect(late.some((f) => f.from === LAWYER)).toBe(true);
    expect(late.some((f) => f.from === CLIENT)).toBe(true);
    const answers = topic.frames.filter((f) => f.type === 'answer').slice(1);
    expect(answers.map((f) => f.from)).toEqual([CLIENT]);
    await connected(client, lawyer);
    expect(lawyer.errors).toEqual([]);
  });

  it('on leave: the one who stays waits, the one who left stops everything, late frames are ignored', async () => {
    const topic = new Topic();
    const client = party(topic, CLIENT);
    const lawyer = party(topic, LAWYER);
    await connected(client, lawyer);
    const lawyerPc = lawyer.pc;
    const clientPc = client.pc;
    const lawyerPeer = lawyer.session.peerId;

    lawyer.session.hangUp();
    expect(lawyer.session.getSnapshot().phase).toBe('ended');
    expect(lawyerPc.signalingState).toBe('closed');
    expect(lawyer.stream.getTracks().every((t) => t.readyState === 'ended')).toBe(true);
    expect(topic.frames.at(-1)).toMatchObject({ type: 'leave', peerId: lawyerPeer, from: LAWYER });

    await vi.waitFor(() => expect(client.session.getSnapshot().remoteLeft).toBe(true));
    const snapshot = client.session.getSnapshot();
    expect(snapshot).toMatchObject({ phase: 'connecting', remotePresent: false, remoteStream: null });
    expect(clientPc.signalingState).toBe('closed');

    // A stray frame of the peer that left does not bring it back.
    topic.transport(LAWYER).send({ type: 'media', peerId: lawyerPeer, audio: true, video: true });
    await quiet();
    expect(client.session.getSnapshot().remotePresent).toBe(false);
    expect(client.pcs).toHaveLength(1);
  });

  it('takes a returning party (a new peer after a reload) as a fresh start', async () => {
    const topic = new Topic();
    const client = party(topic, CLIENT);
    const lawyer = party(topic, LAWYER);
    await connected(client, lawyer);
    const oldLawyerPc = client.pc;

    // The client's tab reloads: the old session vanishes without a word, a new one joins.
    client.vanish();
    const reloaded = party(topic, CLIENT);
    await connected(reloaded, lawyer);
    expect(lawyer.pcs).toHaveLength(2);
    expect(lawyer.pcs[0]!.signalingState).toBe('closed');
    expect(oldLawyerPc).not.toBe(reloaded.pc);
  });

  it('sends a lost offer again when the other side says hello again after its socket came back', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const topic = new Topic();
    let lost = 0;
    topic.drop = (frame) => frame.type === 'offer' && lost++ === 0;
    const client = party(topic, CLIENT);
    const lawyer = party(topic, LAWYER);
    await vi.waitFor(() => expect(lost).toBe(1));
    await quiet();
    expect(client.session.getSnapshot().phase).toBe('connecting');
    expect(lawyer.pc.signalingState).toBe('have-local-offer');

    vi.setSystemTime(Date.now() + 5_000);
    client.session.join();
    await connected(client, lawyer);
    expect(lawyer.pc.offersMade).toHaveLength(1);
    expect(offers(topic)).toHaveLength(1);
  });

  it('does not resend an offer for a join that merely crossed it', async () => {
    const topic = new Topic();
    const client = party(topic, CLIENT);
    const lawyer = party(topic, LAWYER);
    await connected(client, lawyer);
    expect(offers(topic)).toHaveLength(1);
  });

  it('tells the other side about camera and microphone', async () => {
    const topic = new Topic();
    const client = party(topic, CLIENT);
    const lawyer = party(topic, LAWYER);
    await connected(client, lawyer);

    lawyer.session.setCamera(false);
    lawyer.session.setMicrophone(false);
    expect(lawyer.stream.getVideoTracks()[0]!.enabled).toBe(false);
    expect(lawyer.stream.getAudioTracks()[0]!.enabled).toBe(false);
    await vi.waitFor(() => expect(client.session.getSnapshot().remoteMedia).toEqual({ audio: false, video: false }));

    lawyer.session.setCamera(true);
    await vi.waitFor(() => expect(client.session.getSnapshot().remoteMedia).toEqual({ audio: false, video: true }));
  });

  it('goes audio only: the camera stops, video is renegotiated to inactive both ways', async () => {
    const topic = new Topic();
    const client = party(topic, CLIENT);
    const lawyer = party(topic, LAWYER);
    await connected(client, lawyer);
    const video = client.stream.getVideoTracks()[0]!;
    const before = offers(topic).length;

    client.session.enterAudioOnly();
    expect(video.readyState).toBe('ended');
    expect(client.session.getSnapshot()).toMatchObject({ audioOnly: true, localMedia: { audio: true, video: false } });
    await vi.waitFor(() => expect(offers(topic).length).toBe(before + 1));
    const offer = JSON.parse((offers(topic).at(-1) as { sdp: string }).sdp) as FakeSdp;
    expect(offer.mlines.find((m) => m.kind === 'video')?.direction).toBe('inactive');
    await vi.waitFor(() => expect(lawyer.session.getSnapshot().remoteMedia.video).toBe(false));
    await connected(client, lawyer);

    // And back, with a new camera track.
    const fresh = new FakeTrack('video');
    client.session.leaveAudioOnly(fresh as unknown as MediaStreamTrack);
    await vi.waitFor(() => expect(offers(topic).length).toBe(before + 2));
    const back = JSON.parse((offers(topic).at(-1) as { sdp: string }).sdp) as FakeSdp;
    expect(back.mlines.find((m) => m.kind === 'video')?.direction).toBe('sendrecv');
    expect(client.session.getSnapshot().localMedia.video).toBe(true);
  });

  it('restarts ICE when the media path fails, and shows reconnecting until it is back', async () => {
    const topic = new Topic();
    const client = party(topic, CLIENT);
    const lawyer = party(topic, LAWYER);
    await connected(client, lawyer);

    client.pc.breakPath('failed');
    expect(client.session.getSnapshot().phase).toBe('reconnecting');
    expect(client.pc.restartsAsked).toBe(1);
    await connected(client, lawyer);
    expect(client.pcs).toHaveLength(1);
  });

  it('waits a moment on "disconnected" before restarting ICE', async () => {
    const topic = new Topic();
    const client = party(topic, CLIENT, { disconnectGraceMs: 30 });
    const lawyer = party(topic, LAWYER);
    await connected(client, lawyer);

    client.pc.breakPath('disconnected');
    expect(client.session.getSnapshot().phase).toBe('reconnecting');
    expect(client.pc.restartsAsked).toBe(0);
    await vi.waitFor(() => expect(client.pc.restartsAsked).toBe(1));
    await connected(client, lawyer);
  });

  it('gives up as failed when nothing brings the connection back', async () => {
    const topic = new Topic();
    const client = party(topic, CLIENT, { giveUpMs: 50 });
    const lawyer = party(topic, LAWYER);
    await connected(client, lawyer);
    // Signalling is gone too: the restart's offer never arrives.
    topic.drop = () => true;

    client.pc.breakPath('failed');
    lawyer.pc.breakPath('failed');
    await vi.waitFor(() => expect(client.session.getSnapshot().phase).toBe('failed'));
  });

  it('an audio-only party (no camera) still gets the other side’s video', async () => {
    const topic = new Topic();
    const client = party(topic, CLIENT, { stream: new FakeStream([new FakeTrack('audio')]) });
    const lawyer = party(topic, LAWYER);
    await connected(client, lawyer);
    expect(client.session.getSnapshot()).toMatchObject({ audioOnly: false, localMedia: { audio: true, video: false } });
    expect(client.session.getSnapshot().remoteStream?.getVideoTracks()).toHaveLength(1);
    expect(lawyer.session.getSnapshot().remoteStream?.getVideoTracks()).toHaveLength(0);
  });

  it('audio only chosen before the other party comes: the answer declines video both ways', async () => {
    const topic = new Topic();
    const client = party(topic, CLIENT);
    client.session.enterAudioOnly();
    const lawyer = party(topic, LAWYER);
    await connected(client, lawyer);

    const answer = topic.frames.find((f) => f.type === 'answer') as { sdp: string };
    const lines = (JSON.parse(answer.sdp) as FakeSdp).mlines;
    expect(lines).toEqual([
      { kind: 'audio', direction: 'sendrecv' },
      { kind: 'video', direction: 'inactive' },
    ]);
    expect(lawyer.session.getSnapshot().remoteStream?.getVideoTracks()).toHaveLength(0);
    expect(offers(topic)).toHaveLength(1);
  });
});
