/**
 * The video call dialog (issue 8; docs/product.md §1 "video call modal"): full screen on a phone, a centred
 * window on a wide screen. It joins the meeting's call when opened and hangs up when closed.
 *
 * An MUI Dialog: focus kept inside, Escape hangs up and closes, the page behind neither scrolls nor
 * takes focus; a click on the backdrop does nothing (a call is not dropped by a stray tap).
 * `data-testid="call-state"` carries the state's plain name for the end-to-end test; people get the
 * same state as translated text in the status line.
 */
import Dialog from '@mui/material/Dialog';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import { useContractText } from '../../../lib/contract-text';
import { useT, type Translate } from '../../../lib/i18n';
import { formErrorText } from '../../../lib/api/app-error';
import { callMessages } from './call-messages';
import { ControlIcon, QualityMeter, VideoTile } from './call-parts';
import type { CallPhase } from './call-session';
import { useCall, type CallProblem, type CallView } from './use-call';
import Button from '@mui/material/Button';
import './call.css';

interface VideoCallDialogProps {
  meetingId: string;
  open: boolean;
  onClose: () => void;
}

type Key = keyof typeof callMessages.en;

const PHASE_TEXT: Record<CallPhase, Key> = {
  connecting: 'stateConnecting',
  connected: 'stateConnected',
  reconnecting: 'stateReconnecting',
  failed: 'stateFailed',
  ended: 'stateEnded',
};

const PROBLEM_TEXT: Record<CallProblem, Key> = {
  notStarted: 'notStarted',
  ended: 'ended',
  paymentRequired: 'paymentRequired',
  joinFailed: 'joinFailed',
  mediaDenied: 'mediaDenied',
  noMicrophone: 'noMicrophone',
  notSupported: 'notSupported',
  meetingOver: 'meetingOver',
};

/** Problems that another try may cure (the rest need time, a payment or another browser). */
const RETRYABLE: ReadonlySet<CallProblem> = new Set(['notStarted', 'joinFailed', 'mediaDenied', 'noMicrophone']);

export function VideoCallDialog({ meetingId, open, onClose }: VideoCallDialogProps) {
  const t = useT(callMessages);
  const view = useCall(meetingId, open);
  const titleId = useId();
  const statusId = useId();

  const name = view.otherName ?? t('otherParty');
  const inCall = view.stage === 'call' && view.phase !== 'ended';

  const { hangUp } = view;
  const leave = () => {
    hangUp();
    onClose();
  };

  const phone = useMediaQuery('(max-width: 767.95px)');

  if (!open) return null;

  return (
    <Dialog
      open
      // Escape hangs up and closes; the backdrop does not (a stray tap must not drop a call).
      onClose={(_event, reason) => {
        if (reason === 'escapeKeyDown') leave();
      }}
      fullScreen={phone}
      maxWidth={false}
      aria-labelledby={titleId}
      aria-describedby={statusId}
      slotProps={{ paper: { className: 'call-dialog' } }}
    >
      <header className="call-header">
        <h2 id={titleId} className="call-title">
          {view.otherName ? t('titleWith', { name: view.otherName }) : t('title')}
        </h2>
        <p id={statusId} className={`call-status is-${view.phase}`} role="status">
          {statusText(view, t)}
        </p>
        <span className="visually-hidden" aria-hidden="true" data-testid="call-state">
          {view.phase}
        </span>
        {inCall && view.quality && (
          <QualityMeter
            reading={view.quality}
            label={t(
              view.quality.quality === 'good'
                ? 'qualityGood'
                : view.quality.quality === 'fair'
                  ? 'qualityFair'
                  : 'qualityPoor',
            )}
            detail={t('qualityDetail', {
              rtt: view.quality.roundTripMs ?? 0,
              loss: Math.round(view.quality.lossPercent * 10) / 10,
            })}
          />
        )}
      </header>

      {view.stage === 'problem' && view.problem && (
        <ProblemPanel view={view} problem={view.problem} onRetry={view.retry} onClose={onClose} />
      )}
      {view.stage === 'jitsi' && view.jitsiUrl && (
        <div className="call-panel">
          <p>{t('jitsiIntro')}</p>
          <div className="btn-row">
            <Button variant="contained" href={view.jitsiUrl} target="_blank" rel="noopener noreferrer">
              {t('jitsiOpen')}
            </Button>
            <Button variant="outlined" type="button" onClick={onClose}>
              {t('close')}
            </Button>
          </div>
        </div>
      )}
      {(view.stage === 'preparing' || view.stage === 'media') && (
        <div className="call-panel">
          <span className="spinner" aria-hidden="true" />
          <div className="btn-row">
            <Button variant="outlined" type="button" onClick={onClose}>
              {t('close')}
            </Button>
          </div>
        </div>
      )}
      {view.stage === 'call' && view.call && <CallStage view={view} name={name} t={t} onLeave={leave} />}
    </Dialog>
  );
}

