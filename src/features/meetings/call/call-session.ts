/**
 * One side of a 1:1 WebRTC call (docs/api.md §4 Video meetings, §5–7 call signalling), free of React
 * and of the socket: signalling goes through an injected transport, the RTCPeerConnection comes from
 * an injected factory, so the negotiation can be tested with two sessions wired to each other.
 *
 * The protocol on /topic/call-{meetingId} (every frame reaches both parties, the sender included):
 * - `join` says "I am here" with a random peerId. A join from a peer I did not know is answered with
 *   my own join, so whoever arrives second learns of the first; a join from the peer I know (its
 *   socket came back) is not answered — instead whatever it may have missed is made good (a pending
 *   offer sent again, or an ICE restart). Frames of my own (my peerId, or my user on another device)
 *   are ignored: the other party is always another user.
 * - Negotiation is "perfect negotiation" (W3C WebRTC §10.7): the lawyer is the impolite side and
 *   makes the first offer once both are in (the contract's rule); the client is polite — it adds its
 *   tracks to the offer it is answering, and yields (rolls back) when both offer at once. Later
 *   offers (an ICE restart, audio-only) may come from either side. Without roles the lower peerId is
 *   the polite one.
 * - ICE candidates trickle one per frame. A drop of the media path (`disconnected` for a moment, or
 *   `failed`) restarts ICE; if nothing works for RECONNECT_GIVE_UP_MS the call is `failed` (the caller
 *   may start a new session: a new peerId, which the other side takes as a fresh arrival).
 * - `leave` ends the pair: the one who stays waits for the other to come back.
 */
import type { CallSignal } from '../../../../contract/meetings';

export type CallPhase = 'connecting' | 'connected' | 'reconnecting' | 'failed' | 'ended';

export interface MediaState {
  audio: boolean;
  video: boolean;
}

export interface CallSnapshot {
  phase: CallPhase;
  /** The other party is in the call (we heard from them and they have not left). */
  remotePresent: boolean;
  /** The other party hung up (and has not come back). */
  remoteLeft: boolean;
  /** What the other party says of their camera and microphone. */
  remoteMedia: MediaState;
  remoteStream: MediaStream | null;
  /** My camera and microphone as the other party is told. */
  localMedia: MediaState;
  audioOnly: boolean;
}

/** How frames travel: the tab's STOMP connection in the app, an in-memory hub in tests. */
export interface SignalTransport {
  /** Sends one frame; may throw while the socket is down (the frame is then lost, see rejoin()). */
  send(frame: CallSignal): void;
  /** Hears every frame of the meeting's topic; returns the function that stops listening. */
  subscribe(handler: (frame: CallSignal) => void): () => void;
}

export interface CallSessionOptions {
  signal: SignalTransport;
  createPeerConnection: () => RTCPeerConnection;
  /** My camera and microphone (video may be absent: audio only). */
  localStream: MediaStream;
  /** My user id as the server stamps it in `from`; frames from it are another device of mine. */
  selfUserId?: string | null;
  /**
   * true for the lawyer (impolite: makes the first offer), false for the client (polite); both
   * sides must agree, so leave it undefined on both to decide by peerId instead.
   */
  leader?: boolean;
  peerId?: string;
  /** How long `disconnected` may last before an ICE restart (it often recovers by itself). */
  disconnectGraceMs?: number;
  /** How long the polite side waits for the leader's offer before it offers itself. */
  offerFallbackMs?: number;
  /** How long reconnecting may last before the call is `failed`. */
  giveUpMs?: number;
  /** Reports what went wrong inside (a refused description, say); default: ignored. */
  onError?: (error: unknown) => void;
}

export const DISCONNECT_GRACE_MS = 2_000;
export const OFFER_FALLBACK_MS = 4_000;
export const RECONNECT_GIVE_UP_MS = 30_000;
/** A pending offer older than this is sent again when the other side says hello again. */
export const OFFER_RESEND_AFTER_MS = 1_500;
/** Opus bitrate in audio-only mode (bits per second): clear speech on a weak 2G/3G link. */
export const AUDIO_ONLY_BITRATE = 24_000;

