/**
 * System status: asks GET /v1/health (liveness and database) and says Operational or Unavailable with
 * the time of the check in Bangladesh time. An offline device is told so instead of being shown a
 * false "Unavailable", and the check runs again when the connection returns.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { HTTP_TIMEOUT_MS } from '../../../../contract/constants';
import { defineMessages, useLang, useT, type Lang } from '../../../lib/i18n';
import styles from '../info-page.module.css';

export const statusMessages = defineMessages(
  {
    lead: 'This page asks the LegalConnect server whether it and its database are working.',
    checking: 'Checking…',
    operational: 'Operational',
    operationalText: 'The service and its database are answering normally.',
    unavailable: 'Unavailable',
    unavailableText: 'The service did not answer properly. Please try again in a few minutes.',
    offline: 'You are offline',
    offlineText: 'Your device has no internet connection, so we cannot check now. We will check again when it is back.',
    checkedAt: 'Checked at {time} (Bangladesh time)',
    version: 'Server version {version}',
    retry: 'Check again',
    scope:
      'Chat, notifications and the AI assistant run on the same service, so when it is unavailable they may be too.',
    trouble: 'Status is Operational but something still does not work?',
    contact: 'Tell us',
  },
  {
    lead: 'এই পাতাটি LegalConnect সার্ভারের কাছে জানতে চায়, সার্ভার ও এর ডেটাবেস ঠিকমতো চলছে কি না।',
    checking: 'যাচাই করা হচ্ছে…',
    operational: 'সচল',
    operationalText: 'সেবা ও ডেটাবেস স্বাভাবিকভাবে সাড়া দিচ্ছে।',
    unavailable: 'অনুপলভ্য',
    unavailableText: 'সেবাটি ঠিকমতো সাড়া দেয়নি। কয়েক মিনিট পর আবার চেষ্টা করুন।',
    offline: 'আপনি অফলাইনে আছেন',
    offlineText: 'আপনার ডিভাইসে ইন্টারনেট সংযোগ নেই, তাই এখন যাচাই করা যাচ্ছে না। সংযোগ ফিরলে আবার যাচাই করা হবে।',
    checkedAt: 'যাচাইয়ের সময়: {time} (বাংলাদেশ সময়)',
    version: 'সার্ভারের সংস্করণ {version}',
    retry: 'আবার যাচাই করুন',
    scope: 'চ্যাট, নোটিফিকেশন ও এআই সহকারী একই সেবার ওপর চলে, তাই সেবাটি অনুপলভ্য হলে এগুলোও কাজ না-ও করতে পারে।',
    trouble: 'অবস্থা “সচল” দেখাচ্ছে, তবু কিছু কাজ করছে না?',
    contact: 'আমাদের জানান',
  },
);

export type HealthState = 'checking' | 'operational' | 'unavailable' | 'offline';

interface HealthResult {
  state: HealthState;
  checkedAt?: Date;
  version?: string;
}

/** The envelope of GET /v1/health says UP for both the service and its database. */
function healthyVersion(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('data' in body)) return null;
  const data = body.data;
  if (typeof data !== 'object' || data === null) return null;
  const { status, database, version } = data as Record<string, unknown>;
  if (status !== 'UP' || database !== 'UP') return null;
  return typeof version === 'string' ? version : '';
}

/** One health check, given up after the app's HTTP timeout. */
export async function checkHealth(signal: AbortSignal): Promise<HealthResult> {
  if (!navigator.onLine) return { state: 'offline', checkedAt: new Date() };
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), HTTP_TIMEOUT_MS);
  const abortOnOuter = () => timeout.abort();
  signal.addEventListener('abort', abortOnOuter);
  try {
    const response = await fetch('/v1/health', {
      cache: 'no-store',
      headers: { Accept: 'application/json' },
      signal: timeout.signal,
    });
    const version = response.ok ? healthyVersion(await response.json()) : null;
    return version === null
      ? { state: 'unavailable', checkedAt: new Date() }
      : { state: 'operational', checkedAt: new Date(), ...(version ? { version } : {}) };
  } catch {
    return { state: navigator.onLine ? 'unavailable' : 'offline', checkedAt: new Date() };
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', abortOnOuter);
  }
}

function formatDhakaTime(date: Date, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === 'bn' ? 'bn-BD' : 'en-GB', {
    timeZone: 'Asia/Dhaka',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}

export function StatusContent() {
  const t = useT(statusMessages);
  const { lang } = useLang();
  const [result, setResult] = useState<HealthResult>({ state: 'checking' });
  // Bumped to ask for another check; each check aborts the one before it.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    void checkHealth(controller.signal).then((next) => {
      if (!controller.signal.aborted) setResult(next);
    });
    return () => controller.abort();
  }, [attempt]);

  const recheck = useCallback(() => {
    setResult((previous) => ({ ...previous, state: 'checking' }));
    setAttempt((n) => n + 1);
  }, []);

  useEffect(() => {
    window.addEventListener('online', recheck);
    window.addEventListener('offline', recheck);
    return () => {
      window.removeEventListener('online', recheck);
      window.removeEventListener('offline', recheck);
    };
  }, [recheck]);

  const { state, checkedAt, version } = result;
  const checking = state === 'checking';

  return (
    <>
      <p className={styles.lead}>{t('lead')}</p>
      <div
        className={`${styles.statusCard} ${checking ? '' : (styles[state] ?? '')}`}
        aria-live="polite"
        aria-busy={checking}
      >
        <p className={styles.statusLine}>
          <span className={styles.dot} aria-hidden="true" />
          <span>{t(state)}</span>
        </p>
        {!checking && <p>{t(`${state}Text`)}</p>}
        {checkedAt && (
          <p>
            <time dateTime={checkedAt.toISOString()}>{t('checkedAt', { time: formatDhakaTime(checkedAt, lang) })}</time>
          </p>
        )}
        {state === 'operational' && version && <p>{t('version', { version })}</p>}
        <button type="button" className={styles.button} onClick={recheck} disabled={checking}>
          {t('retry')}
        </button>
      </div>
      <p>{t('scope')}</p>
      <p>
        {t('trouble')} <Link to="/contact">{t('contact')}</Link>
      </p>
    </>
  );
}
