/**
 * Documents are typed by content: the five accepted types pass with a cleaned name; anything else,
 * or a name that claims another type, is refused with its own message.
 */
import { describe, expect, it } from 'vitest';
import { DOCUMENT_MAX_BYTES, DocumentMessages } from '../../../contract/documents';
import { isAppError } from '../../http/app-error';
import { docx, elf, jar, jpeg, png, textPdf, windowsExe, xlsx, zip } from '../../../tests/helpers/server-documents';
import { checkDocument, isDocxPackage, isPlainText, zipEntries } from './file-check';

async function refusal(content: Buffer, name: string | undefined): Promise<string> {
  try {
    await checkDocument(content, name);
  } catch (error) {
    if (isAppError(error) && error.statusCode === 400) return error.message;
    throw error;
  }
  throw new Error(`accepted ${name ?? '(no name)'}`);
}

describe('checkDocument', () => {
  it('accepts PDF, DOCX, TXT, PNG and JPEG by content, keeping a cleaned name', async () => {
    const word = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    const cases: [Buffer, string | undefined, string, string][] = [
      [textPdf(['Order of the court']), 'order.pdf', 'application/pdf', 'order.pdf'],
      [docx(['Deed of sale']), 'দলিল.DOCX', word, 'দলিল.DOCX'],
      [Buffer.from('Hearing on 12 March\r\nবাদী: করিম\n', 'utf8'), 'notes.txt', 'text/plain', 'notes.txt'],
      [await png(), 'scan.png', 'image/png', 'scan.png'],
      [await jpeg(), 'photo.jpeg', 'image/jpeg', 'photo.jpeg'],
      [await jpeg(), 'photo.JPG', 'image/jpeg', 'photo.JPG'],
      // No extension, or an ending that names no type: the real extension is added.
      [textPdf(['x']), 'Scan 12.03.2024', 'application/pdf', 'Scan 12.03.2024.pdf'],
      [textPdf(['x']), 'minutes.final', 'application/pdf', 'minutes.final.pdf'],
      [textPdf(['x']), undefined, 'application/pdf', 'document.pdf'],
      // Path tricks and control characters are cleaned away; only the last name is kept.
      [textPdf(['x']), '../../etc/passwd', 'application/pdf', 'passwd.pdf'],
      [textPdf(['x']), '/etc/shadow.pdf', 'application/pdf', 'shadow.pdf'],
      [textPdf(['x']), 'C:\\Windows\\System32\\evil.pdf', 'application/pdf', 'evil.pdf'],
      [textPdf(['x']), 'rep\u0000ort\u202e.pdf', 'application/pdf', 'report.pdf'],
      [textPdf(['x']), '..', 'application/pdf', 'document.pdf'],
    ];
    for (const [content, name, contentType, fileName] of cases) {
      expect(await checkDocument(content, name), String(name)).toMatchObject({ contentType, fileName });
    }
  });

  it('refuses an empty file and one over 10 MB', async () => {
    expect(await refusal(Buffer.alloc(0), 'a.pdf')).toBe(DocumentMessages.fileEmpty);
    const big = Buffer.concat([textPdf(['x']), Buffer.alloc(DOCUMENT_MAX_BYTES)]);
    expect(await refusal(big, 'a.pdf')).toBe(DocumentMessages.fileTooLarge);
  });

  it('refuses every other type, whatever its name says', async () => {
    const pdf = textPdf(['x']);
    const hostile: [string, Buffer, string][] = [
      ['random bytes', Buffer.from([0x13, 0x37, 0x00, 0xff, 0xfe, 0x01, 0x02]), 'a.pdf'],
      ['an ELF executable', elf(), 'order.pdf'],
      ['a Windows executable', windowsExe(), 'order.pdf'],
      ['a bare zip', zip([['hello.txt', 'hi']]), 'deed.docx'],
      ['a workbook', xlsx(), 'deed.docx'],
      ['a jar', jar(), 'deed.docx'],
      ['a PDF header without a body', Buffer.from('%PDF-1.7\n1 0 obj\n'), 'a.pdf'],
      ['a truncated PDF', pdf.subarray(0, pdf.length - 40), 'a.pdf'],
      ['a PNG header only', (await png()).subarray(0, 40), 'a.png'],
      ['a JPEG with its end cut off', (await jpeg(200, 200)).subarray(0, 200), 'a.jpg'],
      ['a GIF', Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64'), 'a.gif'],
      ['text with NUL bytes', Buffer.from('abc\u0000def'), 'a.txt'],
      ['text with a bell and escape', Buffer.from('abc\u0007\u001b[2Jdef'), 'a.txt'],
      ['invalid UTF-8', Buffer.from([0x61, 0xc3, 0x28, 0x62]), 'a.txt'],
      ['UTF-16 text', Buffer.from('\ufeffhello', 'utf16le'), 'a.txt'],
    ];
    for (const [what, content, name] of hostile) {
      expect(await refusal(content, name), what).toBe(DocumentMessages.unsupportedType);
    }
  });

  it('refuses a name whose extension claims another type than the content', async () => {
    const mismatched: [Buffer, string][] = [
      [textPdf(['x']), 'order.docx'],
      [textPdf(['x']), 'order.txt'],
      [textPdf(['x']), 'order.exe'],
      [textPdf(['x']), 'order.html'],
      [docx(['x']), 'deed.pdf'],
      [docx(['x']), 'deed.zip'],
      [Buffer.from('plain words'), 'notes.pdf'],
      [Buffer.from('<html><script>alert(1)</script></html>'), 'page.html'],
      [await png(), 'scan.jpg'],
      [await jpeg(), 'photo.png'],
    ];
    for (const [content, name] of mismatched) {
      expect(await refusal(content, name), name).toBe(DocumentMessages.nameMismatch);
    }
  });
});

describe('the structural checks', () => {
  it('reads a zip directory and refuses a broken one', () => {
    const good = docx(['x']);
    expect(zipEntries(good)?.map((e) => e.name)).toEqual(['[Content_Types].xml', '_rels/.rels', 'word/document.xml']);
    expect(isDocxPackage(good)).toBe(true);
    expect(zipEntries(good.subarray(0, good.length - 30))).toBeNull();
    const badOffset = Buffer.from(good);
    badOffset.writeUInt32LE(badOffset.length, badOffset.length - 6);
    expect(zipEntries(badOffset)).toBeNull();
    expect(
      isDocxPackage(
        zip([
          ['[Content_Types].xml', '<Types/>'],
          ['word/styles.xml', '<x/>'],
        ]),
      ),
    ).toBe(false);
  });

  it('refuses a package that declares more than it could hold (a zip bomb)', () => {
    const bomb = Buffer.from(docx(['x']));
    const entries = zipEntries(bomb) ?? [];
    // Rewrite the declared size of word/document.xml in the central directory to 4 GB.
    const directoryStart = bomb.readUInt32LE(bomb.length - 6);
    let at = directoryStart;
    for (const entry of entries) {
      if (entry.name === 'word/document.xml') bomb.writeUInt32LE(0xfffffff0, at + 24);
      at += 46 + Buffer.byteLength(entry.name);
    }
    expect(isDocxPackage(bomb)).toBe(false);
  });

  it('takes UTF-8 text with tabs, form feeds and Bangla, not binary', () => {
    expect(isPlainText(Buffer.from('a\tb\r\nc\fd আমি ‡'))).toBe(true);
    expect(isPlainText(Buffer.from('a\u000bb'))).toBe(false);
    expect(isPlainText(Buffer.from('a\u0085b'))).toBe(false);
  });
});
