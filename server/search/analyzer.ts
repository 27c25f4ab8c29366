/**
 * The product's one bilingual search analyzer (issue 20): the lawyer directory, Law Insights, the law
 * retrieval of the AI assistant and document search all turn text into terms here, at index time and
 * at query time, so a query term meets the indexed one. Its word lists are data (./data/*.json);
 * concepts and their renderings in three languages are in ./glossary.ts, database query building in
 * ./db-query.ts. English and Bangla (and Banglish, which is Latin script) share
 * one pipeline: NFC, zero-width joiners dropped, Bengali digits as ASCII, both danda forms (। U+0964
 * and ৷ U+09F7, plus ॥) as sentence breaks, words as runs of letters with their combining marks
 * (Bangla vowel signs, hasanta and nukta are marks: a plain \w would cut words apart at them).
 *
 * Terms are light stems: English loses its common inflections (dismissed, dismissal → dismiss) and
 * Bangla its case and plural endings (ভাড়াটিয়ার, ভাড়াটিয়াকে → ভাড়াটিয়া), with ী/ূ folded onto ি/ু
 * because statutes spell the same word both ways (বাড়ী/বাড়ি, সরকারী/সরকারি). NFC also makes the
 * precomposed য় ড় ঢ় (U+09DF, U+09DC, U+09DD) and their nukta spellings (য/ড/ঢ + U+09BC) one
 * letter: Unicode excludes the precomposed forms from composition, so both become base + nukta.
 */
import BANGLA_SUFFIXES from './data/bangla-suffixes.json';
import STOPWORDS from './data/stopwords.json';

const BENGALI_DIGIT_ZERO = 0x09e6;

/** NFC, no zero-width joiners, Bengali digits as ASCII, dandas as full stops. */
export function normalizeText(input: string): string {
  return input
    .normalize('NFC')
    .replace(/[\u200b-\u200d\ufeff]/g, '')
    .replace(/[\u09e6-\u09ef]/g, (d) => String.fromCharCode(48 + d.charCodeAt(0) - BENGALI_DIGIT_ZERO))
    .replace(/[\u0964\u0965\u09f7]/g, '.');
}

/** A word: letters with their combining marks, digits, and a letter-internal apostrophe. */
const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;
const BANGLA = /[\u0980-\u09ff]/;

export interface Token {
  /** The word as written (after normalizeText), for highlighting. */
  word: string;
  /** Its offsets in the normalized text. */
  start: number;
  end: number;
}

/** Words of an already normalized text, with offsets. */
export function words(normalized: string): Token[] {
  const found: Token[] = [];
  for (const match of normalized.matchAll(WORD)) {
    found.push({ word: match[0], start: match.index, end: match.index + match[0].length });
  }
  return found;
}

/** The words alone (indexing: no offsets needed, and several times faster than words()). */
export function wordList(normalized: string): string[] {
  return normalized.match(WORD) ?? [];
}

export function isBangla(word: string): boolean {
  return BANGLA.test(word);
}

const EN_STOPWORDS = new Set(STOPWORDS.en);

const BN_STOPWORDS = new Set(STOPWORDS.bn.map((word) => word.normalize('NFC')));

/** Bangla case, plural and classifier endings, longest first (NFC, as the text is). */
const BN_SUFFIXES = BANGLA_SUFFIXES.suffixes.map((s) => s.normalize('NFC')).sort((a, b) => b.length - a.length);

/** ী → ি, ূ → ু, ঈ → ই, ঊ → উ: statutes spell the same words both ways. */
function foldBangla(word: string): string {
  return word
    .replace(/\u09c0/g, '\u09bf')
    .replace(/\u09c2/g, '\u09c1')
    .replace(/\u0988/g, '\u0987')
    .replace(/\u098a/g, '\u0989');
}

/** Letters of a Bangla stem that are not marks: a stem needs two, or it was not a word + ending. */
function baseLetters(word: string): number {
  let n = 0;
  for (const ch of word) if (/\p{L}/u.test(ch)) n += 1;
  return n;
}

/**
 * The stems of a Bangla word: usually one; two where the ending is ambiguous. "…েদের" is either a
 * plural genitive (ছেলে + দের) or a genitive of a word ending in দ (উচ্ছেদ + ের); both stems are
 * kept, in the index and in queries alike, so either reading meets its match.
 */
export function stemBangla(word: string): string[] {
  const folded = foldBangla(word);
  const stems: string[] = [];
  for (const suffix of BN_SUFFIXES) {
    if (folded.endsWith(suffix)) {
      const stem = folded.slice(0, -suffix.length);
      // A stem ending in a hasanta, or a nukta on anything but য ড ঢ (য় ড় ঢ়), would be half a letter.
      if (baseLetters(stem) >= 2 && !HALF_LETTER.test(stem)) {
        // তে, র and য় follow a vowel (জমিতে, মামলার, মামলায়); after a consonant they are the word's
        // own last letter: আদালতে is আদালত + ে, and বিষয়, সময় have no ending at all.
        if (AFTER_VOWEL.has(suffix) && !ENDS_IN_VOWEL.test(stem)) continue;
        stems.push(withoutFinalR(stem));
        if (!(suffix === PLURAL_GENITIVE && stem.endsWith(VOWEL_SIGN_E))) break;
      }
    }
  }
  return stems.length > 0 ? stems : [withoutFinalR(folded)];
}

