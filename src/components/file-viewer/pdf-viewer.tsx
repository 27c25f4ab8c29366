/**
 * A PDF drawn page by page on a canvas with pdf.js, because Chromium on Android shows nothing for a
 * PDF in an iframe. pdf.js is imported only when this mounts (pdf-document.ts). The page is drawn as
 * wide as its box (a phone's width), one page at a time, with the page buttons under it (where a
 * reader finishes the page) in the reader's digits. If pdf.js cannot read the file, the reader is
 * offered the download instead.
 */
import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { protectedFileBlob } from '../../lib/api/file-api';
import { formatNumber } from '../../lib/format';
import { useLang, useT } from '../../lib/i18n';
import { Pagination } from '../pagination/pagination';
import { fileViewerMessages } from './file-viewer-messages';
import type { PdfDocument } from './pdf-document';

interface PdfViewerProps {
  /** The file's blob: URL (ProtectedFile.url); its bytes come from protectedFileBlob. */
  url: string;
  /** What the document is ("Bar certificate"), for the page's text alternative. */
  title: string;
  /** The name a download is saved under. */
  fileName: string;
}

/** Width to draw at when the box has none yet (jsdom, or a box not laid out). */
const FALLBACK_WIDTH = 600;

type State = { phase: 'loading' } | { phase: 'failed' } | { phase: 'ready'; pdf: PdfDocument };

export function PdfViewer({ url, title, fileName }: PdfViewerProps) {
  const t = useT(fileViewerMessages);
  const { lang } = useLang();
  const [state, setState] = useState<State>({ phase: 'loading' });
  const [page, setPage] = useState(0);
  const [width, setWidth] = useState(0);
  const [drawn, setDrawn] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);

  // Open the document: pdf.js arrives with the first PDF, and is gone with the viewer (which the
  // file viewer mounts anew, by key, for another file).
  useEffect(() => {
    let alive = true;
    let opened: PdfDocument | null = null;
    (async () => {
      const blob = protectedFileBlob(url);
      if (!blob) throw new Error('The PDF bytes are gone');
      const [{ openPdf }, data] = await Promise.all([import('./pdf-document'), blob.arrayBuffer()]);
      opened = await openPdf(data);
      if (alive) setState({ phase: 'ready', pdf: opened });
      else opened.destroy();
    })().catch(() => {
      if (alive) setState({ phase: 'failed' });
    });
    return () => {
      alive = false;
      opened?.destroy();
    };
  }, [url]);

  // Follow the box's width (a phone turned sideways draws the page again, sharp).
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setWidth(Math.round(element.clientWidth));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (state.phase !== 'ready' || !canvas.current) return;
    let alive = true;
    setDrawn(false);
    state.pdf.renderPage(page + 1, canvas.current, width || FALLBACK_WIDTH).then(
      () => alive && setDrawn(true),
      (error: unknown) => {
        // A newer page or width cancelled this drawing: the newer one reports.
        if (alive && !(error instanceof Error && error.name === 'RenderingCancelledException'))
          setState({ phase: 'failed' });
      },
    );
    return () => {
      alive = false;
    };
  }, [state, page, width]);

  const digits = (n: number) => formatNumber(n, lang, 0);
  const total = state.phase === 'ready' ? state.pdf.pageCount : 0;

  return (
    <div className="pdf-viewer" ref={box}>
      {state.phase === 'failed' && (
        <Alert severity="warning" className="pdf-viewer-failed">
          <p>{t('pdfFailed')}</p>
          <Button variant="outlined" href={url} download={fileName}>
            {t('pdfDownload')}
          </Button>
        </Alert>
      )}
      {state.phase === 'loading' && (
        <div role="status" className="pdf-viewer-loading">
          <span className="list-state-label">{t('pdfLoading')}</span>
          <Skeleton variant="rectangular" className="pdf-viewer-skeleton" animation="wave" aria-hidden="true" />
        </div>
      )}
      {state.phase === 'ready' && (
        <>
          <canvas
            ref={canvas}
            className="pdf-viewer-page"
            role="img"
            aria-label={t('pdfPage', { name: title, page: digits(page + 1), total: digits(total) })}
            aria-busy={!drawn}
          />
          {total > 1 ? (
            <Pagination page={page} totalPages={total} onPage={setPage} />
          ) : (
            <p className="pdf-viewer-count">{t('pageOf', { page: digits(1), total: digits(1) })}</p>
          )}
        </>
      )}
    </div>
  );
}
