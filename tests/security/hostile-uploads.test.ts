/**
 * Hostile uploads (issue 11, "Uploads"; ASVS 5.0 V5 files): every upload route — the route table's
 * `multipart: true` entries and the AI API's multipart routes, found the way the contract fuzzing
 * finds them, so a new upload route fails this suite until it is enrolled — gets the same corpus of
 * hostile files: polyglots, SVG with script, HTML under a document's name, double extensions,
 * traversal and spoofing names, a zip bomb inside a DOCX, EICAR, an empty file, a file one byte past
 * the route's limit, a pixel bomb, declared types that lie, too many parts and a second file.
 *
 * Pass, for every file on every route: refused (4xx, the route's error shape with a message) or
 * neutralised — accepted only as the type its bytes are, under a generated storage name, and every
 * way of reading it back is an attachment (an inline view only where the contract offers one) with
 * `nosniff` and `Content-Security-Policy: sandbox`, a content type found in the bytes and a cleaned
 * name ending in that type's extension. Files that no route may take (HTML, SVG, GIF, executables,
 * bombs, empty, too large) must be refused everywhere. Nothing is written outside DATA_DIR/files,
 * and the DOCX bomb leaves the process's memory where it was.
 *
 * EICAR: there is no virus scanner, so the test string is judged like any file by its bytes — as
 * .txt it is plain text and may be stored (served as text/plain, attachment, sandboxed, nosniff;
 * the case document viewer's contract-declared `inline=true` keeps sandbox and nosniff); as .pdf the
 * name contradicts the bytes and it is refused. A bomb (DOCX zip bomb, PDF whose stream inflates to
 * gigabytes, PNG claiming 10^10 pixels) must leave the process's resident memory bounded.
 *
 * Per-module upload suites (assets/documents, users, lawyers, ai/session-documents) test each
 * route's own rules; this one is the cross-cutting corpus. It prints files tried, refused and
 * neutralised per route.
 */
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { constants as zlibConstants, crc32, deflateRawSync, deflateSync } from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AiSessionDocumentSchema } from '../../contract/ai';
import { PROFILE_PICTURE_MAX_BYTES } from '../../contract/constants';
import { CaseDocumentSchema, DOCUMENT_MAX_BYTES } from '../../contract/documents';
import { LAWYER_LIMITS } from '../../contract/lawyers';
import { startTestApp, type TestApp } from '../helpers/server-app';
import { caseParties, openTestCase } from '../helpers/server-cases';
import { docx, elf, jpeg, pdfBomb, png, rawZip, textPdf, windowsExe, zip } from '../helpers/server-documents';
import { call, multipart, type CallResult, type MultipartPart } from '../helpers/server-http';
import { lawyerSession, type Session } from '../helpers/server-lawyers';
import { aiTargets, tableTargets } from './fuzz-targets';

/** What a file may end as: refused on every route, or refused or neutralised. */
type Expectation = 'refused' | 'refused-or-neutralised';

interface HostileFile {
  label: string;
  expect: Expectation;
  /** The multipart parts for a route (its text fields come first); default: one `file` part. */
  parts(route: UploadRoute): MultipartPart[];
  /** Checked around this file: the process's memory may not grow by more than this many bytes. */
  maxMemoryGrowth?: number;
}

/** A stored file read back as a user reads it. */
interface Download {
  what: string;
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: Buffer;
  /** An inline view the contract offers (documents' `inline=true`); everything else must be an attachment. */
  inline: boolean;
}

interface UploadRoute {
  key: string;
  /** The status of an accepted upload. */
  status: number;
  limit: number;
  kind: 'v1' | 'ai';
  /** The text fields the route needs besides the file. */
  fields(): MultipartPart[];
  url(): Promise<string>;
  token(): string;
  /** Reads back what an accepted upload stored (and tidies up what would limit later uploads). */
  readBack(result: CallResult): Promise<{ name: string | null; downloads: Download[] }>;
}

