/** Terms of law text and questions: Unicode-aware words, both dandas, Bengali digits, light stems. */
import { describe, expect, it } from 'vitest';
import { normalizeText, stemBangla, stemEnglish, terms, words } from './analyzer';

describe('normalizeText and words', () => {
  it('treats both danda forms as sentence ends and Bengali digits as ASCII', () => {
    expect(normalizeText('ধারা ১৩৮।ভাড়া৷শেষ॥')).toBe('ধারা 138.ভাড়া.শেষ.');
    expect(words(normalizeText('ধারা ১৩৮।ভাড়া৷শেষ')).map((w) => w.word)).toEqual(['ধারা', '138', 'ভাড়া', 'শেষ']);
  });

  it('keeps vowel signs, hasanta and nukta inside a word, in NFC', () => {
    // য় written as য + nukta and as the precomposed letter are one word, one term.
    const decomposed = 'ভাড়াটিয়া'.normalize('NFD');
    expect(words(normalizeText(decomposed)).map((w) => w.word)).toEqual(['ভাড়াটিয়া'.normalize('NFC')]);
    expect(terms('\u09DF')).toEqual(terms('\u09AF\u09BC'));
    expect(words(normalizeText('সন্ত্রাস বিরোধী')).map((w) => w.word)).toEqual(['সন্ত্রাস', 'বিরোধী']);
  });

  it('drops zero-width joiners', () => {
    expect(terms('র‍্যাব')).toEqual(terms('র্যাব'));
  });
});

describe('stems', () => {
  it('folds English inflections onto one stem', () => {
    expect(new Set(['dismissal', 'dismissed', 'dismiss'].map(stemEnglish))).toEqual(new Set(['dismiss']));
    expect(stemEnglish('punishment')).toBe(stemEnglish('punished'));
    expect(stemEnglish('tenants')).toBe('tenant');
  });

  it('gives a short verb that lost its e the e back (making, make; fined, fine; but hopping, hop)', () => {
    expect(stemEnglish('making')).toBe(stemEnglish('make'));
    expect(stemEnglish('fined')).toBe(stemEnglish('fine'));
    expect(stemEnglish('driving')).toBe(stemEnglish('drive'));
    expect(stemEnglish('opened')).toBe(stemEnglish('open'));
    expect(stemEnglish('hopping')).toBe('hop');
    expect(stemEnglish('killed')).toBe('kill');
  });

  it('strips Bangla case and plural endings and folds long vowels', () => {
    expect(stemBangla('ভাড়াটিয়াকে')).toEqual(['ভাড়াটিয়া']);
    expect(stemBangla('ভাড়াটিয়ার')).toEqual(['ভাড়াটিয়া']);
    expect(stemBangla('শ্রমিকদের')).toEqual(['শ্রমিক']);
    expect(stemBangla('বাড়ী')).toEqual(stemBangla('বাড়ি'));
    expect(stemBangla('উচ্ছেদের')).toContain('উচ্ছেদ');
    expect(stemBangla('ছেলেদের')).toContain('ছেলে');
  });

  it('gives a word the same stem bare and inflected, whatever its last letter', () => {
    // তে, র and য় are endings only after a vowel: আদালতে is আদালত + ে, বিষয় has no ending.
    expect(stemBangla('আদালতে')).toEqual(stemBangla('আদালত'));
    expect(stemBangla('জমিতে')).toEqual(stemBangla('জমি'));
    expect(stemBangla('বিষয়ে')).toEqual(stemBangla('বিষয়'));
    expect(stemBangla('সময়')).toEqual(['সময়'.normalize('NFC')]);
    expect(stemBangla('মামলায়')).toEqual(stemBangla('মামলা'));
    // A word ending in a vowel + র is cut alike with and without its ending.
    expect(stemBangla('পাচারের')).toEqual(stemBangla('পাচার'));
    expect(stemBangla('অধিকারের')).toEqual(stemBangla('অধিকার'));
    expect(stemBangla('মামলার')).toEqual(stemBangla('মামলা'));
  });

  it('drops stopwords in both languages', () => {
    expect(terms('What is the punishment for theft?')).toEqual(['punish', 'theft']);
    expect(terms('চুরির শাস্তি কী?')).toEqual(['চুরি', 'শাস্তি']);
  });
});
