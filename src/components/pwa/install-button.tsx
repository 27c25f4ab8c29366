/**
 * "Install app": shown only where the browser offers an install prompt and the app is not already
 * running installed. On iOS, which has no prompt, a disclosure explains Share → Add to Home Screen
 * step by step; in an iOS in-app browser (Facebook, Instagram — which cannot add to the home screen)
 * it says to open the page in Safari first.
 */
import { useSyncExternalStore } from 'react';
import { defineMessages, useT } from '../../lib/i18n';
import {
  canAddToHomeScreenManually,
  getInstallPrompt,
  isIosInAppBrowser,
  isStandalone,
  promptInstall,
  subscribeInstallPrompt,
} from './install-prompt';
import './pwa.css';

const messages = defineMessages(
  {
    install: 'Install app',
    iosIntro: 'Install LegalConnect on your home screen; it then opens like an app, even offline:',
    iosStep1: 'Tap the Share button (a square with an arrow pointing up) in the browser’s toolbar.',
    iosStep2: 'Choose “Add to Home Screen” — scroll down the list if you do not see it.',
    iosStep3: 'Tap “Add”. LegalConnect’s icon appears on your home screen.',
    inAppHint:
      'To install LegalConnect, open this page in Safari (in the menu, “Open in browser”), then use Share → “Add to Home Screen”.',
  },
  {
    install: 'অ্যাপ ইনস্টল করুন',
    iosIntro: 'LegalConnect আপনার হোম স্ক্রিনে ইনস্টল করুন; তখন এটি অ্যাপের মতো খোলে, অফলাইনেও:',
    iosStep1: 'ব্রাউজারের টুলবারে শেয়ার বোতামে ট্যাপ করুন (ওপরের দিকে তীরচিহ্নসহ একটি চৌকো)।',
    iosStep2: '“হোম স্ক্রিনে যোগ করুন” (Add to Home Screen) বেছে নিন — না দেখলে তালিকাটি নিচে স্ক্রল করুন।',
    iosStep3: '“যোগ করুন” (Add)-এ ট্যাপ করুন। আপনার হোম স্ক্রিনে LegalConnect-এর আইকন দেখা যাবে।',
    inAppHint:
      'LegalConnect ইনস্টল করতে এই পাতাটি Safari-তে খুলুন (মেনুতে “ব্রাউজারে খুলুন”), তারপর শেয়ার → “হোম স্ক্রিনে যোগ করুন” বেছে নিন।',
  },
);

export function InstallButton({ className }: { className?: string }) {
  const t = useT(messages);
  const installPrompt = useSyncExternalStore(subscribeInstallPrompt, getInstallPrompt, () => null);

  if (isStandalone()) return null;

  if (installPrompt) {
    return (
      <button type="button" className={className ?? 'pwa-button'} onClick={() => void promptInstall()}>
        {t('install')}
      </button>
    );
  }

  if (canAddToHomeScreenManually(navigator.userAgent, navigator.maxTouchPoints)) {
    return (
      <details className={className ? `pwa-install-hint ${className}` : 'pwa-install-hint'}>
        <summary>{t('install')}</summary>
        <div className="pwa-install-steps">
          <p>{t('iosIntro')}</p>
          <ol>
            <li>{t('iosStep1')}</li>
            <li>{t('iosStep2')}</li>
            <li>{t('iosStep3')}</li>
          </ol>
        </div>
      </details>
    );
  }

  if (isIosInAppBrowser(navigator.userAgent, navigator.maxTouchPoints)) {
    return (
      <details className={className ? `pwa-install-hint ${className}` : 'pwa-install-hint'}>
        <summary>{t('install')}</summary>
        <div className="pwa-install-steps">
          <p>{t('inAppHint')}</p>
        </div>
      </details>
    );
  }

  return null;
}
