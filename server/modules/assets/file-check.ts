/**
 * Case documents judged by content (docs/api.md §4 Case assets, §8 Files): PDF, DOCX, TXT, PNG and
 * JPEG, found by their magic bytes and then checked for the structure that type must have. The
 * client's file name and declared type are never trusted: the name is only kept (cleaned) for the
 * download, and a name whose extension claims another type than the bytes is refused, so a file
 * named "order.pdf" is a PDF for whoever opens it. Every refusal has its own message.
 */
import { createInflateRaw } from 'node:zlib';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { DOCUMENT_MAX_BYTES, DocumentMessages } from '../../../contract/documents';
import { badRequest } from '../../http/app-error';
import { cleanFileName } from '../../http/content-disposition';

export type DocumentKind = 'pdf' | 'docx' | 'txt' | 'png' | 'jpeg';

const KINDS: Record<DocumentKind, { contentType: string; extensions: readonly string[] }> = {
  pdf: { contentType: 'application/pdf', extensions: ['pdf'] },
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
  },
  txt: { contentType: 'text/plain', extensions: ['txt', 'text'] },
  png: { contentType: 'image/png', extensions: ['png'] },
  jpeg: { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg', 'jpe', 'jfif'] },
};

/**
 * Extensions that name a type. On a file of another type they would mislead whoever opens it, so
 * they are refused; any other ending ("minutes.final") is kept and the real extension appended.
 */
const TYPE_EXTENSIONS = new Set([
  ...Object.values(KINDS).flatMap((kind) => kind.extensions),
  ...['doc', 'docm', 'dot', 'dotx', 'odt', 'rtf', 'xls', 'xlsx', 'xlsm', 'ods', 'csv', 'ppt', 'pptx', 'odp'],
  ...['htm', 'html', 'xhtml', 'xml', 'svg', 'js', 'mjs', 'json', 'md', 'eml', 'msg', 'epub', 'ps', 'eps', 'ai'],
  ...['gif', 'webp', 'bmp', 'tif', 'tiff', 'heic', 'heif', 'avif', 'ico', 'psd'],
  ...['zip', 'rar', '7z', 'gz', 'tgz', 'tar', 'bz2', 'xz', 'jar', 'apk', 'iso', 'img', 'dmg'],
  ...['exe', 'msi', 'dll', 'com', 'scr', 'bat', 'cmd', 'ps1', 'sh', 'bash', 'elf', 'bin', 'so', 'dylib', 'app'],
  ...['php', 'py', 'rb', 'pl', 'vbs', 'wsf', 'hta', 'lnk', 'url'],
  ...['mp3', 'mp4', 'm4a', 'avi', 'mov', 'wav', 'ogg', 'webm', 'mkv'],
]);

/** A PDF ends with startxref and %%EOF, give or take trailing whitespace or a little garbage. */
const PDF_TAIL_BYTES = 2048;
/** Decompression-bomb guard for images: 10 MB may still claim billions of pixels. */
const MAX_INPUT_PIXELS = 60_000_000;
/** Zip-bomb guards for DOCX, checked on the declared sizes (then held to them: inflatesAsDeclared). */
const DOCX_MAX_ENTRIES = 5000;
const DOCX_MAX_UNCOMPRESSED_BYTES = 256 * 1024 * 1024;
/** Controls that never occur in a text file (tab, line feed, form feed and carriage return do). */
const BINARY_CONTROLS = /(?![\t\n\f\r])\p{Cc}/u;

export interface CheckedDocument {
  kind: DocumentKind;
  contentType: string;
  /** The client's name, cleaned, ending in the real type's extension. */
  fileName: string;
}

export async function checkDocument(content: Buffer, clientName: string | undefined): Promise<CheckedDocument> {
  if (content.length === 0) throw badRequest(DocumentMessages.fileEmpty);
  if (content.length > DOCUMENT_MAX_BYTES) throw badRequest(DocumentMessages.fileTooLarge);
  const kind = await detectKind(content);
  if (!kind) throw badRequest(DocumentMessages.unsupportedType);
  const { contentType, extensions } = KINDS[kind];
  const [preferred = kind] = extensions;

  const name = cleanFileName(clientName, `document.${preferred}`);
  const extension = extensionOf(name);
  if (extension && TYPE_EXTENSIONS.has(extension) && !extensions.includes(extension)) {
    throw badRequest(DocumentMessages.nameMismatch);
  }
  return { kind, contentType, fileName: extension && extensions.includes(extension) ? name : `${name}.${preferred}` };
}

/** The lower-cased extension of a name, if it has one that could name a type ("2024" does not). */
function extensionOf(name: string): string | null {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return null;
  const extension = name.slice(dot + 1).toLowerCase();
  return /^[a-z0-9]{1,8}$/.test(extension) && /[a-z]/.test(extension) ? extension : null;
}

async function detectKind(content: Buffer): Promise<DocumentKind | null> {
  const detected = await fileTypeFromBuffer(content);
  // Plain text has no magic bytes; XML is text too (served as text/plain, never rendered).
  if (!detected || detected.mime === 'application/xml') return isPlainText(content) ? 'txt' : null;
  switch (detected.mime) {
    case 'application/pdf':
      return isPdf(content) ? 'pdf' : null;
    case KINDS.docx.contentType:
      return isDocxPackage(content) && (await inflatesAsDeclared(content)) ? 'docx' : null;
    case 'image/png':
      return (await decodes(content, 'png')) ? 'png' : null;
    case 'image/jpeg':
      return (await decodes(content, 'jpeg')) ? 'jpeg' : null;
    default:
      return null;
  }
}

/** Valid UTF-8 without NUL bytes or other binary control characters. */
export function isPlainText(content: Buffer): boolean {
  if (content.includes(0)) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    return false;
  }
  return !BINARY_CONTROLS.test(text);
}

