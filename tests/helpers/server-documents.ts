/**
 * Real, small files for the document suites, made here rather than kept as binaries: PDFs with a
 * text layer (in any font name, Bijoy's SutonnyMJ included), Word documents as genuine zip
 * packages, other zips (a workbook, a jar, a bare zip), PNG and JPEG through sharp, and the
 * headers of executables.
 */
import { constants as zlibConstants, crc32, deflateRawSync } from 'node:zlib';
import sharp from 'sharp';

/** Windows-1252 bytes of the characters beyond Latin-1 that Bijoy text uses. */
const CP1252: Record<string, number> = { '†': 0x86, '‡': 0x87, ˆ: 0x88, '‰': 0x89, Š: 0x8a, š: 0x9a, '’': 0x92 };

/** A PDF string literal of `text` in WinAnsiEncoding bytes (as a latin1 string). */
function pdfString(text: string): string {
  let out = '';
  for (const ch of text) {
    const byte = CP1252[ch] ?? ch.charCodeAt(0);
    if (byte > 0xff) throw new Error(`not in WinAnsiEncoding: ${ch}`);
    const c = String.fromCharCode(byte);
    out += c === '(' || c === ')' || c === '\\' ? `\\${c}` : c;
  }
  return out;
}

/** A valid PDF with one page per entry, each line of it drawn as text in the font `font`. */
export function textPdf(pages: readonly string[], font = 'Helvetica'): Buffer {
  const objects: string[] = ['<< /Type /Catalog /Pages 2 0 R >>'];
  const kids = pages.map((_, i) => `${3 + i * 2} 0 R`).join(' ');
  objects.push(`<< /Type /Pages /Kids [${kids}] /Count ${pages.length} >>`);
  const fontRef = 3 + pages.length * 2;
  pages.forEach((text, i) => {
    const lines = text.split('\n').map((line, n) => `BT /F1 12 Tf 40 ${760 - n * 16} Td (${pdfString(line)}) Tj ET`);
    const stream = lines.join('\n');
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${4 + i * 2} 0 R /Resources << /Font << /F1 ${fontRef} 0 R >> >> >>`,
    );
    objects.push(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
  });
  const subtype = font === 'Helvetica' ? 'Type1' : 'TrueType';
  objects.push(`<< /Type /Font /Subtype /${subtype} /BaseFont /${font} /Encoding /WinAnsiEncoding >>`);
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** One entry of rawZip(): its bytes as stored, how (0 stored, 8 deflated) and what it declares. */
export interface RawZipEntry {
  name: string;
  data: Buffer;
  method: number;
  /** The uncompressed size the entry declares (a bomb may lie). */
  size: number;
  crc: number;
}

/** A zip whose entries are given raw (method, declared size, CRC): the hostile-upload bombs. */
export function rawZip(entries: readonly RawZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // names are UTF-8
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += 30 + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A zip (stored, not deflated) of the given entries, readable by every zip tool. */
export function zip(entries: readonly (readonly [string, string | Buffer])[]): Buffer {
  return rawZip(
    entries.map(([name, data]) => {
      const content = Buffer.from(data);
      return { name, data: content, method: 0, size: content.length, crc: crc32(content) };
    }),
  );
}

const CONTENT_TYPES = (main: string, part: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${part}" ContentType="${main}"/></Types>`;
const RELS = (part: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="${part}"/></Relationships>`;
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A Word document with one paragraph per entry. */
export function docx(paragraphs: readonly string[]): Buffer {
  const body = paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(p)}</w:t></w:r></w:p>`).join('');
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`;
  return zip([
    [
      '[Content_Types].xml',
      CONTENT_TYPES(
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
        'word/document.xml',
      ),
    ],
    ['_rels/.rels', RELS('word/document.xml')],
    ['word/document.xml', document],
  ]);
}

/** An Excel workbook package (what a renamed .xlsx looks like). */
export function xlsx(): Buffer {
  return zip([
    [
      '[Content_Types].xml',
      CONTENT_TYPES('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml', 'xl/workbook.xml'),
    ],
    ['_rels/.rels', RELS('xl/workbook.xml')],
    [
      'xl/workbook.xml',
      '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheets/></workbook>',
    ],
  ]);
}

/** A Java archive. */
export function jar(): Buffer {
  return zip([
    ['META-INF/MANIFEST.MF', 'Manifest-Version: 1.0\r\nMain-Class: Evil\r\n'],
    ['Evil.class', Buffer.from([0xca, 0xfe, 0xba, 0xbe, 0, 0, 0, 52])],
  ]);
}

/** The first bytes of a Linux executable. */
export function elf(): Buffer {
  return Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120, 0x90)]);
}

/** The first bytes of a Windows executable. */
export function windowsExe(): Buffer {
  const head = Buffer.alloc(256);
  head.write('MZ', 0, 'latin1');
  head.writeUInt32LE(0x80, 0x3c);
  head.write('PE\0\0', 0x80, 'latin1');
  return head;
}

export async function png(width = 24, height = 16): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 6, g: 147, b: 227 } } })
    .png()
    .toBuffer();
}

export async function jpeg(width = 24, height = 16): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 39, g: 55, b: 77 } } })
    .jpeg()
    .toBuffer();
}

/**
 * A court order typed in SutonnyMJ (Bijoy), as its text layer reads: Latin glyph codes, not Bangla.
 * "গণপ্রজাতন্ত্রী বাংলাদেশ সরকার / বাংলাদেশ সুপ্রীম কোর্টের হাইকোর্ট বিভাগ / মোকদ্দমা নং …"
 */
export const BIJOY_ORDER = [
  'MYcÖRvZš¿x evsjv‡`k miKvi',
  'evsjv‡`k mycÖxg †Kv‡U©i nvB‡KvU© wefvM',
  '‡gvKÏgv bs 123/2024',
  'ev`x: Avãyj Kwig, weev`x: iwng DwÏb',
  'Av‡`k: Dfq c‡ÿi ïbvwb MÖnY Kiv nBj| cieZx© ïbvwbi Zvwi‡L Dfq cÿ‡K Dcw¯’Z _vwK‡Z n‡e|',
].join('\n');

/** A PDF of one page whose content stream inflates to `megabytes` MB of spaces. */
export function pdfBomb(megabytes: number): Buffer {
  const segment = deflateRawSync(Buffer.alloc(1024 * 1024, ' '), { finishFlush: zlibConstants.Z_FULL_FLUSH });
  const stream = Buffer.concat([
    Buffer.from([0x78, 0x9c]),
    ...Array.from({ length: megabytes }, () => segment),
    Buffer.from([0x03, 0x00]),
  ]);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
  ];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  const offsets: number[] = [];
  let length = chunks[0]?.length ?? 0;
  const push = (chunk: Buffer) => {
    chunks.push(chunk);
    length += chunk.length;
  };
  objects.forEach((object, i) => {
    offsets.push(length);
    push(Buffer.from(`${i + 1} 0 obj\n${object}\nendobj\n`, 'latin1'));
  });
  offsets.push(length);
  push(Buffer.from(`4 0 obj\n<< /Length ${stream.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'));
  push(stream);
  push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
  const xref = length;
  const entries = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  push(
    Buffer.from(
      `xref\n0 5\n0000000000 65535 f \n${entries}trailer\n<< /Size 5 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(chunks);
}