/** A random peer id: 128 bits in hex (the contract allows 64 characters). */
export function randomPeerId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

type Description = { type: 'offer' | 'answer'; sdp: string };

export class CallSession {
  readonly peerId: string;
  private readonly options: CallSessionOptions;
  private snapshot: CallSnapshot;
  private readonly watchers = new Set<() => void>();
  private unsubscribe: (() => void) | null = null;

  private pc: RTCPeerConnection | null = null;
  private remotePeerId: string | null = null;
  /** Peers that left or were replaced: their late frames are ignored. */
  private readonly gone = new Set<string>();
  private polite = false;
  private tracksAdded = false;
  private makingOffer = false;
  private ignoreOffer = false;
  private settingRemoteAnswer = false;
  private everConnected = false;
  private offerSentAt = 0;
  /** Incoming frames are handled one at a time, in order (a candidate after its description). */
  private queue: Promise<void> = Promise.resolve();
  private graceTimer: ReturnType<typeof setTimeout> | null = null;
  private fallbackTimer: ReturnType<typeof setTimeout> | null = null;
  private giveUpTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(options: CallSessionOptions) {
    this.options = options;
    this.peerId = options.peerId ?? randomPeerId();
    const stream = options.localStream;
    this.snapshot = {
      phase: 'connecting',
      remotePresent: false,
      remoteLeft: false,
      remoteMedia: { audio: true, video: true },
      remoteStream: null,
      localMedia: {
        audio: stream.getAudioTracks().some((t) => t.enabled),
        video: stream.getVideoTracks().some((t) => t.enabled),
      },
      audioOnly: false,
    };
  }

  // ── observation (useSyncExternalStore) ───────────────────────────────────────────────────

  getSnapshot = (): CallSnapshot => this.snapshot;

  subscribe = (watcher: () => void): (() => void) => {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  };

  /** The live connection, for statistics (null while there is no other party). */
  get peerConnection(): RTCPeerConnection | null {
    return this.pc;
  }

  // ── lifecycle ────────────────────────────────────────────────────────────────────────────

  /** Starts hearing the meeting's topic. Call join() once the transport can send. */
  start(): void {
    if (this.unsubscribe || this.snapshot.phase === 'ended') return;
    this.unsubscribe = this.options.signal.subscribe((frame) => this.receive(frame));
  }

  /** Says "I am here" (first time, and again whenever the socket came back: it may have missed frames). */
  join(): void {
    if (this.snapshot.phase === 'ended') return;
    this.send({ type: 'join', peerId: this.peerId });
    this.sendMedia();
    this.repair();
  }

  /** Hang up: tell the other party, stop the camera and microphone, close the connection. */
  hangUp(): void {
    if (this.snapshot.phase === 'ended') return;
    this.send({ type: 'leave', peerId: this.peerId });
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.closePeer();
    for (const track of this.options.localStream.getTracks()) track.stop();
    this.update({ phase: 'ended', remoteStream: null, remotePresent: false });
  }

  // ── media controls ───────────────────────────────────────────────────────────────────────

  setMicrophone(on: boolean): void {
    for (const track of this.options.localStream.getAudioTracks()) track.enabled = on;
    this.update({ localMedia: { ...this.snapshot.localMedia, audio: on } });
    this.sendMedia();
  }

  setCamera(on: boolean): void {
    const tracks = this.options.localStream.getVideoTracks();
    if (on && tracks.length === 0) return;
    for (const track of tracks) track.enabled = on;
    this.update({ localMedia: { ...this.snapshot.localMedia, video: on } });
    this.sendMedia();
  }

  /**
   * Audio only, for a weak link: my camera is stopped and no longer sent, the other side is asked
   * (by renegotiating the video transceiver to inactive) to stop sending theirs, and speech gets a
   * lower bitrate.
   */
  enterAudioOnly(): void {
    if (this.snapshot.audioOnly) return;
    for (const track of this.options.localStream.getVideoTracks()) {
      track.stop();
      this.options.localStream.removeTrack(track);
    }
    for (const transceiver of this.videoTransceivers()) {
      void transceiver.sender.replaceTrack(null).catch(this.report);
      this.setDirection(transceiver, 'inactive');
    }
    void this.setAudioBitrate(AUDIO_ONLY_BITRATE);
    this.update({ audioOnly: true, localMedia: { ...this.snapshot.localMedia, video: false } });
    this.sendMedia();
  }

