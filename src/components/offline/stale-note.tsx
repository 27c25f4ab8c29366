/**
 * "Offline — showing what was saved 5m ago": shown on a screen whose data the service worker
 * answered from this phone's copy (sw/api-cache.ts), so nobody takes old data for new. It says
 * "offline" only when the phone is; otherwise the connection simply did not answer in time. The
 * time is relative ("just now", "5m ago" / "৫ মিনিট আগে") and kept current; the note sits in a
 * polite live region, so a screen reader hears it appear without losing its place.
 */
import { useEffect, useState } from 'react';
import { useStoredAt } from '../../lib/api/stored-at';
import { formatRelativeTime } from '../../lib/format';
import { useLang, type Lang } from '../../lib/i18n';
import { useNetworkStatus, type NetworkStatus } from '../../lib/offline/network-status';
import { useOfflineMode } from '../../lib/offline/offline-mode';
import { offlineMessages } from './offline-messages';
import './offline.css';

const TICK_MS = 30_000;

/**
 * The note's words, e.g. "Offline — showing what was saved 5m ago"; "Offline mode — …" while the
 * user has chosen to read the device copy (whatever the link is doing).
 */
export function staleNoteText(
  storedAt: string,
  status: NetworkStatus,
  lang: Lang,
  now: number,
  offlineMode = false,
): string {
  const relative = formatRelativeTime(storedAt, lang, now);
  // "Just now" starts a sentence in the chat list; here it ends one.
  const when = lang === 'en' ? relative.replace(/^Just now$/, 'just now') : relative;
  const key = offlineMode ? 'savedChosen' : status === 'offline' ? 'savedOffline' : 'savedNoAnswer';
  const template = offlineMessages[lang][key];
  return template.replace('{when}', when);
}

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/** The note for a known `storedAt` (null: nothing to say, the region stays empty). */
export function StaleNoteView({ storedAt, now }: { storedAt: string | null; now?: number }) {
  const { lang } = useLang();
  const status = useNetworkStatus();
  const offlineMode = useOfflineMode();
  const ticking = useNow(storedAt !== null && now === undefined);
  return (
    <div role="status" className="stale-note-region">
      {storedAt && (
        <p className="stale-note">
          <time dateTime={storedAt}>{staleNoteText(storedAt, status, lang, now ?? ticking, offlineMode)}</time>
        </p>
      )}
    </div>
  );
}

/**
 * For a screen's query: the same endpoint and arguments it gave its query hook, e.g.
 * `<StaleNote endpoint={casesApi.endpoints.myCases} args={address} />`.
 */
export function StaleNote({ endpoint, args }: { endpoint: { name: string }; args: unknown }) {
  return <StaleNoteView storedAt={useStoredAt(endpoint, args)} />;
}
