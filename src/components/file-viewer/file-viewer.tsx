/**
 * Shows a protected file inside the app: images in <img>, PDFs in an <iframe> (CSP allows
 * `frame-src blob:`), and always a Download button, because many phone browsers cannot show a PDF
 * inline and show an empty frame instead.
 */
import { useProtectedFileQuery } from '../../lib/api/file-api';
import { formatBytes } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { ErrorState, LoadingState } from '../async/list-states';
import { uiMessages } from '../ui-messages';
import Button from '@mui/material/Button';
import './file-viewer.css';

interface FileViewerProps {
  /** The API path (under /v1) that answers with the file's bytes. */
  path: string;
  /** What the file is, for the frame's title and the image's alt text ("Bar certificate"). */
  title: string;
  /** The name to save it under when the server does not say. */
  fallbackName: string;
}

export function FileViewer({ path, title, fallbackName }: FileViewerProps) {
  const t = useT(uiMessages);
  const { lang } = useLang();
  const { data: file, error, isFetching, refetch } = useProtectedFileQuery(path);

  if (isFetching && !file) return <LoadingState label={t('fileLoading')} />;
  if (error || !file) return <ErrorState error={error} title={t('fileFailed')} onRetry={() => void refetch()} />;

  const name = file.fileName ?? fallbackName;
  return (
    <div className="file-viewer">
      {file.kind === 'image' && <img className="file-viewer-image" src={file.url} alt={title} />}
      {file.kind === 'pdf' && (
        <iframe className="file-viewer-frame" src={file.url} title={t('fileTitle', { name: title })} />
      )}
      <div className="file-viewer-actions">
        <Button variant="outlined" href={file.url} download={name}>
          {t('download')}
        </Button>
        <span className="muted">
          {name} · {formatBytes(file.size, lang)}
        </span>
      </div>
      {file.kind === 'pdf' && <p className="field-hint">{t('downloadHint')}</p>}
    </div>
  );
}
