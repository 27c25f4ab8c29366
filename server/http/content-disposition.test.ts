/** Download names (RFC 6266 / RFC 8187) and the cleaning of client file names. */
import { describe, expect, it } from 'vitest';
import { cleanFileName, contentDisposition } from './content-disposition';

describe('contentDisposition', () => {
  it('keeps an ASCII name and adds the exact UTF-8 name', () => {
    expect(contentDisposition('attachment', 'bar-certificate.pdf')).toBe(
      `attachment; filename="bar-certificate.pdf"; filename*=UTF-8''bar-certificate.pdf`,
    );
  });

  it('cannot be broken out of by quotes, backslashes or line breaks, and keeps Bangla exact', () => {
    const header = contentDisposition('inline', 'a"b\\c\r\nSet-Cookie: x=1; সনদ.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.startsWith('inline; filename="a_b_c__Set-Cookie: x=1; ___.pdf"; filename*=UTF-8\'\'')).toBe(true);
    const encoded = header.split("UTF-8''")[1] ?? '';
    expect(decodeURIComponent(encoded)).toBe('a"b\\c\r\nSet-Cookie: x=1; সনদ.pdf');
    expect(encoded).toMatch(/^[A-Za-z0-9!#$&+.^_`|~%-]+$/);
  });
});

describe('cleanFileName', () => {
  it('drops directories and control characters, with a fallback for nothing left', () => {
    expect(cleanFileName('C:\\Users\\me\\সনদ.pdf', 'x.pdf')).toBe('সনদ.pdf');
    expect(cleanFileName('../../etc/passwd', 'x.pdf')).toBe('passwd');
    expect(cleanFileName('a\u0000b\u202e.pdf', 'x.pdf')).toBe('ab.pdf');
    expect(cleanFileName('..', 'x.pdf')).toBe('x.pdf');
    expect(cleanFileName(undefined, 'x.pdf')).toBe('x.pdf');
  });
});
