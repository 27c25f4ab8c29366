/**
 * The header's network indicator (SPEC §4): nothing while online; a strip under the header bar
 * saying "Offline" or "Slow connection" (and what that means) otherwise — under the bar, not in it,
 * so a phone's narrow header keeps room for its buttons. A polite live region announces the change;
 * words as well as colour.
 */
import { useT } from '../../lib/i18n';
import { useNetworkStatus } from '../../lib/offline/network-status';
import { offlineMessages } from './offline-messages';
import './offline.css';

export function NetworkIndicator() {
  const t = useT(offlineMessages);
  const status = useNetworkStatus();
  return (
    <div role="status" className="network-indicator">
      {status !== 'online' && (
        <p className={`container network-strip is-${status}`}>
          <strong>{status === 'offline' ? t('networkOffline') : t('networkSlow')}</strong>{' '}
          <span>{status === 'offline' ? t('networkOfflineHint') : t('networkSlowHint')}</span>
        </p>
      )}
    </div>
  );
}
