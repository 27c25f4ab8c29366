/**
 * `Content-Disposition` for downloads (RFC 6266): an ASCII `filename` for old clients and the exact
 * name as `filename*` (RFC 8187, UTF-8, percent-encoded), so a Bangla file name survives intact
 * and no name can break out of the header (quotes, CR/LF, path separators).
 */

const NOT_ATTR_CHAR = /[^A-Za-z0-9!#$&+.^_`|~-]/g;

export function contentDisposition(type: 'attachment' | 'inline', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = Buffer.from(fileName, 'utf8')
    .toString('latin1')
    .replace(NOT_ATTR_CHAR, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * A client's file name made safe to keep and show: no directories, no control characters, at most
 * 200 characters. The stored file itself always has a generated name.
 */
export function cleanFileName(name: string | undefined, fallback: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(-200);
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? fallback : cleaned;
}