  /** Back to video with a new camera track (or none: then only the other side's video comes back). */
  leaveAudioOnly(track: MediaStreamTrack | null): void {
    if (!this.snapshot.audioOnly) return;
    if (track) this.options.localStream.addTrack(track);
    const transceivers = this.videoTransceivers();
    for (const transceiver of transceivers) {
      if (track) void transceiver.sender.replaceTrack(track).catch(this.report);
      this.setDirection(transceiver, track ? 'sendrecv' : 'recvonly');
    }
    // A call that began without a camera has no video transceiver yet: adding one renegotiates.
    if (track && transceivers.length === 0 && this.pc && this.tracksAdded) {
      this.pc.addTrack(track, this.options.localStream);
    }
    void this.setAudioBitrate(null);
    this.update({ audioOnly: false, localMedia: { ...this.snapshot.localMedia, video: Boolean(track) } });
    this.sendMedia();
  }

  // ── signalling ───────────────────────────────────────────────────────────────────────────

  private receive(frame: CallSignal): void {
    if (frame.peerId === this.peerId) return;
    const self = this.options.selfUserId;
    if (self && frame.from === self) return;
    if (this.gone.has(frame.peerId) || this.snapshot.phase === 'ended') return;
    this.queue = this.queue.then(() => this.handle(frame)).catch(this.report);
  }

  private async handle(frame: CallSignal): Promise<void> {
    if (this.snapshot.phase === 'ended' || this.gone.has(frame.peerId)) return;
    if (frame.type === 'leave') {
      if (frame.peerId === this.remotePeerId) this.remoteLeft();
      else this.gone.add(frame.peerId);
      return;
    }
    if (frame.peerId !== this.remotePeerId) {
      // A new other party (first arrival, or they came back as a new peer): start afresh with them.
      this.adopt(frame.peerId);
      this.send({ type: 'join', peerId: this.peerId });
      this.sendMedia();
    } else if (frame.type === 'join') {
      // The peer we know says hello again: its socket came back and it may have missed our frames.
      this.repair();
      return;
    }
    switch (frame.type) {
      case 'join':
        return;
      case 'media':
        this.update({ remoteMedia: { audio: frame.audio, video: frame.video } });
        return;
      case 'offer':
      case 'answer':
        return this.description({ type: frame.type, sdp: frame.sdp });
      case 'ice':
        return this.candidate(frame.candidate);
    }
  }

  /** Takes `peerId` as the other party: a new connection, the first offer from the leader. */
  private adopt(peerId: string): void {
    const replacing = this.remotePeerId !== null;
    if (this.remotePeerId) this.gone.add(this.remotePeerId);
    this.closePeer();
    this.remotePeerId = peerId;
    this.polite = this.options.leader === undefined ? this.peerId < peerId : !this.options.leader;
    this.update({
      remotePresent: true,
      remoteLeft: false,
      remoteStream: null,
      remoteMedia: { audio: true, video: true },
      phase: replacing && this.everConnected ? 'reconnecting' : 'connecting',
    });
    this.pc = this.openPeer();
    this.armGiveUp();
    if (this.polite) {
      // The leader offers; if its offer does not come (lost in a socket drop), offer ourselves.
      this.fallbackTimer = setTimeout(() => {
        this.fallbackTimer = null;
        if (this.pc && !this.pc.remoteDescription) this.addTracks();
      }, this.options.offerFallbackMs ?? OFFER_FALLBACK_MS);
    } else {
      this.addTracks();
    }
  }

