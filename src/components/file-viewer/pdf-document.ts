/**
 * pdf.js (pdfjs-dist) behind a small interface, imported dynamically by the PDF viewer only when a PDF
 * is opened: neither pdf.js (≈ 120 KB gzip) nor its worker is part of any route's first load.
 *
 * The worker is a file of our own build (`?url`: Vite copies it into assets/ with a content hash), so
 * it loads from our origin under `worker-src 'self'`; no CDN, and it works offline once cached (the
 * service worker keeps it cache-first after the first PDF, sw/app-shell.ts). pdf.js 5 evaluates no
 * strings as code, so `script-src` needs nothing new. No wasm URL is given: JPEG 2000 images and
 * ICC colour profiles then fall back to what pdf.js can do in JavaScript, and no `wasm-unsafe-eval`
 * is needed either.
 */
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy, type RenderTask } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * Fetches the worker file so the service worker keeps it (cache-first, sw/app-shell.ts): called when
 * a PDF is saved for offline, so that it opens with no network later.
 */
export async function warmPdfViewer(): Promise<void> {
  const response = await fetch(workerUrl);
  await response.arrayBuffer();
}

export interface PdfDocument {
  pageCount: number;
  /**
   * Draws page `page` (1-based) into `canvas`, scaled so that it is `cssWidth` CSS pixels wide, at the
   * screen's pixel density. Resolves when drawn; rejects if cancelled by a newer call.
   */
  renderPage: (page: number, canvas: HTMLCanvasElement, cssWidth: number) => Promise<void>;
  destroy: () => void;
}

/** Opens a PDF from its bytes (the viewer already holds them; nothing is fetched again). */
export async function openPdf(data: ArrayBuffer): Promise<PdfDocument> {
  const task = getDocument({ data: new Uint8Array(data), enableXfa: false });
  const pdf: PDFDocumentProxy = await task.promise;
  let current: RenderTask | null = null;

  return {
    pageCount: pdf.numPages,
    async renderPage(page, canvas, cssWidth) {
      current?.cancel();
      const proxy = await pdf.getPage(page);
      const unscaled = proxy.getViewport({ scale: 1 });
      const scale = cssWidth / unscaled.width;
      const density = Math.min(window.devicePixelRatio || 1, 3);
      const viewport = proxy.getViewport({ scale: scale * density });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      canvas.style.aspectRatio = `${unscaled.width} / ${unscaled.height}`;
      const task = proxy.render({ canvas, viewport });
      current = task;
      try {
        await task.promise;
      } finally {
        if (current === task) current = null;
      }
    },
    destroy() {
      current?.cancel();
      void task.destroy();
    },
  };
}
