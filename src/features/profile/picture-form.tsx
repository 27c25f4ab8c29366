/**
 * Profile picture upload with a progress bar. The type and size are checked on the phone first
 * (the server's limits, docs/api.md §4), so nobody waits minutes on 2G to learn a file was too big;
 * the server still checks the content and its answer is shown as it comes.
 */
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useStore } from 'react-redux';
import type { ProfilePictureResult } from '../../../contract/auth';
import { PROFILE_PICTURE_MAX_BYTES } from '../../../contract/constants';
import { ServerMessages } from '../../../contract/errors';
import { FormAlert } from '../../components/form/form-alert';
import { UploadProgress } from '../../components/form/upload-progress';
import { formErrorText } from '../../lib/api/app-error';
import { uploadFile } from '../../lib/api/upload';
import { useContractText } from '../../lib/contract-text';
import { useT } from '../../lib/i18n';
import { sessionApi } from '../../lib/session/session-api';
import { useAppDispatch } from '../../lib/store-hooks';
import { PROFILE_PICTURE } from './api/profile-api';
import { profileMessages } from './profile-messages';
import Button from '@mui/material/Button';
import { FileField } from '../../components/form/file-field';

const ACCEPTED = ['image/png', 'image/jpeg', 'image/webp'];

function pictureProblem(file: File): string | null {
  return ACCEPTED.includes(file.type) && file.size <= PROFILE_PICTURE_MAX_BYTES ? null : ServerMessages.invalidImage;
}

export function PictureForm({ picture }: { picture: string | null | undefined }) {
  const t = useT(profileMessages);
  const tx = useContractText();
  const store = useStore();
  const dispatch = useAppDispatch();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const current = shown ?? picture ?? null;

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setSuccess(null);
    setFailure(chosen ? pictureProblem(chosen) : null);
    setFile(chosen && !pictureProblem(chosen) ? chosen : null);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return input.current?.focus();
    const body = new FormData();
    body.append('file', file);
    setFailure(null);
    setProgress(0);
    try {
      const result = await uploadFile<ProfilePictureResult>(store, PROFILE_PICTURE, body, { onProgress: setProgress });
      setShown(result.thumbnailPictureUrl || result.fullPictureUrl);
      setSuccess(t('uploaded'));
      setFile(null);
      if (input.current) input.current.value = '';
      dispatch(sessionApi.util.invalidateTags(['User']));
    } catch (err) {
      setFailure(formErrorText(err, t('uploadFailed')));
    } finally {
      setProgress(null);
    }
  };

  return (
    <section className="card profile-section" aria-labelledby="picture-title">
      <h2 id="picture-title">{t('pictureTitle')}</h2>
      <div className="picture-row">
        {current ? (
          <img className="profile-picture" src={current} alt={t('pictureAlt')} width="96" height="96" />
        ) : (
          <div className="profile-picture is-empty">{t('noPicture')}</div>
        )}
        <form className="form" noValidate onSubmit={onSubmit}>
          <FileField
            label={t('chooseFile')}
            inputRef={input}
            name="file"
            accept={ACCEPTED.join(',')}
            hint={t('pictureHint')}
            invalid={Boolean(failure)}
            chosenName={file?.name ?? null}
            onChange={onChoose}
          />
          {progress !== null && (
            <UploadProgress
              fraction={progress}
              label={t('uploadProgress')}
              text={t('uploading', { percent: Math.round(progress * 100) })}
            />
          )}
          <FormAlert error={failure && tx(failure)} success={success} />
          <Button variant="contained" type="submit" disabled={progress !== null}>
            {t('upload')}
          </Button>
        </form>
      </div>
    </section>
  );
}
