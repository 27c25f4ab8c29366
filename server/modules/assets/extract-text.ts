/**
 * The text of an uploaded document, for the AI document search: PDF through unpdf (pdf.js), DOCX
 * through mammoth, TXT as it is, images none. Bangla typed in a Bijoy font is recognised (bijoy.ts)
 * and stored as UNSEARCHABLE_ENCODING instead of as glyph soup.
 *
 * A hostile PDF or DOCX must neither hang the upload nor grow the server. So PDF and DOCX are read in
 * a child process of their own, one per document, which is killed at the time limit and whose memory
 * is capped: its V8 heap by --max-old-space-size, and everything else (the ArrayBuffers a 3 MB PDF
 * inflates to a gigabyte, WebAssembly memory, native allocations) by watching its resident memory
 * from here, on Linux through /proc, and killing it past `memoryMb`. A worker thread could not give
 * that promise: its buffers come from the server's own allocator, which keeps the pages after the
 * worker ends (the server's RSS climbed from 0.6 to 3.4 GB over eight bombs). A child's memory goes
 * back to the system when it exits, whatever it did. The child gets an empty environment (no
 * secrets), no stdio, and the document over its IPC channel. An infinite loop or a bomb ends as
 * FAILED, never as a 5xx or a stuck request. Pages and stored characters are capped.
 *
 * The child's source is a string: the server ships as one bundle (scripts/build-server.mjs), so a
 * file beside it would not exist. It loads unpdf and mammoth from node_modules relative to this
 * module, exactly as an import from here would.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { TextStatus } from '../../../contract/documents';
import { looksLikeBijoy } from './bijoy';
import type { DocumentKind } from './file-check';

export interface ExtractionLimits {
  /** Wall time for one PDF or DOCX, after which its process is killed and the text is FAILED. */
  timeoutMs: number;
  /** PDF pages read; the rest of a longer PDF is not searchable. */
  maxPages: number;
  /** Characters stored (the text is cut there). */
  maxChars: number;
  /** Reading processes at the same time; further uploads wait their turn. */
  concurrency: number;
  /** Heap of one reading process, and the most resident memory it may use in all. */
  memoryMb: number;
}

export const DEFAULT_EXTRACTION_LIMITS: ExtractionLimits = {
  timeoutMs: 20_000,
  maxPages: 500,
  maxChars: 1_000_000,
  concurrency: 2,
  memoryMb: 512,
};

export interface ExtractedText {
  status: TextStatus;
  /** The searchable text; null unless EXTRACTED. */
  text: string | null;
  /** Why reading failed (for the log only). */
  failure?: string;
}

/** The Bijoy check reads this much of the text: enough to judge, cheap for a 1 MB text. */
const BIJOY_SAMPLE_CHARS = 100_000;
/** How often a reading process's resident memory is looked at. */
const MEMORY_CHECK_MS = 20;
/** Font names are read from this many pages (pdf.js must interpret a page to name its fonts). */
const FONT_PAGES = 2;
/** /proc/<pid>/statm counts pages; 4 KiB on every Linux this runs on (x86-64, arm64 with 4K pages). */
const PAGE_BYTES = 4096;

const CHILD_SOURCE = String.raw`
const { createRequire } = require('node:module');
let load;
for (const key of ['log', 'info', 'warn', 'error', 'debug']) console[key] = () => {};
// pdf.js names fonts through a path that uses this Node 21 method.
if (!ArrayBuffer.prototype.transferToFixedLength) {
  Object.defineProperty(ArrayBuffer.prototype, 'transferToFixedLength', {
    configurable: true,
    writable: true,
    value(length = this.byteLength) {
      const copy = new Uint8Array(length);
      copy.set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
      return copy.buffer;
    },
  });
}

async function pdfText({ bytes, maxPages, maxChars, fontPages }) {
  const { getDocumentProxy } = load('unpdf');
  const pdf = await getDocumentProxy(bytes, {
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  const parts = [];
  const fonts = new Set();
  let length = 0;
  const pages = Math.min(pdf.numPages, maxPages);
  for (let number = 1; number <= pages && length < maxChars; number += 1) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    let text = '';
    for (const item of content.items) {
      if (typeof item.str === 'string') text += item.str + (item.hasEOL ? '\n' : '');
    }
    if (number <= fontPages && text.trim() !== '') {
      try {
        await page.getOperatorList();
        for (const id of Object.keys(content.styles)) {
          const font = page.commonObjs.has(id) ? page.commonObjs.get(id) : null;
          if (font && typeof font.name === 'string') fonts.add(font.name);
        }
      } catch {
        // The names are a hint only; the text decides without them.
      }
    }
    parts.push(text);
    length += text.length;
    page.cleanup();
  }
  // No destroy(): the process ends with its document.
  return { text: parts.join('\n\n'), fonts: [...fonts] };
}

async function docxText({ bytes }) {
  const mammoth = load('mammoth');
  const result = await mammoth.extractRawText({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
  return { text: result.value, fonts: [] };
}

process.once('message', (job) => {
  load = createRequire(job.anchor);
  (job.kind === 'pdf' ? pdfText(job) : docxText(job)).then(
    (result) => process.send({ ok: true, text: result.text, fonts: result.fonts }),
    (error) => process.send({ ok: false, error: String((error && error.message) || error) }),
  );
});
`;

const ReaderReplySchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), text: z.string(), fonts: z.array(z.string()) }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
type ReaderReply = z.infer<typeof ReaderReplySchema>;

export class TextExtractor {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limits: ExtractionLimits = DEFAULT_EXTRACTION_LIMITS) {}

  /** The text of a checked document; never throws (a failure is status FAILED). */
  async extract(kind: DocumentKind, content: Buffer): Promise<ExtractedText> {
    switch (kind) {
      case 'png':
      case 'jpeg':
        return { status: 'NO_TEXT', text: null };
      case 'txt':
        return this.judge(content.toString('utf8').replace(/^\uFEFF/, ''), []);
      case 'pdf':
      case 'docx': {
        const reply = await this.inTurn(() => this.inChild(kind, content));
        if (!reply.ok) return { status: 'FAILED', text: null, failure: reply.error };
        return this.judge(reply.text, [...reply.fonts, ...(kind === 'pdf' ? pdfFontNames(content) : [])]);
      }
    }
  }

  private judge(raw: string, fontNames: readonly string[]): ExtractedText {
    // PostgreSQL text cannot hold NUL; pdf.js sometimes yields it for unmapped glyphs.
    const text = raw.replaceAll('\u0000', '');
    if (text.trim() === '') return { status: 'NO_TEXT', text: null };
    if (looksLikeBijoy(text.slice(0, BIJOY_SAMPLE_CHARS), fontNames)) {
      return { status: 'UNSEARCHABLE_ENCODING', text: null };
    }
    return { status: 'EXTRACTED', text: capChars(text, this.limits.maxChars) };
  }

  private async inTurn<T>(work: () => Promise<T>): Promise<T> {
    while (this.running >= this.limits.concurrency) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.running += 1;
    try {
      return await work();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }

  private inChild(kind: 'pdf' | 'docx', content: Buffer): Promise<ReaderReply> {
    const { timeoutMs, maxPages, maxChars, memoryMb } = this.limits;
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [`--max-old-space-size=${memoryMb}`, '-e', CHILD_SOURCE], {
        // Nothing of the server's environment (secrets) and no stdio: the document goes over IPC.
        env: {},
        stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
        serialization: 'advanced',
      });
      let settled = false;
      const finish = (reply: ReaderReply) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        clearInterval(watch);
        child.kill('SIGKILL');
        resolve(reply);
      };
      const timer = setTimeout(() => finish({ ok: false, error: `timed out after ${timeoutMs} ms` }), timeoutMs);
      const watch = setInterval(() => {
        const resident = residentBytes(child.pid);
        if (resident !== null && resident > memoryMb * 1024 * 1024) {
          finish({ ok: false, error: `used more than ${memoryMb} MB of memory` });
        }
      }, MEMORY_CHECK_MS);
      child.once('message', (message: unknown) => {
        const parsed = ReaderReplySchema.safeParse(message);
        finish(parsed.success ? parsed.data : { ok: false, error: 'unexpected reply from the text reader' });
      });
      child.once('error', (error) => finish({ ok: false, error: error.message }));
      child.once('exit', (code, signal) =>
        finish({ ok: false, error: `text reader exited with ${signal ?? `code ${code ?? 'unknown'}`}` }),
      );
      child.send(
        { anchor: import.meta.url, kind, bytes: new Uint8Array(content), maxPages, maxChars, fontPages: FONT_PAGES },
        (error) => {
          if (error) finish({ ok: false, error: `could not hand the document over: ${error.message}` });
        },
      );
    });
  }
}

/** Resident memory of a process in bytes (Linux /proc), or null where it cannot be read. */
function residentBytes(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const pages = Number(readFileSync(`/proc/${pid}/statm`, 'latin1').split(' ')[1]);
    return Number.isFinite(pages) ? pages * PAGE_BYTES : null;
  } catch {
    return null;
  }
}

/**
 * Font names written plainly in the PDF (`/BaseFont /ABCDEF+SutonnyMJ`), a second source beside
 * pdf.js's: it also sees fonts of pages past FONT_PAGES. Names inside compressed object streams are
 * not visible here, which is why pdf.js is asked too.
 */
export function pdfFontNames(content: Buffer): string[] {
  const names = new Set<string>();
  const pattern = /\/(?:BaseFont|FontName|FontFamily)\s*\/([^\s/<>[\]()%{}]{1,127})/g;
  for (const match of content.toString('latin1').matchAll(pattern)) {
    const name = match[1]?.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    if (name) names.add(name);
    if (names.size >= 200) break;
  }
  return [...names];
}

/** At most `max` characters, never ending in half a surrogate pair. */
function capChars(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}
