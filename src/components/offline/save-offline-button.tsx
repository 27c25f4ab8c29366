/**
 * "Save for offline" on a file (issue 7): keeps the file's bytes on this phone for the signed-in
 * user (files-store.ts), so the in-app viewer shows it with no connection — the service worker
 * answers the file's path from the saved copy (sw/saved-files.ts). Saved, it says so and offers to
 * remove the copy. Saving needs the network, so offline the button is disabled with the reason.
 * Sign-out deletes the saved files with the rest of the user's records.
 */
import { useEffect, useState } from 'react';
import { apiUrl } from '../../lib/api/api-url';
import { useT } from '../../lib/i18n';
import { deleteSavedFile, downloadForOffline, savedFile, savedFileKey } from '../../lib/offline/files-store';
import { selectSession } from '../../lib/session/session-slice';
import { useSessionSelector } from '../../lib/store-hooks';
import { NeedsNetworkNote, useNeedsNetwork } from './needs-network';
import { storageMessages } from './storage-messages';
import Button from '@mui/material/Button';
import './offline.css';

interface SaveOfflineButtonProps {
  /** The API path (under /v1) that answers with the file, as the viewer asks for it. */
  path: string;
  /** The document's title, for the button's name and the storage screen. */
  title: string;
  fileName: string;
}

type State = 'unknown' | 'absent' | 'saving' | 'saved' | 'failed';

export function SaveOfflineButton({ path, title, fileName }: SaveOfflineButtonProps) {
  const t = useT(storageMessages);
  const { user, token } = useSessionSelector(selectSession);
  const userId = user?.id ?? null;
  const needs = useNeedsNetwork();
  const [state, setState] = useState<State>('unknown');
  const key = savedFileKey(`/v1${path}`);

  useEffect(() => {
    if (!userId) return;
    let live = true;
    savedFile(userId, key)
      .then((file) => live && setState(file ? 'saved' : 'absent'))
      .catch(() => live && setState('absent'));
    return () => {
      live = false;
    };
  }, [userId, key]);

  if (!userId || !token || state === 'unknown') return null;

  const save = async () => {
    setState('saving');
    try {
      const file = await downloadForOffline(userId, apiUrl(path), token, { title, fileName });
      // A saved PDF must open offline too: the viewer's pdf.js worker is fetched now, while online,
      // so the service worker holds it (it is not precached: most users never open a PDF). "Saved"
      // is said once both are on the phone.
      if (file.contentType.includes('pdf')) {
        await import('../file-viewer/pdf-document').then((pdf) => pdf.warmPdfViewer()).catch(() => undefined);
      }
      setState('saved');
    } catch {
      setState('failed');
    }
  };

  const remove = async () => {
    await deleteSavedFile(userId, key).catch(() => undefined);
    setState('absent');
  };

  return (
    <div className="save-offline">
      {state === 'saved' ? (
        <>
          <span className="save-offline-done">
            <span aria-hidden="true">✓ </span>
            {t('savedOffline')}
          </span>
          <Button
            variant="text"
            type="button"
            aria-label={`${t('removeOffline')}: ${title}`}
            onClick={() => void remove()}
          >
            {t('removeOffline')}
          </Button>
        </>
      ) : (
        <>
          <Button
            variant="outlined"
            type="button"
            disabled={state === 'saving' || needs.disabled}
            aria-describedby={needs.describedBy}
            aria-label={`${t('saveOffline')}: ${title}`}
            onClick={() => void save()}
          >
            {state === 'saving' ? t('savingOffline') : t('saveOffline')}
          </Button>
          <NeedsNetworkNote needs={needs} />
        </>
      )}
      <p role="status" className="save-offline-said">
        {state === 'failed' ? t('saveOfflineFailed') : ''}
      </p>
    </div>
  );
}