const PDF_TYPE = 'application/pdf';
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
/** Content types a stored upload may be served as, with the extensions its name may end in. */
const SERVED_TYPES: Record<string, readonly string[]> = {
  [PDF_TYPE]: ['pdf'],
  [DOCX_TYPE]: ['docx'],
  'text/plain; charset=utf-8': ['txt', 'text'],
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg', 'jpe', 'jfif'],
  'image/webp': ['webp'],
};
const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
/** Strings of active content that must never come back from a re-encoded picture. */
const ACTIVE_MARKERS = ['<script', '<html', '<svg', '<?php'];

let t: TestApp;
let parent: string;
let dataDir: string;
let client: Session;
let lawyer: Session;
let caseId: string;
let tmpBefore: Set<string>;
/** The app's own files (secrets, mail) before the first upload. */
let filesBefore: Set<string>;
let passwdMtime: number;
const corpus: HostileFile[] = [];
const tally = new Map<string, { tried: number; refused: number; neutralised: number }>();
const problems: string[] = [];
/** Each file's answer on each route (`label` → statuses in route order), for the summary. */
const outcomes = new Map<string, number[]>();
/** Memory figures of the bombs, for the summary. */
const memoryFigures: string[] = [];

// ── The corpus ──────────────────────────────────────────────────────────────────────────────────

function file(name: string, content: Buffer | string, contentType = 'application/octet-stream') {
  return (route: UploadRoute): MultipartPart[] => [
    ...route.fields(),
    { name: 'file', filename: name, contentType, content },
  ];
}

function add(label: string, expect: Expectation, parts: HostileFile['parts'], extra: Partial<HostileFile> = {}): void {
  corpus.push({ label, expect, parts, ...extra });
}

/** A GIF that is also valid JavaScript (the classic GIFAR-style polyglot). */
function gifJs(): Buffer {
  const header = Buffer.from('GIF89a/*', 'latin1');
  const screen = Buffer.from([0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00]);
  return Buffer.concat([header, screen, Buffer.from('*/=1;alert(document.domain);//', 'latin1'), Buffer.from([0x3b])]);
}

