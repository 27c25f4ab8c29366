import { describe, expect, it } from 'vitest';
import { certificateProblem } from './certificate-check';

const MB = 1024 * 1024;
const file = (name: string, type: string, size: number) => ({ name, type, size });

describe('certificateProblem', () => {
  it.each([
    ['certificate.pdf', 'application/pdf'],
    ['photo.jpg', 'image/jpeg'],
    ['scan.png', 'image/png'],
    ['SCAN.PDF', ''],
  ])('accepts %s (%s)', (name, type) => {
    expect(certificateProblem(file(name, type, 2 * MB))).toBeNull();
  });

  it.each([
    ['letter.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['picture.webp', 'image/webp'],
    ['picture.gif', 'image/gif'],
    ['notes.txt', ''],
  ])('refuses %s', (name, type) => {
    expect(certificateProblem(file(name, type, MB))).toEqual({ kind: 'type' });
  });

  it('accepts exactly 5 MB and refuses a byte more', () => {
    expect(certificateProblem(file('a.pdf', 'application/pdf', 5 * MB))).toBeNull();
    expect(certificateProblem(file('a.pdf', 'application/pdf', 5 * MB + 1))).toEqual({
      kind: 'size',
      size: 5 * MB + 1,
    });
  });

  it('refuses an empty file', () => {
    expect(certificateProblem(file('a.png', 'image/png', 0))).toEqual({ kind: 'empty' });
  });
});
