/**
 * Shows a protected file inside the app: images in <img>, PDFs drawn by pdf.js (PdfViewer, loaded
 * when a PDF is opened: Chromium on Android draws nothing for a PDF in an iframe), and always a
 * Download button.
 */
import { useProtectedFileQuery } from '../../lib/api/file-api';
import { formatBytes } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { ErrorState, LoadingState } from '../async/list-states';
import { fileViewerMessages } from './file-viewer-messages';
import { PdfViewer } from './pdf-viewer';
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
  const t = useT(fileViewerMessages);
  const { lang } = useLang();
  const { data: file, error, isFetching, refetch } = useProtectedFileQuery(path);

  if (isFetching && !file) return <LoadingState label={t('fileLoading')} />;
  if (error || !file) return <ErrorState error={error} title={t('fileFailed')} onRetry={() => void refetch()} />;

  const name = file.fileName ?? fallbackName;
  return (
    <div className="file-viewer">
      {file.kind === 'image' && <img className="file-viewer-image" src={file.url} alt={title} />}
      {file.kind === 'pdf' && <PdfViewer key={file.url} url={file.url} title={title} fileName={name} />}
      <div className="file-viewer-actions">
        <Button variant="outlined" href={file.url} download={name}>
          {t('download')}
        </Button>
        <span className="muted">
          {name} · {formatBytes(file.size, lang)}
        </span>
      </div>
    </div>
  );
}
