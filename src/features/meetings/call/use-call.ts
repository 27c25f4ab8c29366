/**
 * The video call of one meeting, for the dialog: the join token (and what its refusal means), the
 * camera and microphone, a CallSession signalled over the tab's one STOMP connection, and what the
 * screen shows of it — the call state, the connection quality, the other party's camera.
 *
 * Joining is (re)done whenever the socket is (re)connected: a socket that dropped may have lost
 * frames, and the session repairs what it can from the other side's answer to `join`. The call ends
 * (and stops listening to the meeting's topic) when the meeting's time is over: from then on the
 * server refuses the topic, and a refused SUBSCRIBE would close the tab's socket on every reconnect.
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useStore } from 'react-redux';
import { ServerMessages } from '../../../../contract/errors';
import { MeetingMessages, type Meeting, type MeetingToken } from '../../../../contract/meetings';
import { isAppError, type AppError } from '../../../lib/api/app-error';
import { realtimeConnection, useConnectionSnapshot } from '../../../lib/realtime/realtime';
import { selectUser, type SessionRootState } from '../../../lib/session/session-slice';
import { useSessionSelector } from '../../../lib/store-hooks';
import { useMeetingQuery, useMeetingTokenMutation } from '../api/meetings-api';
import { QUALITY_INTERVAL_MS, readQuality, sampleOf, type QualityReading, type QualitySample } from './call-quality';
import { CallSession, type CallPhase, type CallSnapshot } from './call-session';
import { stompSignal } from './call-signal';

/** Why the call could not start, each with its own message. */
export type CallProblem =
  | 'notStarted'
  | 'ended'
  | 'paymentRequired'
  | 'joinFailed'
  | 'mediaDenied'
  | 'noMicrophone'
  | 'notSupported'
  | 'meetingOver';

export type CallStage =
  /** Fetching the token. */
  | 'preparing'
  /** Asking for the camera and microphone. */
  | 'media'
  | 'call'
  | 'jitsi'
  | 'problem';

export interface CallView {
  stage: CallStage;
  /** The state for the test hook and the status line. */
  phase: CallPhase;
  problem: CallProblem | null;
  /** The server's own words when the problem is `joinFailed`. */
  problemDetail: AppError | null;
  call: CallSnapshot | null;
  localStream: MediaStream | null;
  /** The camera was missing or unusable, so the call went audio only. */
  noCamera: boolean;
  quality: QualityReading | null;
  /** The STOMP connection is down (the media may still flow). */
  signallingDown: boolean;
  /** The other party's name (null until the meeting is known). */
  otherName: string | null;
  jitsiUrl: string | null;
  toggleMicrophone(): void;
  toggleCamera(): void;
  toggleAudioOnly(): void;
  hangUp(): void;
  retry(): void;
}

type TokenState = { status: 'loading' } | { status: 'ok'; token: MeetingToken } | { status: 'error'; error: unknown };

const DOMAIN = /^[a-z0-9.-]+(?::\d{1,5})?$/i;

/** What a refused GET /videocalls/{id}/token means for the caller. */
export function tokenProblem(error: unknown): CallProblem {
  if (!isAppError(error)) return 'joinFailed';
  if (error.status === 402) return 'paymentRequired';
  if (error.status === 400 && error.serverMessage === MeetingMessages.notStarted) return 'notStarted';
  if (error.status === 400 && error.serverMessage === MeetingMessages.ended) return 'ended';
  return 'joinFailed';
}

/** The Jitsi address of a `jitsi` token (the JWT goes in the query: that is how Jitsi Meet takes it). */
export function jitsiUrl(token: MeetingToken): string | null {
  if (token.provider !== 'jitsi' || !token.jitsiDomain || !DOMAIN.test(token.jitsiDomain)) return null;
  const room = encodeURIComponent(token.roomName);
  return token.jwtToken
    ? `https://${token.jitsiDomain}/${room}?jwt=${encodeURIComponent(token.jwtToken)}`
    : `https://${token.jitsiDomain}/${room}`;
}

type MediaOutcome = { stream: MediaStream; noCamera: boolean } | { problem: CallProblem };

