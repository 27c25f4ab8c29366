/**
 * "Your data" on /profile (Bangladesh PDPO 2025; docs/decisions/0012-data-rights.md): download a
 * copy of everything held about me, and delete my account. Both need the network, so both are
 * disabled offline with the reason. After a deletion the session ends the way sign-out does (the
 * session listener wipes this device's IndexedDB and Cache Storage data) and the home page says so.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormAlert } from '../../components/form/form-alert';
import { NeedsNetworkNote, useNeedsNetwork } from '../../components/offline/needs-network';
import { formErrorText } from '../../lib/api/app-error';
import { useContractText } from '../../lib/contract-text';
import { useT } from '../../lib/i18n';
import type { NavState } from '../../lib/nav-state';
import { sessionEnded } from '../../lib/session/session-slice';
import { useAppDispatch } from '../../lib/store-hooks';
import { useDownloadMyDataMutation } from './api/data-rights-api';
import { DeleteAccountDialog } from './delete-account-dialog';
import { dataRightsMessages } from './data-rights-messages';
import Button from '@mui/material/Button';

export function DataRightsSection() {
  const t = useT(dataRightsMessages);
  const tx = useContractText();
  const needs = useNeedsNetwork();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [download, { isLoading: downloading }] = useDownloadMyDataMutation();
  const [downloadError, setDownloadError] = useState<string | null>(null);
  // The file's name; the sentence is made at render, so it follows a change of language.
  const [downloaded, setDownloaded] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);

  const onDownload = async () => {
    setDownloadError(null);
    setDownloaded(null);
    try {
      const { fileName } = await download().unwrap();
      setDownloaded(fileName);
    } catch (err) {
      setDownloadError(formErrorText(err, t('downloadFailed')));
    }
  };

  const close = () => setAsking(false);
  const onDeleted = (message: string) => {
    // Home first (a public page, which shows the notice), then the end of the session wipes this device.
    const state: NavState = { notice: message };
    void navigate('/', { replace: true, state });
    dispatch(sessionEnded('logout'));
  };

  return (
    <section className="card profile-section data-rights" aria-labelledby="data-rights-title">
      <h2 id="data-rights-title">{t('title')}</h2>
      <p className="muted">{t('intro')}</p>
      <p className="muted">{t('downloadHint')}</p>
      <div>
        <Button
          variant="outlined"
          type="button"
          onClick={() => void onDownload()}
          disabled={downloading || needs.disabled}
          aria-describedby={needs.describedBy}
        >
          {downloading ? t('downloading') : t('download')}
        </Button>
      </div>
      <FormAlert
        error={downloadError && tx(downloadError)}
        success={downloaded && t('downloaded', { file: downloaded })}
      />
      <h3>{t('deleteTitle')}</h3>
      <p className="muted">{t('deleteIntro')}</p>
      <div>
        <Button
          variant="contained"
          color="error"
          type="button"
          onClick={() => setAsking(true)}
          disabled={needs.disabled}
          aria-describedby={needs.describedBy}
          aria-haspopup="dialog"
        >
          {t('deleteOpen')}
        </Button>
      </div>
      <NeedsNetworkNote needs={needs} />
      {asking && <DeleteAccountDialog onClose={close} onDeleted={onDeleted} />}
    </section>
  );
}
