/**
 * Which language an answer is written in. Bangla script → Bangla; English → English. Banglish
 * (Bangla written in Latin letters: "amar bari wala amake ber kore dite pare?") → **Bangla**: the
 * asker thinks in Bangla and typed in Latin letters only for the keyboard, and a reply in Bangla
 * script is what a Bangladeshi reader of Banglish reads most easily. A Latin-script question counts
 * as Banglish when at least two of its words, or a third of them, are Banglish function words
 * ("amar", "ki", "kivabe", …) — words that English never uses. This module is where that is decided.
 */
import { LATIN_STOPWORDS } from '../retrieval/glossary';
import { isBangla, normalizeText, wordList } from '../retrieval/text';

export type AnswerLanguage = 'en' | 'bn';

/** Banglish function words that are also English words; not evidence of Banglish. */
const ALSO_ENGLISH = new Set(['a', 'o', 'se', 'te', 'ta', 'ti', 'na', 'ar', 'ba', 'ke', 'er', 'pare']);

export function isBanglish(question: string): boolean {
  const latin = wordList(normalizeText(question).toLowerCase()).filter((w) => !isBangla(w) && /[a-z]/.test(w));
  if (latin.length === 0) return false;
  const banglish = latin.filter((w) => LATIN_STOPWORDS.has(w) && !ALSO_ENGLISH.has(w)).length;
  return banglish >= 2 || banglish * 3 >= latin.length;
}

export function answerLanguage(question: string): AnswerLanguage {
  const all = wordList(normalizeText(question));
  const bangla = all.filter(isBangla).length;
  if (bangla > 0 && bangla * 2 >= all.length) return 'bn';
  return isBanglish(question) ? 'bn' : 'en';
}