/** Camera and microphone; without a usable camera, the microphone alone. */
export async function openMedia(wantVideo: boolean): Promise<MediaOutcome> {
  if (!navigator.mediaDevices?.getUserMedia || typeof RTCPeerConnection === 'undefined') {
    return { problem: 'notSupported' };
  }
  const denied = (error: unknown) =>
    error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError');
  if (wantVideo) {
    try {
      return { stream: await navigator.mediaDevices.getUserMedia({ audio: true, video: true }), noCamera: false };
    } catch (error) {
      if (denied(error)) return { problem: 'mediaDenied' };
      // No camera, or one another app holds: carry on with sound.
    }
  }
  try {
    return { stream: await navigator.mediaDevices.getUserMedia({ audio: true, video: false }), noCamera: wantVideo };
  } catch (error) {
    return { problem: denied(error) ? 'mediaDenied' : 'noMicrophone' };
  }
}

function otherPartyName(meeting: Meeting | undefined, me: string | null): string | null {
  if (!meeting) return null;
  const other = meeting.lawyer.id === me ? meeting.client : meeting.lawyer;
  return `${other.firstName} ${other.lastName}`.trim() || null;
}

const idle = () => () => undefined;
const none = () => null;

export function useCall(meetingId: string, open: boolean): CallView {
  const store = useStore<SessionRootState>();
  const user = useSessionSelector(selectUser);
  const me = user?.id ?? null;
  const leader = user?.role === 'LAWYER';
  const connection = useMemo(() => realtimeConnection(store), [store]);
  const socket = useConnectionSnapshot(connection);

  const meetingQuery = useMeetingQuery(meetingId, { skip: !open });
  const [askToken] = useMeetingTokenMutation();
  const otherName = otherPartyName(meetingQuery.data, me);
  const endsAt = meetingQuery.data ? Date.parse(meetingQuery.data.endTimestamp) : null;

  /** Bumped by "Try again": a fresh token, fresh media and a new session (a new peer). */
  const [attempt, setAttempt] = useState(0);
  const [tokenState, setTokenState] = useState<TokenState>({ status: 'loading' });
  const token = tokenState.status === 'ok' ? tokenState.token : undefined;
  const [session, setSession] = useState<CallSession | null>(null);
  const [localStream, setLocalStream] = useState<MediaStream | null>(null);
  const [noCamera, setNoCamera] = useState(false);
  const [mediaProblem, setMediaProblem] = useState<CallProblem | null>(null);
  const [meetingOver, setMeetingOver] = useState(false);
  const [socketRefused, setSocketRefused] = useState(false);
  const [quality, setQuality] = useState<QualityReading | null>(null);
  const sessionRef = useRef<CallSession | null>(null);

  const call = useSyncExternalStore(session?.subscribe ?? idle, session?.getSnapshot ?? none);

  // The token, once per opening and per "Try again" (a refetch of the API's own must not restart the call).
  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    askToken(meetingId)
      .unwrap()
      .then(
        (value) => {
          if (!cancelled) setTokenState({ status: 'ok', token: value });
        },
        (error: unknown) => {
          if (!cancelled) setTokenState({ status: 'error', error });
        },
      );
    return () => {
      cancelled = true;
      setTokenState({ status: 'loading' });
    };
  }, [askToken, attempt, meetingId, open]);

  // Media and the session, once a webrtc token is in hand.
  useEffect(() => {
    if (!open || token?.provider !== 'webrtc' || !me) return;
    let cancelled = false;
    let created: CallSession | null = null;
    let stream: MediaStream | null = null;
    void openMedia(true).then((outcome) => {
      if ('problem' in outcome) {
        if (!cancelled) setMediaProblem(outcome.problem);
        return;
      }
      stream = outcome.stream;
      if (cancelled) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      const iceServers = token.iceServers as RTCIceServer[];
      created = new CallSession({
        signal: stompSignal(connection, meetingId),
        createPeerConnection: () => new RTCPeerConnection({ iceServers }),
        localStream: stream,
        selfUserId: me,
        leader,
      });
      created.start();
      sessionRef.current = created;
      setNoCamera(outcome.noCamera);
      setLocalStream(stream);
      setSession(created);
    });
    return () => {
      cancelled = true;
      created?.hangUp();
      if (stream) for (const track of stream.getTracks()) track.stop();
      sessionRef.current = null;
      setSession(null);
      setLocalStream(null);
      setQuality(null);
    };
  }, [connection, leader, me, meetingId, open, token]);

  // Join on every (re)connect of the socket; make sure the socket is wanted at all.
  useEffect(() => {
    if (!session) return;
    if (socket.state === 'connected') {
      session.join();
      return;
    }
    try {
      connection.connect();
    } catch {
      // Signed out meanwhile: the dialog goes with the screen.
    }
  }, [connection, session, socket.state]);

  // Closing the tab or leaving the app: say goodbye, so the other side is not left waiting for a timeout.
  useEffect(() => {
    if (!session) return;
    const leave = () => session.hangUp();
    window.addEventListener('pagehide', leave);
    return () => window.removeEventListener('pagehide', leave);
  }, [session]);

  // A refused call topic closes the tab's socket (the broker's ERROR); stop asking for it at once.
  useEffect(() => {
    if (!session) return;
    return connection.onError((message) => {
      if (!message.includes(ServerMessages.accessDenied)) return;
      session.hangUp();
      setSocketRefused(true);
    });
  }, [connection, session]);

  // The meeting's end: the server stops relaying, so the call ends with it.
  useEffect(() => {
    if (!open || endsAt === null || Number.isNaN(endsAt)) return;
    const end = () => {
      setMeetingOver(true);
      sessionRef.current?.hangUp();
    };
    const wait = endsAt - Date.now();
    if (wait <= 0) {
      end();
      return;
    }
    // Timers past 2^31 ms fire at once; a meeting that far away has no token anyway.
    const timer = setTimeout(end, Math.min(wait, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [endsAt, open]);

  // Quality while the media path is up.
  const connected = call?.phase === 'connected';
  useEffect(() => {
    const pc = session?.peerConnection;
    if (!connected || !pc) return;
    let previous: QualitySample | null = null;
    const timer = setInterval(() => {
      void pc
        .getStats()
        .then((report) => {
          const sample = sampleOf(report);
          setQuality(readQuality(sample, previous));
          previous = sample;
        })
        .catch(() => undefined);
    }, QUALITY_INTERVAL_MS);
    return () => {
      clearInterval(timer);
      setQuality(null);
    };
  }, [connected, session]);

  const toggleMicrophone = useCallback(() => {
    if (session) session.setMicrophone(!session.getSnapshot().localMedia.audio);
  }, [session]);

  const toggleCamera = useCallback(() => {
    if (session) session.setCamera(!session.getSnapshot().localMedia.video);
  }, [session]);

  const toggleAudioOnly = useCallback(() => {
    if (!session) return;
    if (!session.getSnapshot().audioOnly) {
      session.enterAudioOnly();
      return;
    }
    void openMedia(true).then((outcome) => {
      const track = 'stream' in outcome && !outcome.noCamera ? (outcome.stream.getVideoTracks()[0] ?? null) : null;
      if ('stream' in outcome) {
        // The new microphone track is not needed: the call keeps its own.
        for (const extra of outcome.stream.getTracks()) if (extra !== track) extra.stop();
      }
      if (sessionRef.current !== session || session.getSnapshot().phase === 'ended') {
        track?.stop();
        return;
      }
      session.leaveAudioOnly(track);
      setNoCamera(!track);
    });
  }, [session]);

  const hangUp = useCallback(() => session?.hangUp(), [session]);

  const retry = useCallback(() => {
    setMeetingOver(false);
    setSocketRefused(false);
    setMediaProblem(null);
    setAttempt((n) => n + 1);
  }, []);

  // What the screen shows.
  let stage: CallStage;
  let problem: CallProblem | null = null;
  let problemDetail: AppError | null = null;
  if (!open || tokenState.status === 'loading') stage = 'preparing';
  else if (tokenState.status === 'error') {
    stage = 'problem';
    problem = tokenProblem(tokenState.error);
    problemDetail = isAppError(tokenState.error) ? tokenState.error : null;
  } else if (tokenState.token.provider === 'jitsi') {
    const url = jitsiUrl(tokenState.token);
    stage = url ? 'jitsi' : 'problem';
    if (!url) problem = 'joinFailed';
  } else if (meetingOver) {
    stage = 'problem';
    problem = 'meetingOver';
  } else if (socketRefused) {
    stage = 'problem';
    problem = 'joinFailed';
  } else if (mediaProblem) {
    stage = 'problem';
    problem = mediaProblem;
  } else stage = call ? 'call' : 'media';

  const phase: CallPhase =
    stage === 'call' && call
      ? call.phase
      : stage === 'problem'
        ? problem === 'ended' || problem === 'meetingOver'
          ? 'ended'
          : 'failed'
        : 'connecting';

  return {
    stage,
    phase,
    problem,
    problemDetail,
    call: stage === 'call' ? call : null,
    localStream,
    noCamera,
    quality,
    signallingDown: stage === 'call' && socket.state !== 'connected',
    otherName,
    jitsiUrl: token ? jitsiUrl(token) : null,
    toggleMicrophone,
    toggleCamera,
    toggleAudioOnly,
    hangUp,
    retry,
  };
}