/** A PNG header that claims 100 000 × 100 000 pixels (a decompression bomb for the decoder). */
function pixelBomb(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(100_000, 0);
  ihdr.writeUInt32BE(100_000, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  const idat = deflateSync(Buffer.alloc(64 * 1024));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The text of a stored entry of a zip made by zip() (tests/helpers/server-documents.ts). */
function zipText(archive: Buffer, name: string): string {
  for (let at = 0; at + 30 <= archive.length && archive.readUInt32LE(at) === 0x04034b50;) {
    const size = archive.readUInt32LE(at + 18);
    const nameLength = archive.readUInt16LE(at + 26);
    const start = at + 30 + nameLength + archive.readUInt16LE(at + 28);
    if (archive.toString('utf8', at + 30, at + 30 + nameLength) === name) {
      return archive.toString('utf8', start, start + size);
    }
    at = start + size;
  }
  throw new Error(`no ${name} in the archive`);
}

/**
 * A DOCX whose word/document.xml inflates to `megabytes` MB of one letter. `lying`: the zip declares
 * 1 kB for it (so only inflating tells); otherwise it declares the true size.
 */
function docxBomb(word: Buffer, megabytes: number, lying: boolean): Buffer {
  // Full-flush segments are independent deflate blocks: repeating one repeats its megabyte.
  const segment = deflateRawSync(Buffer.alloc(1024 * 1024, 'a'), { finishFlush: zlibConstants.Z_FULL_FLUSH });
  const bomb = Buffer.concat([...Array.from({ length: megabytes }, () => segment), Buffer.from([0x03, 0x00])]);
  const stored = (name: string, text: string) => {
    const data = Buffer.from(text, 'utf8');
    return { name, data, method: 0, size: data.length, crc: crc32(data) };
  };
  return rawZip([
    // The package parts of a real Word document (what file-type and mammoth look for).
    stored('[Content_Types].xml', zipText(word, '[Content_Types].xml')),
    stored('_rels/.rels', zipText(word, '_rels/.rels')),
    {
      name: 'word/document.xml',
      data: bomb,
      method: 8,
      size: lying ? 1000 : Math.min(megabytes * 1024 * 1024, 0xfffffff0),
      crc: 0,
    },
  ]);
}

/** A real PDF padded (inside a comment) to exactly `size` bytes. */
function pdfOfSize(pdf: Buffer, size: number): Buffer {
  const head = pdf.subarray(0, 9);
  const padding = Buffer.alloc(size - pdf.length - 2, 0x20);
  return Buffer.concat([head, Buffer.from('%'), padding, Buffer.from('\n'), pdf.subarray(9)]);
}

async function buildCorpus(): Promise<void> {
  const pdf = textPdf(['Hostile upload suite: a plain, valid PDF.']);
  const pngFile = await png();
  const jpegFile = await jpeg();
  const word = docx(['A plain Word document.']);
  const html =
    '<!doctype html><html><body><script>fetch("/v1/user/user-info").then(r=>r.text()).then(alert)</script></body></html>';
  const svg =
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><script>alert(1)</script></svg>';

  // Polyglots.
  add('GIF/JS polyglot as .gif', 'refused', file('avatar.gif', gifJs(), 'image/gif'));
  add('GIF/JS polyglot as .js', 'refused', file('payload.js', gifJs(), 'text/javascript'));
  add(
    'PDF+ZIP polyglot',
    'refused-or-neutralised',
    file('contract.pdf', Buffer.concat([pdf, zip([['evil.html', html]])]), PDF_TYPE),
  );
  add('ZIP+PDF polyglot', 'refused', file('contract.pdf', Buffer.concat([zip([['evil.html', html]]), pdf]), PDF_TYPE));
  add(
    'JPEG with trailing HTML',
    'refused-or-neutralised',
    file('photo.jpg', Buffer.concat([jpegFile, Buffer.from(html)]), 'image/jpeg'),
  );
  add(
    'PNG with trailing HTML',
    'refused-or-neutralised',
    file('photo.png', Buffer.concat([pngFile, Buffer.from(html)]), 'image/png'),
  );
  add(
    'PDF with JavaScript action',
    'refused-or-neutralised',
    file(
      'open-me.pdf',
      Buffer.concat([
        Buffer.from(
          '%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n',
        ),
        pdf.subarray(9),
      ]),
      PDF_TYPE,
    ),
  );
  // Script in SVG and HTML, under any name.
  add('SVG with script as .svg', 'refused', file('logo.svg', svg, 'image/svg+xml'));
  add('SVG with script renamed .png', 'refused', file('logo.png', svg, 'image/png'));
  add('HTML renamed .pdf', 'refused', file('judgment.pdf', html, PDF_TYPE));
  add('HTML as .html', 'refused', file('page.html', html, 'text/html'));
  add('HTML renamed .txt', 'refused-or-neutralised', file('notes.txt', html, 'text/plain'));
  add('SVG renamed .txt', 'refused-or-neutralised', file('notes.txt', svg, 'text/plain'));
  // Double extensions and executables.
  add('PDF named x.pdf.exe', 'refused-or-neutralised', file('x.pdf.exe', pdf, 'application/x-msdownload'));
  add('JPEG named x.php.jpg', 'refused-or-neutralised', file('x.php.jpg', jpegFile, 'image/jpeg'));
  add('PHP source named x.php.jpg', 'refused', file('x.php.jpg', '<?php system($_GET["c"]); ?>', 'image/jpeg'));
  add('Windows executable named .pdf', 'refused', file('invoice.pdf', windowsExe(), PDF_TYPE));
  add('ELF executable named .txt', 'refused', file('readme.txt', elf(), 'text/plain'));
  add('macro document named .docm', 'refused', file('minutes.docm', word, 'application/vnd.ms-word'));
  // Names that try to leave the folder, hide their type or break headers.
  add('traversal ../../etc/passwd', 'refused-or-neutralised', file('../../etc/passwd', pdf, PDF_TYPE));
  add('traversal ..\\..\\win.ini', 'refused-or-neutralised', file('..\\..\\win.ini', pdf, PDF_TYPE));
  add('absolute /etc/passwd', 'refused-or-neutralised', file('/etc/passwd', pdf, PDF_TYPE));
  add('NUL inside the name', 'refused-or-neutralised', file('order.pdf\u0000.html', pdf, PDF_TYPE));
  add('very long name', 'refused-or-neutralised', file(`${'ক'.repeat(3000)}${'a'.repeat(5000)}.pdf`, pdf, PDF_TYPE));
  add('RTL override name', 'refused-or-neutralised', file('invoice\u202Efdp.exe', pdf, PDF_TYPE));
  add(
    'CRLF in the name',
    'refused-or-neutralised',
    file('report.pdf\r\nContent-Type: text/html\r\n\r\n<script>alert(1)</script>', pdf, PDF_TYPE),
  );
  // Bombs.
  add(
    'zip bomb inside a DOCX (declared sizes lie)',
    'refused',
    file('bomb.docx', docxBomb(word, 2048, true), DOCX_TYPE),
    {
      maxMemoryGrowth: 256 * 1024 * 1024,
    },
  );
  add(
    'zip bomb inside a DOCX (declared honestly)',
    'refused',
    file('bomb.docx', docxBomb(word, 300, false), DOCX_TYPE),
    {
      maxMemoryGrowth: 256 * 1024 * 1024,
    },
  );
  // A valid PDF may be stored; reading its text must stay bounded (the text is then FAILED).
  add(
    'PDF whose content stream inflates to 2 GB',
    'refused-or-neutralised',
    file('bomb.pdf', pdfBomb(2048), PDF_TYPE),
    {
      // Read in a child process of its own (extract-text.ts): this process holds the upload only.
      maxMemoryGrowth: 128 * 1024 * 1024,
    },
  );
  add('pixel bomb PNG', 'refused', file('huge.png', pixelBomb(), 'image/png'), { maxMemoryGrowth: 256 * 1024 * 1024 });
  // EICAR: no virus scanner here; as text it may be stored, but only ever served as an attachment.
  add('EICAR as .txt', 'refused-or-neutralised', file('eicar.txt', EICAR, 'text/plain'));
  add('EICAR as .pdf', 'refused', file('eicar.pdf', EICAR, PDF_TYPE));
  // Sizes.
  add('empty file', 'refused', file('empty.pdf', Buffer.alloc(0), PDF_TYPE));
  add('one byte past the limit', 'refused', (route) =>
    file('big.pdf', pdfOfSize(pdf, route.limit + 1), PDF_TYPE)(route),
  );
  // Declared types that lie.
  add('PNG declared text/html', 'refused-or-neutralised', file('photo.png', pngFile, 'text/html'));
  add('HTML declared image/png', 'refused', file('photo.png', html, 'image/png'));
  add('DOCX declared image/jpeg', 'refused-or-neutralised', file('letter.docx', word, 'image/jpeg'));
  // The form itself.
  add('too many parts', 'refused', (route) => [
    ...route.fields(),
    ...Array.from({ length: 200 }, (_, i) => ({ name: `field${i}`, content: 'x' })),
    { name: 'file', filename: 'ok.pdf', contentType: PDF_TYPE, content: pdf },
  ]);
  add('two file fields (PDF, then HTML)', 'refused-or-neutralised', (route) => [
    ...route.fields(),
    { name: 'file', filename: 'a.pdf', contentType: PDF_TYPE, content: pdf },
    { name: 'file', filename: 'b.html', contentType: 'text/html', content: html },
  ]);
  add('two file fields (HTML, then PDF)', 'refused', (route) => [
    ...route.fields(),
    { name: 'file', filename: 'b.pdf', contentType: PDF_TYPE, content: html },
    { name: 'file', filename: 'a.pdf', contentType: PDF_TYPE, content: pdf },
  ]);
  add('file under another field name', 'refused', (route) => [
    ...route.fields(),
    { name: 'upload', filename: 'ok.pdf', contentType: PDF_TYPE, content: pdf },
  ]);
}

// ── The routes ──────────────────────────────────────────────────────────────────────────────────

function header(download: Download, name: string): string {
  const value = download.headers[name];
  return Array.isArray(value) ? value.join(', ') : String(value ?? '');
}

async function get(what: string, url: string, token: string | null, inline = false): Promise<Download> {
  const res = await call(t.app, 'GET', url, token ? { token } : {});
  return { what, status: res.status, headers: res.headers, body: res.raw, inline };
}

let aiSession = '';

async function newAiSession(): Promise<string> {
  const res = await call(t.app, 'POST', '/ai/v1/sessions', { token: client.token, body: { title: 'Hostile files' } });
  expect(res.status).toBe(200);
  return String((res.json as { session_id?: unknown } | null)?.session_id ?? '');
}

function uploadRoutes(): UploadRoute[] {
  return [
    {
      key: 'POST /v1/case-assets/documents',
      status: 201,
      limit: DOCUMENT_MAX_BYTES,
      kind: 'v1',
      fields: () => [
        { name: 'caseId', content: caseId },
        { name: 'title', content: 'Hostile file' },
        { name: 'privacy', content: 'PRIVATE' },
      ],
      url: async () => '/v1/case-assets/documents',
      token: () => client.token,
      async readBack(result) {
        const doc = CaseDocumentSchema.parse(result.json?.data);
        const view = `/v1/case-assets/documents/${doc.documentId}/view`;
        return {
          name: doc.fileName,
          downloads: [
            await get('document (attachment)', view, client.token),
            await get('document (inline=true)', `${view}?inline=true`, client.token, true),
          ],
        };
      },
    },
    {
      key: 'POST /v1/user/profile-picture',
      status: 200,
      limit: PROFILE_PICTURE_MAX_BYTES,
      kind: 'v1',
      fields: () => [],
      url: async () => '/v1/user/profile-picture',
      token: () => client.token,
      async readBack(result) {
        const data = result.json?.data as { fullPictureUrl: string; thumbnailPictureUrl: string };
        return {
          name: null,
          downloads: [
            // The contract's one inline type: a picture re-encoded to WebP by the server.
            { ...(await get('picture', data.fullPictureUrl, null)), inline: true },
            { ...(await get('thumbnail', data.thumbnailPictureUrl, null)), inline: true },
          ],
        };
      },
    },
    {
      key: 'POST /v1/lawyer/upload-credentials',
      status: 200,
      limit: LAWYER_LIMITS.certificateMaxBytes,
      kind: 'v1',
      fields: () => [],
      url: async () => '/v1/lawyer/upload-credentials',
      token: () => lawyer.token,
      async readBack(result) {
        const data = result.json?.data as { fileName: string };
        return {
          name: data.fileName,
          downloads: [await get('certificate', '/v1/lawyer/view-credentials', lawyer.token)],
        };
      },
    },
    {
      key: 'POST /ai/v1/sessions/:id/documents',
      status: 200,
      limit: DOCUMENT_MAX_BYTES,
      kind: 'ai',
      fields: () => [],
      url: async () => {
        aiSession ||= await newAiSession();
        return `/ai/v1/sessions/${aiSession}/documents`;
      },
      token: () => client.token,
      async readBack(result) {
        const doc = AiSessionDocumentSchema.parse(result.json);
        // Only the text is kept (no bytes to serve); remove it so the session never fills up.
        const removed = await call(t.app, 'DELETE', `/ai/v1/sessions/${aiSession}/documents/${doc.document_id}`, {
          token: client.token,
        });
        expect(removed.status).toBe(200);
        return { name: doc.filename, downloads: [] };
      },
    },
  ];
}

// ── Judging ─────────────────────────────────────────────────────────────────────────────────────

/** The name a download offers (RFC 8187 `filename*` when present). */
function offeredName(disposition: string): string | null {
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) return decodeURIComponent(extended);
  return /filename="([^"]*)"/i.exec(disposition)?.[1] ?? null;
}

