import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderScreen, signInForTest } from '../../app/testing';
import { FileViewer } from './file-viewer';

/**
 * pdf.js itself (the third-party library) is replaced here: jsdom has no canvas to draw on. What is
 * tested is the viewer around it; tests/e2e/cases.test.ts draws a real PDF in Chromium.
 */
const pdfjs = vi.hoisted(() => ({
  open: (): Promise<unknown> => new Promise(() => undefined),
  rendered: [] as number[],
}));

vi.mock('pdfjs-dist', () => ({
  GlobalWorkerOptions: { workerSrc: '' },
  getDocument: () => ({ promise: pdfjs.open(), destroy: () => Promise.resolve() }),
}));

function aPdf(pages: number) {
  return {
    numPages: pages,
    getPage: async (n: number) => ({
      getViewport: ({ scale }: { scale: number }) => ({ width: 595 * scale, height: 842 * scale }),
      render: () => {
        pdfjs.rendered.push(n);
        return { promise: Promise.resolve(), cancel: () => undefined };
      },
    }),
  };
}

beforeAll(() => {
  // jsdom has no blob: URLs.
  let next = 0;
  URL.createObjectURL ??= () => `blob:http://localhost/${(next += 1)}`;
  URL.revokeObjectURL ??= () => undefined;
});

afterEach(() => {
  vi.unstubAllGlobals();
  pdfjs.rendered = [];
  pdfjs.open = () => new Promise(() => undefined);
});

const PATH = '/case-assets/documents/d1/view';

function serveFile(bytes: string) {
  signInForTest('ADMIN');
  return fakeServer(
    () =>
      new Response(bytes, {
        status: 200,
        headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="sanad.pdf"' },
      }),
  );
}

describe('FileViewer with a PDF', () => {
  it('shows a loading state, then the first page with the page count in Bangla digits, and turns pages', async () => {
    serveFile('%PDF-1.7 three pages');
    let resolve: (pdf: unknown) => void = () => undefined;
    const opening = new Promise((done) => (resolve = done));
    pdfjs.open = () => opening;
    renderScreen('/file', <FileViewer path={PATH} title="বার সনদ" fallbackName="certificate" />, { lang: 'bn' });

    expect(await screen.findByText('পিডিএফ খোলা হচ্ছে…')).toBeTruthy();
    resolve(aPdf(3));
    const page = await screen.findByRole('img', { name: 'বার সনদ, পৃষ্ঠা ১ / ৩' });
    expect(page.tagName).toBe('CANVAS');
    expect(screen.getByText('পৃষ্ঠা ১ / ৩')).toBeTruthy();
    await waitFor(() => expect(pdfjs.rendered).toEqual([1]));

    const pages = screen.getByRole('navigation', { name: 'পৃষ্ঠাসমূহ' });
    fireEvent.click(within(pages).getByRole('button', { name: 'পৃষ্ঠা ২ / ৩' }));
    expect(await screen.findByRole('img', { name: 'বার সনদ, পৃষ্ঠা ২ / ৩' })).toBeTruthy();
    await waitFor(() => expect(pdfjs.rendered).toEqual([1, 2]));
    expect(screen.queryByText('পিডিএফ খোলা হচ্ছে…')).toBeNull();
  });

  it('offers the download when pdf.js cannot read the file', async () => {
    serveFile('%PDF-1.7 broken');
    pdfjs.open = () => Promise.reject(new Error('Invalid PDF structure.'));
    renderScreen('/file', <FileViewer path={PATH} title="Bar certificate" fallbackName="certificate" />);

    expect(await screen.findByText('This PDF cannot be shown here.')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Download the PDF to open it on your phone' });
    expect(link.getAttribute('href')).toMatch(/^blob:/);
    expect(link.getAttribute('download')).toBe('sanad.pdf');
    expect(screen.queryByRole('img')).toBeNull();
  });
});
