/**
 * "See your schedule in your phone's calendar": the private ICS feed link (copy it, subscribe with
 * webcal: in Apple Calendar or Outlook, or add it by URL in Google Calendar), resetting it when it
 * has leaked, and connecting Google Calendar directly where the server has Google set up. A server
 * without Google answers 503; that is a fact about the service, told calmly, not an error.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { ErrorState, LoadingState } from '../../components/async/list-states';
import { FormAlert } from '../../components/form/form-alert';
import { formErrorText, isAppError } from '../../lib/api/app-error';
import { useContractText } from '../../lib/contract-text';
import { useT } from '../../lib/i18n';
import {
  useCalendarFeedQuery,
  useGoogleCalendarAuthorizeMutation,
  useGoogleCalendarStatusQuery,
  useGoogleCalendarAvailableQuery,
  useRotateCalendarFeedMutation,
} from './api/schedule-api';
import { scheduleMessages } from './schedule-messages';
import Button from '@mui/material/Button';
import './calendar-feed-panel.css';

const GOOGLE_ADD_BY_URL = 'https://calendar.google.com/calendar/r/settings/addbyurl';

/** The feed as calendar apps subscribe to it (webcal:) and as it is pasted (https:). */
export function feedLinks(url: string): { https: string; webcal: string } {
  const https = url.replace(/^webcals?:\/\//i, 'https://');
  return { https, webcal: https.replace(/^https?:\/\//i, 'webcal://') };
}

export function CalendarFeedPanel() {
  const t = useT(scheduleMessages);
  const titleId = useId();
  return (
    <section className="calendar-feed" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('feedTitle')}</h3>
      <p className="muted">{t('feedIntro')}</p>
      <FeedLink />
      <GoogleSection />
    </section>
  );
}

function FeedLink() {
  const t = useT(scheduleMessages);
  const tx = useContractText();
  const inputId = useId();
  const privacyId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { data: feed, error, isLoading, refetch } = useCalendarFeedQuery();
  const [rotate, rotating] = useRotateCalendarFeedMutation();
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<{ error?: string; success?: string }>({});

  if (isLoading) return <LoadingState label={t('feedLoading')} />;
  if (!feed) return <ErrorState error={error} title={t('feedFailed')} onRetry={() => void refetch()} />;
  const links = feedLinks(feed.url);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(links.https);
      setCopyState('copied');
    } catch {
      // No clipboard (an old browser, or no permission): leave the link selected for a manual copy.
      input.current?.select();
      setCopyState('failed');
    }
  };

  const reset = async () => {
    setNotice({});
    try {
      await rotate().unwrap();
      setNotice({ success: t('resetDone') });
      setCopyState('idle');
    } catch (err) {
      setNotice({ error: tx(formErrorText(err, t('resetFailed'))) });
    } finally {
      setConfirming(false);
    }
  };

  return (
    <div className="feed-link">
      <div className="field">
        <label htmlFor={inputId}>{t('feedLink')}</label>
        <input
          ref={input}
          id={inputId}
          className="input feed-url"
          readOnly
          value={links.https}
          aria-describedby={privacyId}
          onFocus={(e) => e.currentTarget.select()}
        />
        <p id={privacyId} className="field-hint">
          {t('feedPrivacy')}
        </p>
      </div>
      <div className="btn-row">
        <Button variant="contained" type="button" onClick={() => void copy()}>
          {t('copyLink')}
        </Button>
        <Button variant="outlined" href={links.webcal}>
          {t('subscribeApple')}
        </Button>
      </div>
      <p role="status" className={copyState === 'idle' ? undefined : `feed-copy is-${copyState}`}>
        {copyState === 'copied' ? t('copied') : copyState === 'failed' ? t('copyFailed') : ''}
      </p>

      <div className="feed-google-steps">
        <h4>{t('googleStepsTitle')}</h4>
        <ol>
          <li>{t('googleStep1')}</li>
          <li>
            {t('googleStep2')}{' '}
            <a href={GOOGLE_ADD_BY_URL} target="_blank" rel="noopener noreferrer">
              {t('googleStepLink')}
            </a>
          </li>
          <li>{t('googleStep3')}</li>
        </ol>
      </div>

      {confirming ? (
        <ConfirmReset busy={rotating.isLoading} onConfirm={() => void reset()} onCancel={() => setConfirming(false)} />
      ) : (
        <div>
          <Button variant="outlined" type="button" onClick={() => setConfirming(true)}>
            {t('resetLink')}
          </Button>
        </div>
      )}
      <FormAlert error={notice.error ?? null} success={notice.success ?? null} />
    </div>
  );
}

/** "Make a new link? The old one stops working…" with the choice, focused as it appears. */
function ConfirmReset({ busy, onConfirm, onCancel }: { busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const t = useT(scheduleMessages);
  const textId = useId();
  const yes = useRef<HTMLButtonElement>(null);
  useEffect(() => yes.current?.focus(), []);
  return (
    <div className="feed-confirm" role="group" aria-labelledby={textId}>
      <p id={textId}>{t('resetConfirm')}</p>
      <div className="btn-row">
        <Button variant="contained" color="error" ref={yes} type="button" disabled={busy} onClick={onConfirm}>
          {t('resetYes')}
        </Button>
        <Button variant="outlined" type="button" onClick={onCancel}>
          {t('resetNo')}
        </Button>
      </div>
    </div>
  );
}

/** Google Calendar linking, offered only where the server has Google credentials (defect 12). */
function GoogleSection() {
  const { data: available } = useGoogleCalendarAvailableQuery();
  return available ? <GoogleConnect /> : null;
}

function GoogleConnect() {
  const t = useT(scheduleMessages);
  const tx = useContractText();
  const titleId = useId();
  const { data: connected } = useGoogleCalendarStatusQuery();
  const [authorize, authorizing] = useGoogleCalendarAuthorizeMutation();
  const [outcome, setOutcome] = useState<'unavailable' | { error: string } | null>(null);

  const connect = async () => {
    setOutcome(null);
    try {
      const url = await authorize().unwrap();
      if (!url) throw new Error(t('googleFailed'));
      window.location.assign(url);
    } catch (err) {
      // 503: the server has no Google credentials. Nothing went wrong; the feed link still serves.
      if (isAppError(err) && err.status === 503) setOutcome('unavailable');
      else setOutcome({ error: tx(formErrorText(err, t('googleFailed'))) });
    }
  };

  return (
    <div className="feed-google" aria-labelledby={titleId} role="group">
      <h4 id={titleId}>{t('googleTitle')}</h4>
      {connected ? (
        <p className="feed-google-connected">
          <span aria-hidden="true">✓ </span>
          {t('googleConnected')}
        </p>
      ) : outcome === 'unavailable' ? (
        <CalmNote text={t('googleUnavailable')} />
      ) : (
        <>
          <p className="muted">{t('googleIntro')}</p>
          <div>
            <Button variant="outlined" type="button" disabled={authorizing.isLoading} onClick={() => void connect()}>
              {authorizing.isLoading ? t('googleOpening') : t('googleConnect')}
            </Button>
          </div>
          {outcome && <FormAlert error={outcome.error} />}
        </>
      )}
    </div>
  );
}

/** Takes the focus as it replaces the button that was pressed, so the keyboard is not lost. */
function CalmNote({ text }: { text: string }) {
  const note = useRef<HTMLParagraphElement>(null);
  useEffect(() => note.current?.focus(), []);
  return (
    <p ref={note} className="alert alert-info" role="status" tabIndex={-1}>
      {text}
    </p>
  );
}
