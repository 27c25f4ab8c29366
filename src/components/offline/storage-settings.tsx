/**
 * "Storage & offline" in the profile (issue 7): what this phone keeps for the signed-in user —
 * the browser's estimate and a count per kind of record — and the user's say over it: "Use Offline
 * Mode" (read the device copy on purpose), "Keep offline copies" (off: screens are not kept and
 * what is kept is deleted; a fact about this device, see device-storage.ts) and "Clear offline
 * data" (everything but the messages waiting to be sent), confirmed first.
 */
import { useEffect, useId, useState } from 'react';
import { formatBytes, formatNumber } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import {
  clearOfflineData,
  keepOfflineCopies,
  setKeepOfflineCopies,
  storageUse,
  userStoreCounts,
  USER_STORES,
  type StorageUse,
  type UserStore,
} from '../../lib/offline/device-storage';
import { setOfflineMode, useOfflineMode } from '../../lib/offline/offline-mode';
import { selectUser } from '../../lib/session/session-slice';
import { useSessionSelector } from '../../lib/store-hooks';
import { storageMessages } from './storage-messages';
import Button from '@mui/material/Button';
import './offline.css';

const STORE_LABEL: Record<UserStore, `count.${UserStore}`> = {
  responses: 'count.responses',
  files: 'count.files',
  notifications: 'count.notifications',
  conversations: 'count.conversations',
  chatMessages: 'count.chatMessages',
  outbox: 'count.outbox',
};

interface Kept {
  use: StorageUse | null;
  counts: Record<UserStore, number> | null;
  keepCopies: boolean;
}

async function read(userId: string | null): Promise<Kept> {
  const [use, counts, keepCopies] = await Promise.all([
    storageUse().catch(() => null),
    userId ? userStoreCounts(userId).catch(() => null) : Promise.resolve(null),
    keepOfflineCopies().catch(() => true),
  ]);
  return { use, counts, keepCopies };
}

export function StorageSettings() {
  const t = useT(storageMessages);
  const { lang } = useLang();
  const id = useId();
  const userId = useSessionSelector(selectUser)?.id ?? null;
  const offlineMode = useOfflineMode();
  const [kept, setKept] = useState<Kept>({ use: null, counts: null, keepCopies: true });
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState('');

  const load = async () => setKept(await read(userId));

  useEffect(() => {
    // Reads the device's stores (an external system); the state is set when they answer.
    let live = true;
    void read(userId).then((next) => live && setKept(next));
    return () => {
      live = false;
    };
  }, [userId]);

  const toggleCopies = async (on: boolean) => {
    setBusy(true);
    try {
      await setKeepOfflineCopies(on, userId);
      setSaid(on ? t('copiesOn') : t('copiesOff'));
    } catch {
      setSaid(t('failed'));
    } finally {
      setBusy(false);
      await load();
    }
  };

  const clear = async () => {
    if (!userId) return;
    setBusy(true);
    try {
      await clearOfflineData(userId);
      setSaid(t('cleared'));
    } catch {
      setSaid(t('failed'));
    } finally {
      setBusy(false);
      setConfirming(false);
      await load();
    }
  };

  const { use, counts } = kept;
  return (
    <section className="card profile-section storage-settings" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('title')}</h2>
      <p className="muted">{t('intro')}</p>

      <p>
        {use
          ? t('usage', { used: formatBytes(use.usage, lang), quota: formatBytes(use.quota, lang) })
          : t('usageUnknown')}
      </p>
      {use && <p className="muted">{use.persisted ? t('persisted') : t('notPersisted')}</p>}

      {counts && (
        <dl className="storage-counts">
          {USER_STORES.map((store) => (
            <div key={store}>
              <dt>{t(STORE_LABEL[store])}</dt>
              <dd>{formatNumber(counts[store], lang, 0)}</dd>
            </div>
          ))}
        </dl>
      )}

      <div className="storage-switch">
        <input
          id={`${id}-mode`}
          type="checkbox"
          role="switch"
          checked={offlineMode}
          aria-describedby={`${id}-mode-hint`}
          onChange={(event) => setOfflineMode(event.target.checked)}
        />
        <label htmlFor={`${id}-mode`}>{t('offlineMode')}</label>
        <p id={`${id}-mode-hint`} className="field-hint">
          {t('offlineModeHint')}
        </p>
      </div>

      <div className="storage-switch">
        <input
          id={`${id}-copies`}
          type="checkbox"
          role="switch"
          checked={kept.keepCopies}
          disabled={busy}
          aria-describedby={`${id}-copies-hint`}
          onChange={(event) => void toggleCopies(event.target.checked)}
        />
        <label htmlFor={`${id}-copies`}>{t('keepCopies')}</label>
        <p id={`${id}-copies-hint`} className="field-hint">
          {t('keepCopiesHint')}
        </p>
      </div>

      {confirming ? (
        <div className="storage-confirm" role="group" aria-labelledby={`${id}-confirm`}>
          <p id={`${id}-confirm`}>{t('clearConfirm')}</p>
          <div className="form-actions">
            <Button variant="contained" color="error" type="button" disabled={busy} onClick={() => void clear()}>
              {t('clearYes')}
            </Button>
            <Button variant="outlined" type="button" disabled={busy} onClick={() => setConfirming(false)}>
              {t('cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <div className="form-actions">
          <Button variant="outlined" type="button" disabled={busy || !userId} onClick={() => setConfirming(true)}>
            {t('clear')}
          </Button>
        </div>
      )}
      <p role="status" className="storage-said">
        {said}
      </p>
    </section>
  );
}
