/**
 * The header's network indicator (docs/product.md §4): nothing while online; a strip under the header bar
 * saying "Offline" or "Slow connection" (and what that means) otherwise — under the bar, not in it,
 * so a phone's narrow header keeps room for its buttons. While the user has chosen "Use Offline
 * Mode" it says so instead, with the button that turns it off (screens then fetch again,
 * src/lib/offline/reconnect.ts). A polite live region announces the change; words as well as colour.
 * The button sits outside the live region, so a screen reader hears the words, not the control.
 */
import { useT } from '../../lib/i18n';
import { useNetworkStatus } from '../../lib/offline/network-status';
import { setOfflineMode, useOfflineMode } from '../../lib/offline/offline-mode';
import { offlineMessages } from './offline-messages';
import Button from '@mui/material/Button';
import './offline.css';

export function NetworkIndicator() {
  const t = useT(offlineMessages);
  const status = useNetworkStatus();
  const offlineMode = useOfflineMode();
  const shown = offlineMode ? 'chosen' : status;
  return (
    <div className={shown === 'online' ? 'network-indicator' : 'network-indicator container'}>
      <div role="status" className="network-indicator-words">
        {shown === 'chosen' && (
          <p className="network-strip is-chosen">
            <strong>{t('offlineMode')}</strong> <span>{t('offlineModeHint')}</span>
          </p>
        )}
        {(shown === 'offline' || shown === 'slow') && (
          <p className={`network-strip is-${shown}`}>
            <strong>{shown === 'offline' ? t('networkOffline') : t('networkSlow')}</strong>{' '}
            <span>{shown === 'offline' ? t('networkOfflineHint') : t('networkSlowHint')}</span>
          </p>
        )}
      </div>
      {offlineMode && (
        <Button variant="text" className="network-strip-action" type="button" onClick={() => setOfflineMode(false)}>
          {t('offlineModeOff')}
        </Button>
      )}
    </div>
  );
}