  private openPeer(): RTCPeerConnection {
    const pc = this.options.createPeerConnection();
    pc.onnegotiationneeded = () => void this.offer(pc);
    pc.onicecandidate = ({ candidate }) => {
      if (pc !== this.pc || !candidate || !candidate.candidate) return;
      this.send({
        type: 'ice',
        peerId: this.peerId,
        candidate: { candidate: candidate.candidate, sdpMid: candidate.sdpMid, sdpMLineIndex: candidate.sdpMLineIndex },
      });
    };
    pc.ontrack = ({ track, streams }) => {
      if (pc !== this.pc) return;
      const stream = streams[0] ?? this.snapshot.remoteStream ?? new MediaStream();
      if (!stream.getTracks().includes(track)) stream.addTrack(track);
      this.update({ remoteStream: stream });
    };
    pc.onconnectionstatechange = () => {
      if (pc === this.pc) this.connectionChanged(pc.connectionState);
    };
    return pc;
  }

  private addTracks(): void {
    if (!this.pc || this.tracksAdded) return;
    this.tracksAdded = true;
    const stream = this.options.localStream;
    for (const track of stream.getTracks()) this.pc.addTrack(track, stream);
  }

  private async offer(pc: RTCPeerConnection): Promise<void> {
    if (pc !== this.pc) return;
    try {
      this.makingOffer = true;
      await pc.setLocalDescription();
      const sdp = pc.localDescription?.sdp;
      if (pc === this.pc && pc.localDescription?.type === 'offer' && sdp) this.sendOffer(sdp);
    } catch (error) {
      this.report(error);
    } finally {
      this.makingOffer = false;
    }
  }

  private async description(description: Description): Promise<void> {
    const pc = this.pc;
    if (!pc) return;
    const readyForOffer = !this.makingOffer && (pc.signalingState === 'stable' || this.settingRemoteAnswer);
    const collision = description.type === 'offer' && !readyForOffer;
    this.ignoreOffer = !this.polite && collision;
    if (this.ignoreOffer) return;
    if (description.type === 'answer' && pc.signalingState !== 'have-local-offer') return;
    this.settingRemoteAnswer = description.type === 'answer';
    try {
      // On a collision the polite side's own offer is rolled back implicitly.
      await pc.setRemoteDescription(description);
    } finally {
      this.settingRemoteAnswer = false;
    }
    if (description.type !== 'offer' || pc !== this.pc) return;
    this.clearFallback();
    // Answering the leader's first offer: our tracks go into this answer (they reuse its transceivers).
    this.addTracks();
    // Audio only: the answer declines the other side's video too.
    if (this.snapshot.audioOnly) for (const t of this.videoTransceivers()) this.setDirection(t, 'inactive');
    await pc.setLocalDescription();
    const sdp = pc.localDescription?.sdp;
    if (pc === this.pc && sdp) this.send({ type: 'answer', peerId: this.peerId, sdp });
  }

  private async candidate(candidate: RTCIceCandidateInit): Promise<void> {
    const pc = this.pc;
    if (!pc) return;
    try {
      await pc.addIceCandidate(candidate);
    } catch (error) {
      // Candidates of an offer we ignored (glare) cannot apply; anything else is worth knowing.
      if (!this.ignoreOffer) this.report(error);
    }
  }

  /**
   * Makes good what either side may have missed while a socket was down: an offer still waiting for
   * its answer is sent again; a connection that is not up restarts ICE (which renegotiates).
   */
  private repair(): void {
    const pc = this.pc;
    if (!pc || this.snapshot.phase === 'ended') return;
    const sdp = pc.localDescription?.sdp;
    if (pc.signalingState === 'have-local-offer' && sdp) {
      // Not the offer just sent (the join that crossed it is no sign of loss).
      if (Date.now() - this.offerSentAt >= OFFER_RESEND_AFTER_MS) this.sendOffer(sdp);
    } else if (pc.connectionState === 'failed' || pc.connectionState === 'disconnected') {
      pc.restartIce();
    }
  }

  // ── connection state ─────────────────────────────────────────────────────────────────────

  private connectionChanged(state: RTCPeerConnectionState): void {
    switch (state) {
      case 'connected':
        this.everConnected = true;
        this.clearTimer('graceTimer');
        this.clearTimer('giveUpTimer');
        if (this.snapshot.audioOnly) void this.setAudioBitrate(AUDIO_ONLY_BITRATE);
        this.update({ phase: 'connected' });
        return;
      case 'disconnected':
        // Often a moment's loss (a handover between networks): give it a chance before restarting.
        this.reconnecting();
        if (!this.graceTimer) {
          this.graceTimer = setTimeout(() => {
            this.graceTimer = null;
            if (this.pc?.connectionState === 'disconnected') this.pc.restartIce();
          }, this.options.disconnectGraceMs ?? DISCONNECT_GRACE_MS);
        }
        return;
      case 'failed':
        this.reconnecting();
        this.clearTimer('graceTimer');
        this.pc?.restartIce();
        return;
      default:
        return;
    }
  }