/** A name as the server should keep it: no directories, controls or bidi tricks, bounded length. */
function nameProblems(name: string): string[] {
  const found: string[] = [];
  if (/[\\/]/.test(name)) found.push('contains a path separator');
  if (/[\p{Cc}\p{Cf}]/u.test(name)) found.push('contains a control or format character');
  if (name === '..' || name.startsWith('../')) found.push('is a parent reference');
  if ([...name].length > 210) found.push(`is ${[...name].length} characters long`);
  return found;
}

/** The type the served bytes really are, by content (text has no magic bytes). */
async function sniffed(body: Buffer): Promise<string> {
  const detected = await fileTypeFromBuffer(body);
  if (!detected || detected.mime === 'application/xml') return 'text/plain; charset=utf-8';
  return detected.mime;
}

async function judgeDownload(label: string, download: Download): Promise<string[]> {
  const found: string[] = [];
  const where = `${label} → ${download.what}`;
  if (download.status !== 200) return [`${where}: answered ${download.status}`];
  const type = header(download, 'content-type');
  const extensions = SERVED_TYPES[type];
  if (!extensions) found.push(`${where}: served as ${type}`);
  if (header(download, 'x-content-type-options') !== 'nosniff') found.push(`${where}: no nosniff`);
  if (!/\bsandbox\b/.test(header(download, 'content-security-policy'))) found.push(`${where}: no CSP sandbox`);
  const real = await sniffed(download.body);
  if (real !== type && !(type === DOCX_TYPE && real === 'application/zip')) {
    found.push(`${where}: served as ${type} but the bytes are ${real}`);
  }
  const disposition = header(download, 'content-disposition');
  if (type === 'image/webp') {
    // A re-encoded picture: nothing of the upload's hidden payload survives.
    const text = download.body.toString('latin1').toLowerCase();
    for (const marker of ACTIVE_MARKERS) if (text.includes(marker)) found.push(`${where}: still holds ${marker}`);
  } else if (!download.inline && !disposition.startsWith('attachment')) {
    found.push(`${where}: Content-Disposition is "${disposition}"`);
  } else if (download.inline && !/^(attachment|inline)\b/.test(disposition)) {
    found.push(`${where}: Content-Disposition is "${disposition}"`);
  }
  const name = disposition ? offeredName(disposition) : null;
  if (disposition && name === null) found.push(`${where}: no file name in "${disposition}"`);
  if (name !== null) {
    for (const problem of nameProblems(name)) found.push(`${where}: the offered name ${problem}`);
    const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
    if (extensions && !extensions.includes(extension)) found.push(`${where}: "${name}" does not end as ${type}`);
  }
  return found;
}

