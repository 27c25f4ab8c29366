/**
 * Which language an answer is written in. Bangla script → Bangla; English → English. Banglish
 * (Bangla written in Latin letters: "amar bari wala amake ber kore dite pare?") → **Bangla**: the
 * asker thinks in Bangla and typed in Latin letters only for the keyboard, and a reply in Bangla
 * script is what a Bangladeshi reader of Banglish reads most easily. A Latin-script question counts
 * as Banglish when at least two of its words, or a third of them, are Banglish — function words
 * ("amar", "ki", "kivabe", …), verb forms of asking ("pabo", "korle") or the glossary's Banglish
 * legal words ("jamin", "shasti") — words that English never uses; words in parentheses are an
 * aside that names a term, not the question's language. This module is where that is decided.
 */
import BANGLISH from '../../search/data/banglish.json';
import { GLOSSARY, LATIN_STOPWORDS } from '../../search/glossary';
import { isBangla, normalizeText, wordList } from '../../search/analyzer';

export type AnswerLanguage = 'en' | 'bn';

/** Banglish function words that are also English words; not evidence of Banglish. */
const ALSO_ENGLISH = new Set(['a', 'o', 'se', 'te', 'ta', 'ti', 'na', 'ar', 'ba', 'ke', 'er', 'pare']);

let banglishWords: Set<string> | null = null;

/**
 * Banglish words of the legal glossary that English does not use ("jamin", "shasti", "joutuk"), with
 * the common Banglish verb forms of asking ("pabo", "korle", "dicche") and everyday words ("kache",
 * "baccha", "taka") of the search analyzer's data (server/search/data/banglish.json).
 */
function banglishVocabulary(): Set<string> {
  if (banglishWords) return banglishWords;
  const english = new Set(GLOSSARY.flatMap((c) => c.en.flatMap((phrase) => phrase.toLowerCase().split(/[\s-]+/))));
  const words = new Set<string>([...BANGLISH.verbs, ...BANGLISH.words]);
  for (const concept of GLOSSARY) {
    for (const phrase of concept.latin ?? []) {
      for (const word of phrase.toLowerCase().split(/[\s-]+/))
        if (word.length > 2 && !english.has(word)) words.add(word);
    }
  }
  banglishWords = words;
  return words;
}

/** A Banglish word with a Bangla case ending ("churir", "joutuker") counts like its bare form. */
function isBanglishWord(word: string, vocabulary: ReadonlySet<string>): boolean {
  if (vocabulary.has(word)) return true;
  for (const ending of ['er', 'r', 'ke', 'e', 'te']) {
    if (word.length - ending.length >= 3 && word.endsWith(ending) && vocabulary.has(word.slice(0, -ending.length))) {
      return true;
    }
  }
  return false;
}

/**
 * A question without its parenthesised asides: "Can a sharecropper (borga chashi) be evicted?" is an
 * English question that names the Bangla term, not Banglish. A question that is all aside is kept.
 */
function withoutAsides(question: string): string {
  const outside = question.replace(/\([^()]*\)/g, ' ');
  return /\p{L}/u.test(outside) ? outside : question;
}

export function isBanglish(question: string): boolean {
  const latin = wordList(normalizeText(withoutAsides(question)).toLowerCase()).filter(
    (w) => !isBangla(w) && /[a-z]/.test(w),
  );
  if (latin.length === 0) return false;
  const vocabulary = banglishVocabulary();
  const known = (w: string) => LATIN_STOPWORDS.has(w) || isBanglishWord(w, vocabulary);
  const strong = latin.filter((w) => !ALSO_ENGLISH.has(w) && known(w)).length;
  // "na", "er", "ke" are English too, but beside a word English never uses they are Banglish:
  // "salary dicche na".
  const weak = strong > 0 ? latin.filter((w) => ALSO_ENGLISH.has(w) && known(w)).length : 0;
  const banglish = strong + weak;
  return banglish >= 2 || banglish * 3 >= latin.length;
}

export function answerLanguage(question: string): AnswerLanguage {
  const all = wordList(normalizeText(question));
  const bangla = all.filter(isBangla).length;
  if (bangla > 0 && bangla * 2 >= all.length) return 'bn';
  return isBanglish(question) ? 'bn' : 'en';
}