  private reconnecting(): void {
    if (this.snapshot.phase !== 'failed') this.update({ phase: this.everConnected ? 'reconnecting' : 'connecting' });
    this.armGiveUp();
  }

  /** Until the media path is up, the clock runs: nothing for giveUpMs means `failed`. */
  private armGiveUp(): void {
    if (this.giveUpTimer) return;
    this.giveUpTimer = setTimeout(() => {
      this.giveUpTimer = null;
      if (this.pc && this.pc.connectionState !== 'connected') this.update({ phase: 'failed' });
    }, this.options.giveUpMs ?? RECONNECT_GIVE_UP_MS);
  }

  private remoteLeft(): void {
    if (this.remotePeerId) this.gone.add(this.remotePeerId);
    this.remotePeerId = null;
    this.closePeer();
    this.update({
      remotePresent: false,
      remoteLeft: true,
      remoteStream: null,
      phase: this.snapshot.phase === 'failed' ? 'failed' : 'connecting',
    });
  }

  // ── helpers ──────────────────────────────────────────────────────────────────────────────

  private send(frame: CallSignal): void {
    try {
      this.options.signal.send(frame);
    } catch (error) {
      // The socket is down: join() runs again when it is back and repairs what was lost.
      this.report(error);
    }
  }

  private sendOffer(sdp: string): void {
    this.offerSentAt = Date.now();
    this.send({ type: 'offer', peerId: this.peerId, sdp });
  }

  private sendMedia(): void {
    const { audio, video } = this.snapshot.localMedia;
    this.send({ type: 'media', peerId: this.peerId, audio, video });
  }

  private videoTransceivers(): RTCRtpTransceiver[] {
    return (
      this.pc?.getTransceivers().filter((t) => t.receiver.track.kind === 'video' && t.direction !== 'stopped') ?? []
    );
  }

  /** Changing a direction renegotiates (onnegotiationneeded). */
  private setDirection(transceiver: RTCRtpTransceiver, direction: RTCRtpTransceiverDirection): void {
    try {
      transceiver.direction = direction;
    } catch (error) {
      this.report(error);
    }
  }

  private async setAudioBitrate(maxBitrate: number | null): Promise<void> {
    const sender = this.pc?.getSenders().find((s) => s.track?.kind === 'audio');
    if (!sender) return;
    try {
      const parameters = sender.getParameters();
      // Before the first negotiation there is no encoding to set; 'connected' applies it then.
      if (!parameters.encodings?.length) return;
      parameters.encodings = parameters.encodings.map((encoding) => {
        const next = { ...encoding };
        if (maxBitrate === null) delete next.maxBitrate;
        else next.maxBitrate = maxBitrate;
        return next;
      });
      await sender.setParameters(parameters);
    } catch (error) {
      this.report(error);
    }
  }

  private closePeer(): void {
    this.clearFallback();
    this.clearTimer('graceTimer');
    this.clearTimer('giveUpTimer');
    const pc = this.pc;
    this.pc = null;
    this.tracksAdded = false;
    this.makingOffer = false;
    this.ignoreOffer = false;
    if (!pc) return;
    pc.onnegotiationneeded = null;
    pc.onicecandidate = null;
    pc.ontrack = null;
    pc.onconnectionstatechange = null;
    pc.close();
  }

  private clearFallback(): void {
    this.clearTimer('fallbackTimer');
  }

  private clearTimer(name: 'graceTimer' | 'fallbackTimer' | 'giveUpTimer'): void {
    const timer = this[name];
    if (timer) clearTimeout(timer);
    this[name] = null;
  }

  private readonly report = (error: unknown): void => {
    this.options.onError?.(error);
  };

  private update(patch: Partial<CallSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const watcher of this.watchers) watcher();
  }
}
