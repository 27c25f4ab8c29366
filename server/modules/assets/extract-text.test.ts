/**
 * Text extraction for search: real PDFs and Word documents read in a child process, Bijoy PDFs recognised,
 * and every hostile or slow file ending as FAILED within the limits instead of hanging or throwing.
 */
import { describe, expect, it } from 'vitest';
import { BIJOY_ORDER, docx, pdfBomb, textPdf } from '../../../tests/helpers/server-documents';
import { DEFAULT_EXTRACTION_LIMITS, pdfFontNames, TextExtractor } from './extract-text';

const extractor = new TextExtractor();

describe('TextExtractor', () => {
  it('reads the text of a PDF, page by page', async () => {
    const pdf = textPdf(['Order of the High Court Division', 'Second page: hearing on 12 March']);
    const result = await extractor.extract('pdf', pdf);
    expect(result.status).toBe('EXTRACTED');
    expect(result.text).toContain('Order of the High Court Division');
    expect(result.text).toContain('Second page: hearing on 12 March');
  });

  it('reads the text of a Word document, Bangla included', async () => {
    const result = await extractor.extract('docx', docx(['Deed of sale, Savar', 'জমির দলিল']));
    expect(result).toMatchObject({ status: 'EXTRACTED' });
    expect(result.text).toContain('Deed of sale, Savar');
    expect(result.text).toContain('জমির দলিল');
  });

  it('takes a text file as it is (without a byte-order mark) and an image as NO_TEXT', async () => {
    expect(await extractor.extract('txt', Buffer.from('\ufeffবাদী: করিম\nHearing', 'utf8'))).toEqual({
      status: 'EXTRACTED',
      text: 'বাদী: করিম\nHearing',
    });
    expect(await extractor.extract('png', Buffer.from('ignored'))).toEqual({ status: 'NO_TEXT', text: null });
    expect(await extractor.extract('txt', Buffer.from(' \n\t '))).toEqual({ status: 'NO_TEXT', text: null });
  });

  it('marks a PDF typed in SutonnyMJ as UNSEARCHABLE_ENCODING and stores none of its glyph soup', async () => {
    const bijoy = textPdf([BIJOY_ORDER], 'ABCDEF+SutonnyMJ');
    expect(pdfFontNames(bijoy)).toEqual(['ABCDEF+SutonnyMJ']);
    expect(await extractor.extract('pdf', bijoy)).toEqual({ status: 'UNSEARCHABLE_ENCODING', text: null });
    // The same glyphs in an ordinary font name are still recognised by the text itself.
    expect((await extractor.extract('pdf', textPdf([BIJOY_ORDER], 'Arial'))).status).toBe('UNSEARCHABLE_ENCODING');
    // A short line says little by itself; the font name decides.
    const short = 'Avwg evsjvq Mvb MvB';
    expect((await extractor.extract('pdf', textPdf([short], 'SutonnyMJ'))).status).toBe('UNSEARCHABLE_ENCODING');
    expect((await extractor.extract('pdf', textPdf([short], 'Arial'))).status).toBe('EXTRACTED');
  });

  it('says NO_TEXT for a PDF without a text layer', async () => {
    expect(await extractor.extract('pdf', textPdf(['']))).toEqual({ status: 'NO_TEXT', text: null });
  });

  it('ends as FAILED for a PDF or DOCX that cannot be parsed, never throwing', async () => {
    const garbage = Buffer.from('%PDF-1.7\n' + 'x'.repeat(500) + '\nstartxref\n0\n%%EOF\n');
    const pdf = await extractor.extract('pdf', garbage);
    expect(pdf).toMatchObject({ status: 'FAILED', text: null });
    expect(pdf.failure).toBeTruthy();
    expect(await extractor.extract('docx', Buffer.from('PK\u0003\u0004 not really a zip'))).toMatchObject({
      status: 'FAILED',
      text: null,
    });
  });

  it('stops at the time limit: the worker is ended mid-document and the text is FAILED', async () => {
    // 5,000 pages take about 4 s to read on this machine (300 took only 250 ms, which a fast run
    // finished inside the limit); the 300 ms limit ends the worker long before.
    const long = textPdf(Array.from({ length: 5000 }, (_, i) => `Page ${i + 1} of the judgment`));
    const hasty = new TextExtractor({ ...DEFAULT_EXTRACTION_LIMITS, maxPages: 5000, timeoutMs: 300 });
    const result = await hasty.extract('pdf', long);
    expect(result).toMatchObject({ status: 'FAILED', text: null, failure: 'timed out after 300 ms' });
  });

  it('reads at most maxPages pages and stores at most maxChars characters', async () => {
    const pages = ['First page text', 'Second page text', 'Third page text'];
    const capped = new TextExtractor({ ...DEFAULT_EXTRACTION_LIMITS, maxPages: 2, maxChars: 20 });
    const result = await capped.extract('pdf', textPdf(pages));
    expect(result.status).toBe('EXTRACTED');
    expect(result.text).toBe('First page text\n\nSec');
    const many = new TextExtractor({ ...DEFAULT_EXTRACTION_LIMITS, maxPages: 2 });
    const two = await many.extract('pdf', textPdf(pages));
    expect(two.text).toContain('Second page text');
    expect(two.text).not.toContain('Third');
  });

  it('runs no more workers at once than its concurrency, and all of them finish', async () => {
    const single = new TextExtractor({ ...DEFAULT_EXTRACTION_LIMITS, concurrency: 1 });
    const results = await Promise.all(
      ['one', 'two', 'three'].map((word) => single.extract('pdf', textPdf([`Page ${word}`]))),
    );
    expect(results.map((r) => r.text?.trim())).toEqual(['Page one', 'Page two', 'Page three']);
  });

  it('reads a decompression bomb outside this process: FAILED each time, and this process does not grow', async () => {
    // About 3 MB that inflate to 1.1 GB. In a worker thread, the inflated buffers came from this
    // process's allocator and stayed resident after the worker ended (RSS +350 MB or more per bomb).
    const bomb = pdfBomb(1100);
    const reader = new TextExtractor({ ...DEFAULT_EXTRACTION_LIMITS, memoryMb: 256, timeoutMs: 60_000 });
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    try {
      for (let i = 0; i < 3; i += 1) {
        const result = await reader.extract('pdf', bomb);
        expect(result).toMatchObject({ status: 'FAILED', text: null, failure: 'used more than 256 MB of memory' });
      }
    } finally {
      clearInterval(sampler);
    }
    expect(peak - before).toBeLessThan(128 * 1024 * 1024);
  });
});
