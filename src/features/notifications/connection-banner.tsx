/**
 * docs/product.md §2: 30 s after the live connection went down, say so — 'Disconnected from notification
 * service. Some features may be unavailable.' — with Reconnect (which starts the attempts afresh)
 * and Dismiss (until the next drop). Shorter blips, which mobile networks have all the time, pass
 * without a word: the connection heals itself and polling covers the gap.
 */
import { useEffect, useState } from 'react';
import { DISCONNECTED_BANNER_AFTER_MS } from '../../../contract/constants';
import type { RealtimeConnection } from '../../lib/realtime/connection';
import { useConnectionSnapshot } from '../../lib/realtime/realtime';
import { useT } from '../../lib/i18n';
import { useNetworkStatus } from '../../lib/offline/network-status';
import { notificationsMessages } from './notifications-messages';
import Button from '@mui/material/Button';

export function ConnectionBanner({ connection }: { connection: RealtimeConnection }) {
  const t = useT(notificationsMessages);
  const snapshot = useConnectionSnapshot(connection);
  const offline = useNetworkStatus() === 'offline';
  const { downSince, state } = snapshot;
  const [due, setDue] = useState<number | null>(null);
  const [dismissedFor, setDismissedFor] = useState<number | null>(null);

  useEffect(() => {
    if (downSince === null) return;
    const wait = downSince + DISCONNECTED_BANNER_AFTER_MS - Date.now();
    const timer = setTimeout(() => setDue(downSince), Math.max(0, wait));
    return () => clearTimeout(timer);
  }, [downSince]);

  // With no network at all the header's "Offline" strip already says so; a second banner over the
  // screen (and over a chat's composer) would only hide what the user is doing.
  if (offline) return null;
  if (downSince === null || due !== downSince || dismissedFor === downSince) return null;
  const trying = state === 'connecting';
  return (
    <div className="connection-banner" role="alert">
      <p>{t('disconnected')}</p>
      <div className="connection-banner-actions">
        <Button variant="contained" type="button" onClick={() => connection.reconnect()} disabled={trying}>
          {trying ? t('reconnecting') : t('reconnect')}
        </Button>
        <Button variant="outlined" type="button" onClick={() => setDismissedFor(downSince)}>
          {t('dismiss')}
        </Button>
      </div>
    </div>
  );
}