/** The route's error shape: the contract envelope (status, message) or the AI API's `{detail}`. */
function errorMessage(route: UploadRoute, result: CallResult): string | null {
  if (route.kind === 'ai') {
    const detail = (result.json as { detail?: unknown } | null)?.detail;
    return typeof detail === 'string' && detail.trim() !== '' ? detail : null;
  }
  const envelope = result.json;
  if (envelope?.status !== result.status || typeof envelope.error?.message !== 'string') return null;
  return envelope.error.message.trim() === '' ? null : envelope.error.message;
}

async function tryFile(route: UploadRoute, hostile: HostileFile): Promise<void> {
  const label = `${route.key} ← ${hostile.label}`;
  const counts = tally.get(route.key) ?? { tried: 0, refused: 0, neutralised: 0 };
  tally.set(route.key, counts);
  counts.tried += 1;

  const body = multipart(hostile.parts(route));
  const url = await route.url();
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  let result: CallResult;
  try {
    result = await call(t.app, 'POST', url, { token: route.token(), payload: body.payload, headers: body.headers });
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  outcomes.set(hostile.label, [...(outcomes.get(hostile.label) ?? []), result.status]);
  if (hostile.maxMemoryGrowth !== undefined) {
    const grown = `${label}: ${result.status}, memory grew by ${Math.round((peak - before) / 1e6)} MB`;
    memoryFigures.push(grown);
    if (peak - before > hostile.maxMemoryGrowth) problems.push(grown);
  }

  if (result.status >= 400 && result.status < 500) {
    counts.refused += 1;
    if (errorMessage(route, result) === null) {
      problems.push(
        `${label}: ${result.status} without the route's error shape: ${result.raw.toString().slice(0, 200)}`,
      );
    }
    return;
  }
  if (result.status !== route.status) {
    problems.push(`${label}: answered ${result.status}: ${result.raw.toString().slice(0, 200)}`);
    return;
  }
  if (hostile.expect === 'refused') problems.push(`${label}: accepted, but no route may take it`);
  counts.neutralised += 1;
  const { name, downloads } = await route.readBack(result);
  if (name !== null) for (const problem of nameProblems(name)) problems.push(`${label}: the kept name ${problem}`);
  for (const download of downloads) problems.push(...(await judgeDownload(label, download)));
}

// ── The files on disk ───────────────────────────────────────────────────────────────────────────

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(full)));
    else out.push(full);
  }
  return out;
}

