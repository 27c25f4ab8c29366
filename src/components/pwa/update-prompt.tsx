/**
 * Registers the service worker and tells the user about it: once, "Ready to work offline" after the
 * first install; later, "A new version is available" with Reload / Later. The new release waits
 * until the user chooses Reload (see sw/lifecycle.ts for why it never takes over on its own).
 * Mount once, near the root of the app.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { registerSW } from 'virtual:pwa-register';
import { defineMessages, useT } from '../../lib/i18n';
import './pwa.css';

const PwaNotice = lazy(() => import('./pwa-notice').then((module) => ({ default: module.PwaNotice })));

const messages = defineMessages(
  {
    updateAvailable: 'A new version of LegalConnect is available.',
    reload: 'Reload',
    later: 'Later',
    offlineReady: 'Ready to work offline',
    offlineReadyDetail: 'LegalConnect is saved on this device and opens without internet.',
    close: 'OK',
  },
  {
    updateAvailable: 'LegalConnect-এর একটি নতুন সংস্করণ পাওয়া যাচ্ছে।',
    reload: 'রিলোড করুন',
    later: 'পরে',
    offlineReady: 'অফলাইনে কাজের জন্য প্রস্তুত',
    offlineReadyDetail: 'LegalConnect এই ডিভাইসে সংরক্ষিত হয়েছে, ইন্টারনেট ছাড়াও খুলবে।',
    close: 'ঠিক আছে',
  },
);

/**
 * An installed app can stay open for days without a navigation, and browsers only look for a new
 * worker on navigation. So when the app comes back to the foreground we ask, at most this often.
 */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/** "Ready to work offline" is news, not a question: it leaves on its own so it never hides content. */
export const OFFLINE_READY_VISIBLE_MS = 8000;

type Notice = 'none' | 'offline-ready' | 'update';

export function UpdatePrompt() {
  const t = useT(messages);
  const [notice, setNotice] = useState<Notice>('none');
  const updateSW = useRef<((reloadPage?: boolean) => Promise<void>) | null>(null);

  useEffect(() => {
    // StrictMode runs effects twice; the ref survives that, so the worker is registered once.
    if (updateSW.current) return;
    // Not `immediate`: the worker registers after the page's load event, so precaching the app
    // never competes with the first screen for a slow link.
    updateSW.current = registerSW({
      onOfflineReady: () => setNotice('offline-ready'),
      onNeedRefresh: () => setNotice('update'),
      onRegisteredSW: (_swUrl, registration) => {
        if (registration) watchForUpdates(registration);
      },
    });
  }, []);

  useEffect(() => {
    if (notice !== 'offline-ready') return;
    const timer = setTimeout(() => setNotice('none'), OFFLINE_READY_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  // An MUI Snackbar at the bottom (a lazy chunk: the first screen does not wait for it).
  if (notice === 'none') return null;
  return (
    <Suspense fallback={null}>
      <PwaNotice
        text={
          notice === 'offline-ready' ? (
            <>
              <strong>{t('offlineReady')}</strong>
              <span className="pwa-toast__detail">{t('offlineReadyDetail')}</span>
            </>
          ) : (
            t('updateAvailable')
          )
        }
        actions={
          notice === 'update'
            ? [
                { label: t('reload'), onClick: () => void updateSW.current?.(true) },
                { label: t('later'), onClick: () => setNotice('none') },
              ]
            : [{ label: t('close'), onClick: () => setNotice('none') }]
        }
      />
    </Suspense>
  );
}

function watchForUpdates(registration: ServiceWorkerRegistration): void {
  let lastCheck = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || !navigator.onLine) return;
    if (Date.now() - lastCheck < UPDATE_CHECK_INTERVAL_MS) return;
    lastCheck = Date.now();
    // A failed check (flaky link) is harmless: the next foregrounding tries again.
    registration.update().catch(() => undefined);
  });
}
