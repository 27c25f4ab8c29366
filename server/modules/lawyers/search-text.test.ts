/** Search tokens: the same words on every database, Bangla included. */
import { describe, expect, it } from 'vitest';
import { searchDocument, searchTokens, tsQuery } from './search-text';

describe('searchTokens', () => {
  it('splits on anything but letters, marks and digits, lower-cases, and keeps each word once', () => {
    expect(searchTokens('Md. Rafiqul ISLAM', "Islam & Associates (O'Brien)")).toEqual([
      'md',
      'rafiqul',
      'islam',
      'associates',
      'o',
      'brien',
    ]);
  });

  it('keeps Bangla words whole: vowel signs, hasanta, visarga, joiners, Bangla digits', () => {
    expect(searchTokens('মোঃ রফিকুল ইসলাম, ঢাকা-১২০৫।')).toEqual(['মোঃ', 'রফিকুল', 'ইসলাম', 'ঢাকা', '১২০৫']);
    expect(searchTokens('র\u200d্যাব')).toEqual(['র্যাব']);
  });

  it('normalises to NFC, so differently typed Bangla meets the stored text', () => {
    const decomposed = 'ন্যায়বিচার'.normalize('NFD');
    expect(searchTokens(decomposed)).toEqual(searchTokens('ন্যায়বিচার'.normalize('NFC')));
  });

  it('joins the stored document with single spaces and builds prefix queries', () => {
    expect(searchDocument('  A  b ', null, undefined, '')).toBe('a b');
    expect(tsQuery(searchTokens('Rahman ইসলাম'), '&', true)).toBe("'rahman':* & 'ইসলাম':*");
    expect(tsQuery(['a', 'b'], '|', false)).toBe("'a' | 'b'");
    // tsquery syntax typed by a user never reaches the query: it is not part of any token.
    expect(searchTokens(" '&|!():* ")).toEqual([]);
  });
});