/**
 * A stem that ends in a vowel + র loses the র: মামলার is মামলা + র, and অধিকার, পাচার, শরীর are
 * cut the same way whether bare or inflected (অধিকারের → অধিকার → অধিকা), so all forms of one
 * word meet.
 */
function withoutFinalR(stem: string): string {
  if (!stem.endsWith(GENITIVE_R)) return stem;
  const shorter = stem.slice(0, -GENITIVE_R.length);
  return ENDS_IN_VOWEL.test(shorter) && baseLetters(shorter) >= 2 ? shorter : stem;
}

const PLURAL_GENITIVE = 'দের'.normalize('NFC');
const GENITIVE_R = 'র';
const HALF_LETTER = /\u09cd$|[^\u09af\u09a1\u09a2]\u09bc$/;
/** Endings that only follow a vowel. */
const AFTER_VOWEL = new Set(['তে', 'র', 'য়'].map((s) => s.normalize('NFC')));
/** A stem ending in a vowel sign or an independent vowel. */
const ENDS_IN_VOWEL = /[\u09be-\u09cc\u0985-\u0994]$/;
const VOWEL_SIGN_E = '\u09c7';

const VOWEL = /[aeiouy]/;
/** A stem of one vowel group ending in a single consonant but w, x or y ("mak", "driv", "fil"). */
const SHORT_CVC = /^[^aeiou]*[aeiou]+[^aeiouwxy]$/;

/** A light English stemmer (Porter's step 1 and the common derivational endings). */
export function stemEnglish(word: string): string {
  let w = word.toLowerCase().replace(/['’]s$/, '');
  if (w.length <= 3 || /\d/.test(w)) return w;
  if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  for (const [suffix, replacement] of [
    ['ization', 'ize'],
    ['ational', 'ate'],
    ['fulness', 'ful'],
    ['iveness', 'ive'],
    ['ation', 'ate'],
    ['ments', ''],
    ['ment', ''],
    ['ness', ''],
    ['ance', ''],
    ['ence', ''],
    ['able', ''],
    ['ible', ''],
    ['ably', ''],
    ['ibly', ''],
    ['ally', 'al'],
    ['ingly', ''],
    ['edly', ''],
    ['ing', ''],
    ['ed', ''],
    ['ly', ''],
  ] as const) {
    if (w.endsWith(suffix)) {
      const stem = w.slice(0, -suffix.length);
      if (stem.length >= 3 && VOWEL.test(stem)) {
        w = stem + replacement;
        // hopp(ing) → hop, but not fall(ing) → fal or miss(ed) → mis
        if (replacement === '' && /([^aeioulsz])\1$/.test(w)) w = w.slice(0, -1);
        // mak(ing) → make, fin(ed) → fine, rap(ed) → rape: a short stem that lost its e gets it back
        // (Porter's step 1b), so the inflected and the bare verb share a stem.
        else if ((suffix === 'ing' || suffix === 'ed') && SHORT_CVC.test(w)) w = `${w}e`;
        break;
      }
    }
  }
  w = w.replace(/al$/, (m) => (w.length > 6 ? '' : m)).replace(/ate$/, (m) => (w.length > 6 ? '' : m));
  if (w.endsWith('y') && w.length > 3 && !VOWEL.test(w.charAt(w.length - 2))) w = `${w.slice(0, -1)}i`;
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  return w;
}

/** Words seen → their terms: a corpus has far fewer distinct words than words, and stemming is the cost. */
const TERM_CACHE_LIMIT = 200_000;
const termCache = new Map<string, readonly string[]>();
const NONE: readonly string[] = [];

/** The search terms of one word: none for a stopword, usually one, two for an ambiguous Bangla ending. */
export function termsOf(word: string): readonly string[] {
  let found = termCache.get(word);
  if (found === undefined) {
    found = computeTerms(word);
    if (termCache.size >= TERM_CACHE_LIMIT) termCache.clear();
    termCache.set(word, found);
  }
  return found;
}

function computeTerms(word: string): readonly string[] {
  if (isBangla(word)) {
    const nfc = word.normalize('NFC');
    if (BN_STOPWORDS.has(nfc)) return NONE;
    return stemBangla(nfc);
  }
  const lower = word.toLowerCase();
  if (EN_STOPWORDS.has(lower) || lower.length < 2) return NONE;
  return [stemEnglish(lower)];
}

/**
 * The terms of each word of a text that has any (stopwords dropped), in order: a word with an
 * ambiguous ending gives two, which still name one word.
 */
export function wordTerms(input: string): (readonly string[])[] {
  const found: (readonly string[])[] = [];
  for (const word of wordList(normalizeText(input))) {
    const t = termsOf(word);
    if (t.length > 0) found.push(t);
  }
  return found;
}

/** Search terms of any text (law, document or question), in order, stopwords dropped. */
export function terms(input: string): string[] {
  const found: string[] = [];
  for (const word of wordList(normalizeText(input))) found.push(...termsOf(word));
  return found;
}