function statusText(view: CallView, t: Translate<Key>): string {
  if (view.stage === 'preparing') return t('preparing');
  if (view.stage === 'media') return t('startingMedia');
  return t(PHASE_TEXT[view.phase]);
}

function ProblemPanel({
  view,
  problem,
  onRetry,
  onClose,
}: {
  view: CallView;
  problem: CallProblem;
  onRetry: () => void;
  onClose: () => void;
}) {
  const t = useT(callMessages);
  const tx = useContractText();
  // A refusal we have no words of our own for: the server's (translated when we know it).
  const detail = problem === 'joinFailed' && view.problemDetail ? tx(formErrorText(view.problemDetail, '')) : '';
  return (
    <div className="call-panel">
      <div className="alert alert-error" role="alert">
        <p>{t(PROBLEM_TEXT[problem])}</p>
        {detail && <p>{detail}</p>}
      </div>
      <div className="btn-row">
        {RETRYABLE.has(problem) && (
          <Button variant="contained" type="button" onClick={onRetry}>
            {t('retry')}
          </Button>
        )}
        <Button variant="outlined" type="button" onClick={onClose}>
          {t('close')}
        </Button>
      </div>
    </div>
  );
}

function CallStage({
  view,
  name,
  t,
  onLeave,
}: {
  view: CallView;
  name: string;
  t: Translate<Key>;
  onLeave: () => void;
}) {
  const call = view.call;
  if (!call) return null;
  const remoteHasVideo = Boolean(call.remoteStream?.getVideoTracks().some((track) => track.readyState === 'live'));
  const showRemote = remoteHasVideo && call.remoteMedia.video && !call.audioOnly;
  const { audio, video } = call.localMedia;
  const canUseCamera = !call.audioOnly && Boolean(view.localStream?.getVideoTracks().length);

  return (
    <>
      <div className="call-stage">
        <VideoTile
          className="is-remote"
          stream={call.remoteStream}
          showVideo={showRemote}
          label={t('remoteVideo', { name })}
          testId="remote-video"
          placeholder={
            <>
              <span className="call-avatar" aria-hidden="true">
                {initials(name)}
              </span>
              {!call.remotePresent ? (
                <p>{call.remoteLeft ? t('remoteLeft', { name }) : t('waiting', { name })}</p>
              ) : (
                <p>{t('cameraOff')}</p>
              )}
            </>
          }
        />
        <VideoTile
          local
          stream={view.localStream}
          showVideo={video && !call.audioOnly}
          label={t('yourVideo')}
          placeholder={
            <p>
              {t('you')} · {t('cameraOff')}
            </p>
          }
        />
      </div>

      <div className="call-notes" aria-live="polite">
        {call.remotePresent && !call.remoteMedia.audio && <p>{t('remoteMicOff', { name })}</p>}
        {view.noCamera && <p>{t('noCamera')}</p>}
        {call.audioOnly && !view.noCamera && <p>{t('audioOnlyHint')}</p>}
        {view.quality?.quality === 'poor' && !call.audioOnly && <p>{t('poorHint')}</p>}
        {view.signallingDown && <p>{t('signallingDown')}</p>}
        {call.phase === 'failed' && (
          <div className="alert alert-error" role="alert">
            <p>{t('failedHint')}</p>
            <Button variant="outlined" type="button" onClick={view.retry}>
              {t('retry')}
            </Button>
          </div>
        )}
      </div>

      <div className="call-controls" role="group" aria-label={t('controls')}>
        <button
          type="button"
          className={audio ? 'call-control' : 'call-control is-off'}
          aria-label={audio ? t('micOff') : t('micOn')}
          onClick={view.toggleMicrophone}
        >
          <ControlIcon name="mic" off={!audio} />
          <span className="call-control-text">{t('microphone')}</span>
        </button>
        <button
          type="button"
          className={video && canUseCamera ? 'call-control' : 'call-control is-off'}
          aria-label={video && canUseCamera ? t('cameraOffAction') : t('cameraOnAction')}
          onClick={view.toggleCamera}
          disabled={!canUseCamera}
        >
          <ControlIcon name="camera" off={!video || !canUseCamera} />
          <span className="call-control-text">{t('camera')}</span>
        </button>
        <button
          type="button"
          className={call.audioOnly ? 'call-control is-active' : 'call-control'}
          aria-pressed={call.audioOnly}
          onClick={view.toggleAudioOnly}
        >
          <ControlIcon name="audio" />
          <span className="call-control-text">{t('audioOnly')}</span>
        </button>
        <button type="button" className="call-control is-hang-up" onClick={onLeave}>
          <ControlIcon name="hangUp" />
          <span className="call-control-text">{t('hangUp')}</span>
        </button>
      </div>
    </>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}
