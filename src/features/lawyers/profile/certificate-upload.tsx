/**
 * Bar certificate upload with a progress bar and a Cancel button (2G: minutes for a few MB).
 * The file is checked on the phone first (type and size, see certificate-check.ts); the server then
 * checks its content, and its answer is shown as it comes. A lawyer can look at what is on file.
 */
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useStore } from 'react-redux';
import type { LawyerInfo } from '../../../../contract/lawyers';
import { FileViewer } from '../../../components/file-viewer/file-viewer';
import { FormAlert } from '../../../components/form/form-alert';
import { UploadProgress } from '../../../components/form/upload-progress';
import { api } from '../../../lib/api/api';
import { formErrorText } from '../../../lib/api/app-error';
import { uploadFile } from '../../../lib/api/upload';
import { formatBytes } from '../../../lib/format';
import { useLang, useT } from '../../../lib/i18n';
import { useAppDispatch } from '../../../lib/store-hooks';
import { CREDENTIALS_UPLOAD, CREDENTIALS_VIEW } from '../api/lawyers-api';
import { useLawyerText } from '../lawyer-text';
import { CERTIFICATE_ACCEPT, certificateProblem } from './certificate-check';
import { lawyerProfileMessages } from './lawyer-profile-messages';
import Button from '@mui/material/Button';
import { FileField } from '../../../components/form/file-field';

interface CertificateUploadProps {
  profile: LawyerInfo;
  onUploaded?: () => void;
}

export function CertificateUpload({ profile, onUploaded }: CertificateUploadProps) {
  const t = useT(lawyerProfileMessages);
  const tl = useLawyerText();
  const { lang } = useLang();
  const store = useStore();
  const dispatch = useAppDispatch();
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [showing, setShowing] = useState(false);

  // Leaving the page stops an upload nobody is waiting for.
  useEffect(() => () => abort.current?.abort(), []);

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setSuccess(null);
    setFailure(null);
    setFile(null);
    if (!chosen) return;
    const problem = certificateProblem(chosen);
    if (problem?.kind === 'type') setFailure(t('certWrongType'));
    else if (problem?.kind === 'size') setFailure(t('certTooBig', { size: formatBytes(problem.size, lang) }));
    else if (problem?.kind === 'empty') setFailure(t('certEmpty'));
    else setFile(chosen);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setFailure((was) => was ?? t('certNoFile'));
      return input.current?.focus();
    }
    const body = new FormData();
    body.append('file', file);
    const controller = new AbortController();
    abort.current = controller;
    setFailure(null);
    setSuccess(null);
    setProgress(0);
    try {
      await uploadFile(store, CREDENTIALS_UPLOAD, body, { onProgress: setProgress, signal: controller.signal });
      setSuccess(t('certUploaded'));
      setFile(null);
      if (input.current) input.current.value = '';
      dispatch(
        api.util.invalidateTags([
          { type: 'LawyerProfile', id: 'MINE' },
          { type: 'ProtectedFile', id: CREDENTIALS_VIEW },
          { type: 'AdminLawyer', id: 'LIST' },
        ]),
      );
      onUploaded?.();
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') setFailure(t('certCancelled'));
      else setFailure(tl(formErrorText(err, t('certFailed'))));
    } finally {
      abort.current = null;
      setProgress(null);
    }
  };

  return (
    <section className="card profile-section" id="certificate" aria-labelledby="certificate-title">
      <h2 id="certificate-title">{t('certTitle')}</h2>
      <p className="muted">{t('certIntro')}</p>
      <p className={profile.hasCredentials ? 'is-on-file' : 'muted'}>
        {profile.hasCredentials ? `✓ ${t('certOnFile')}` : t('certNone')}
      </p>
      {profile.hasCredentials && (
        <div className="certificate-own">
          <Button variant="outlined" type="button" aria-expanded={showing} onClick={() => setShowing((was) => !was)}>
            {showing ? t('certHide') : t('certShow')}
          </Button>
          {showing && <FileViewer path={CREDENTIALS_VIEW} title={t('certDocTitle')} fallbackName="bar-certificate" />}
        </div>
      )}
      <form className="form" noValidate onSubmit={onSubmit}>
        <FileField
          label={profile.hasCredentials ? t('certReplace') : t('certChoose')}
          inputRef={input}
          name="file"
          accept={CERTIFICATE_ACCEPT}
          invalid={Boolean(failure && !file)}
          disabled={progress !== null}
          chosenName={file?.name ?? null}
          hint={
            <>
              {file ? t('certChosen', { name: file.name, size: formatBytes(file.size, lang) }) : t('certHint')}
              {profile.verificationStatus === 'APPROVED' && <> {t('certReverify')}</>}
            </>
          }
          onChange={onChoose}
        />
        {progress !== null && (
          <UploadProgress
            fraction={progress}
            label={t('certProgress')}
            text={t('certUploading', { percent: Math.round(progress * 100) })}
          />
        )}
        <FormAlert error={failure} success={success} />
        <div className="btn-row">
          <Button variant="contained" type="submit" disabled={progress !== null}>
            {t('certUpload')}
          </Button>
          {progress !== null && (
            <Button variant="outlined" type="button" onClick={() => abort.current?.abort()}>
              {t('certCancel')}
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}