/** Names a traversal attempt would leave behind. */
const TRAVERSAL_NAMES = /passwd|win\.ini|\.\.|\.html$|\.exe$|\.php/i;

beforeAll(async () => {
  parent = await mkdtemp(path.join(tmpdir(), 'legalconnect-hostile-'));
  dataDir = path.join(parent, 'data');
  await mkdir(dataDir);
  tmpBefore = new Set(await readdir(tmpdir()));
  passwdMtime = (await stat('/etc/passwd')).mtimeMs;
  t = await startTestApp({ dataDir });
  await t.app.services.ai.ready();
  const parties = await caseParties(t, { outsiders: false });
  client = parties.client;
  caseId = (await openTestCase(t, parties.lawyer, client)).caseId;
  lawyer = (await lawyerSession(t, { state: 'PENDING' })).session;
  await buildCorpus();
  filesBefore = new Set(await walk(parent));
}, 120_000);

afterAll(async () => {
  await t?.close();
  if (parent) await rm(parent, { recursive: true, force: true });
});

describe('hostile uploads', () => {
  it('knows every upload route of the contract and of the AI API', () => {
    const declared = [...tableTargets(), ...aiTargets(t.app).targets]
      .filter((target) => target.multipart)
      .map((target) => `${target.method} ${target.path}`)
      .sort();
    expect(declared).toEqual(
      uploadRoutes()
        .map((route) => route.key)
        .sort(),
    );
    expect(corpus.length).toBeGreaterThanOrEqual(30);
  });

  it('refuses or neutralises every hostile file on every upload route', async () => {
    for (const route of uploadRoutes()) {
      for (const hostile of corpus) await tryFile(route, hostile);
    }
    const lines = [...tally].map(
      ([key, c]) => `${key.padEnd(36)} tried ${c.tried}, refused ${c.refused}, neutralised ${c.neutralised}`,
    );
    const total = [...tally.values()].reduce(
      (sum, c) => ({
        tried: sum.tried + c.tried,
        refused: sum.refused + c.refused,
        neutralised: sum.neutralised + c.neutralised,
      }),
      { tried: 0, refused: 0, neutralised: 0 },
    );
    console.log(
      [
        `Hostile uploads: ${corpus.length} files × ${tally.size} routes`,
        ...lines,
        `${'all routes'.padEnd(36)} tried ${total.tried}, refused ${total.refused}, neutralised ${total.neutralised}`,
        `Statuses per file (${[...tally.keys()].join(' | ')}):`,
        ...[...outcomes].map(([label, statuses]) => `${label.padEnd(44)} ${statuses.join(' | ')}`),
        'Bombs (resident memory, peak over the start of the request):',
        ...memoryFigures,
      ].join('\n  '),
    );
    expect(problems).toEqual([]);
    expect(total.tried).toBe(corpus.length * tally.size);
  }, 600_000);

  it('wrote nothing outside DATA_DIR/files, and only under generated names', async () => {
    const written = await walk(parent);
    const files = path.join(dataDir, 'files');
    for (const file of written) {
      // The app's own files (written before the first upload) and its mail are not uploads.
      if (filesBefore.has(file) || path.relative(dataDir, file).startsWith(`mail${path.sep}`)) continue;
      expect(file.startsWith(`${files}${path.sep}`), file).toBe(true);
      expect(path.basename(file), file).toMatch(/^[a-f0-9-]{36}(-thumb)?(\.(webp|pdf|png|jpg))?$/);
    }
    expect(written.some((file) => TRAVERSAL_NAMES.test(path.basename(file)))).toBe(false);
    const newInTmp = (await readdir(tmpdir())).filter((name) => !tmpBefore.has(name));
    expect(newInTmp.filter((name) => TRAVERSAL_NAMES.test(name))).toEqual([]);
    expect((await stat('/etc/passwd')).mtimeMs).toBe(passwdMtime);
  });
});
