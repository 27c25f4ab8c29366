/**
 * "Install app": shown only where the browser offers an install prompt and the app is not already
 * running installed. On iOS, which has no prompt, a disclosure explains Share → Add to Home Screen.
 */
import { useSyncExternalStore } from 'react';
import { defineMessages, useT } from '../../lib/i18n';
import {
  canAddToHomeScreenManually,
  getInstallPrompt,
  isStandalone,
  promptInstall,
  subscribeInstallPrompt,
} from './install-prompt';
import './pwa.css';

const messages = defineMessages(
  {
    install: 'Install app',
    iosHint: 'To install LegalConnect, tap the Share button, then choose “Add to Home Screen”.',
  },
  {
    install: 'অ্যাপ ইনস্টল করুন',
    iosHint: 'LegalConnect ইনস্টল করতে শেয়ার বোতামে ট্যাপ করুন, তারপর “হোম স্ক্রিনে যোগ করুন” (Add to Home Screen) বেছে নিন।',
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
        <p>{t('iosHint')}</p>
      </details>
    );
  }

  return null;
}