function isPdf(content: Buffer): boolean {
  const tail = content.subarray(-PDF_TAIL_BYTES);
  return content.subarray(0, 5).toString('latin1') === '%PDF-' && tail.includes('startxref') && tail.includes('%%EOF');
}

/** Decodes the image (into a thumbnail, to bound memory): a forged header or a truncated image fails. */
async function decodes(content: Buffer, format: 'png' | 'jpeg'): Promise<boolean> {
  try {
    const image = sharp(content, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated' });
    const { format: found } = await image.metadata();
    if (found !== format) return false;
    await image.resize(32, 32, { fit: 'inside' }).toBuffer();
    return true;
  } catch {
    return false;
  }
}

/**
 * A Word document is a zip package with a `[Content_Types].xml` and a `word/document.xml`. A zip,
 * a workbook or a jar renamed .docx has no `word/document.xml`; a package that claims more than
 * DOCX_MAX_UNCOMPRESSED_BYTES, or is encrypted, is refused before anything inflates it.
 */
export function isDocxPackage(content: Buffer): boolean {
  const entries = zipEntries(content);
  if (!entries || entries.length > DOCX_MAX_ENTRIES) return false;
  let declared = 0;
  for (const entry of entries) {
    if (entry.encrypted) return false;
    declared += entry.uncompressedSize;
  }
  if (declared > DOCX_MAX_UNCOMPRESSED_BYTES) return false;
  const names = new Set(entries.map((entry) => entry.name));
  return names.has('[Content_Types].xml') && names.has('word/document.xml');
}

interface ZipEntry {
  name: string;
  uncompressedSize: number;
  encrypted: boolean;
  /** 0 stored, 8 deflated (the only two a Word document uses). */
  method: number;
  compressedSize: number;
  /** Where the entry's compressed bytes start (after its local header). */
  dataStart: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_SIZE = 22;
const MAX_COMMENT = 0xffff;

/** The entries of a zip's central directory, each with a matching local header; null if malformed. */
export function zipEntries(content: Buffer): ZipEntry[] | null {
  try {
    let eocd = -1;
    const lowest = Math.max(0, content.length - EOCD_SIZE - MAX_COMMENT);
    for (let i = content.length - EOCD_SIZE; i >= lowest; i -= 1) {
      if (content.readUInt32LE(i) === EOCD_SIGNATURE) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) return null;
    const count = content.readUInt16LE(eocd + 10);
    const size = content.readUInt32LE(eocd + 12);
    const start = content.readUInt32LE(eocd + 16);
    // ZIP64 markers: no Word document of at most 10 MB needs them.
    if (count === 0xffff || start === 0xffffffff || start + size > eocd) return null;
    const entries: ZipEntry[] = [];
    let at = start;
    for (let n = 0; n < count; n += 1) {
      if (at + 46 > start + size || content.readUInt32LE(at) !== CENTRAL_SIGNATURE) return null;
      const flags = content.readUInt16LE(at + 8);
      const method = content.readUInt16LE(at + 10);
      const compressedSize = content.readUInt32LE(at + 20);
      const uncompressedSize = content.readUInt32LE(at + 24);
      const nameLength = content.readUInt16LE(at + 28);
      const extraLength = content.readUInt16LE(at + 30);
      const commentLength = content.readUInt16LE(at + 32);
      const local = content.readUInt32LE(at + 42);
      if (local + 30 > start || content.readUInt32LE(local) !== LOCAL_SIGNATURE) return null;
      const dataStart = local + 30 + content.readUInt16LE(local + 26) + content.readUInt16LE(local + 28);
      if (dataStart + compressedSize > start) return null;
      entries.push({
        name: content.toString('utf8', at + 46, at + 46 + nameLength),
        uncompressedSize,
        encrypted: (flags & 1) === 1,
        method,
        compressedSize,
        dataStart,
      });
      at += 46 + nameLength + extraLength + commentLength;
    }
    return entries;
  } catch {
    // A length or offset pointing outside the buffer.
    return null;
  }
}

/**
 * The sizes a zip declares are only the sender's word: a DOCX whose word/document.xml claims 1 kB
 * may inflate to gigabytes, and the text reader (mammoth) would hold all of them. So every entry is
 * inflated here first — off the main thread, counting and discarding the output — and the package
 * is refused as soon as an entry passes what it declared, or ends short of it. The declared total
 * is already capped (isDocxPackage), so this reads at most DOCX_MAX_UNCOMPRESSED_BYTES.
 */
async function inflatesAsDeclared(content: Buffer): Promise<boolean> {
  for (const entry of zipEntries(content) ?? []) {
    const data = content.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
    if (entry.method === 0) {
      if (entry.compressedSize !== entry.uncompressedSize) return false;
    } else if (entry.method !== 8 || (await inflatedSize(data, entry.uncompressedSize)) !== entry.uncompressedSize) {
      return false;
    }
  }
  return true;
}

/** The inflated size of a raw deflate stream, stopping once it passes `limit`; -1 if it is broken. */
function inflatedSize(data: Buffer, limit: number): Promise<number> {
  return new Promise((resolve) => {
    const inflate = createInflateRaw();
    let total = 0;
    let settled = false;
    const finish = (size: number) => {
      if (settled) return;
      settled = true;
      inflate.destroy();
      resolve(size);
    };
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) finish(total);
    });
    inflate.on('end', () => finish(total));
    inflate.on('error', () => finish(-1));
    inflate.end(data);
  });
}

/** The content type to send with a stored document (text is always UTF-8 here). */
export function responseContentType(contentType: string): string {
  return contentType === KINDS.txt.contentType ? 'text/plain; charset=utf-8' : contentType;
}
