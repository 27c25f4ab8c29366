/**
 * The bilingual legal glossary (./data/glossary.json) and how a text names its concepts. Laws before
 * about 1987 are in English and most after it in Bangla only, while people ask and search in either
 * language or in Banglish (Bangla written in Latin letters): "talak", "jamin", "vara". Each concept
 * lists how the statutes and people say it in English, in Bangla and in Banglish; a search that names
 * any of them is also a search for all the others — in the AI's law retrieval (server/ai/retrieval/
 * expand.ts), the lawyer directory and Law Insights (./db-query.ts).
 *
 * Entries are concepts of Bangladeshi law in general, not the wording of any evaluation query.
 * Bangla is given as the statutes write it (সাধু spellings where they use them) plus common forms.
 */
import DATA from './data/glossary.json';
import { isBangla, terms } from './analyzer';

export interface GlossaryConcept {
  en: readonly string[];
  bn: readonly string[];
  /** Banglish spellings common in Bangladesh (Latin script). */
  latin?: readonly string[];
}

export const GLOSSARY: readonly GlossaryConcept[] = DATA.sections.flatMap((section) => section.concepts);

/** Banglish function words that carry no legal meaning ("amar", "ki", "kivabe"). */
export const LATIN_STOPWORDS: ReadonlySet<string> = new Set(DATA.latinStopwords);

export interface PhraseIndex {
  /** A phrase's terms joined by a space → the concepts naming it. */
  byPhrase: Map<string, number[]>;
  /** Every Latin-script term of any phrase (Banglish and English), to recognise inflected Banglish. */
  latinTerms: Set<string>;
  /** Each concept's English and Bangla renderings as term lists. */
  renderings: string[][][];
}

/** The longest phrase (in terms) a concept is named by that is looked for. */
export const LONGEST_PHRASE = 4;

let phraseIndex: PhraseIndex | null = null;

function buildPhraseIndex(glossary: readonly GlossaryConcept[]): PhraseIndex {
  const byPhrase = new Map<string, number[]>();
  const latinTerms = new Set<string>();
  const renderings: string[][][] = [];
  glossary.forEach((concept, index) => {
    const toTerms = (list: readonly string[]) => list.map((phrase) => terms(phrase)).filter((t) => t.length > 0);
    // Banglish spellings name a concept but are not how any statute writes it: not searched for.
    const written = toTerms([...concept.en, ...concept.bn]);
    renderings.push(written);
    for (const phrase of [...written, ...toTerms(concept.latin ?? [])]) {
      for (const term of phrase) if (!isBangla(term)) latinTerms.add(term);
      const key = phrase.join(' ');
      const list = byPhrase.get(key) ?? [];
      if (!list.includes(index)) list.push(index);
      byPhrase.set(key, list);
    }
  });
  return { byPhrase, latinTerms, renderings };
}

export function glossaryIndex(): PhraseIndex {
  phraseIndex ??= buildPhraseIndex(GLOSSARY);
  return phraseIndex;
}

/** Bangla case and plural endings as Banglish writes them: churi-r, dhorshon-er, malik-ke, bou-ke … */
const BANGLISH_ENDINGS = ['gulo', 'der', 'ker', 'er', 'ke', 'te', 'ta', 'ti', 'r', 'e'];

/** Bangla endings that make an adjective or agent of a noun: মানহানিকর, নির্যাতনকারী, বৈষম্যমূলক. */
const BANGLA_DERIVED = ['কারী', 'কারি', 'মূলক', 'মুলক', 'জনিত', 'কর'].map((e) => e.normalize('NFC'));

/**
 * A Banglish word with its ending taken off when the bare word is one the glossary knows; a Bangla
 * word likewise without a derivational ending (মানহানিকর → মানহানি).
 */
export function banglishBase(term: string, known: ReadonlySet<string>): string {
  if (known.has(term)) return term;
  if (isBangla(term)) {
    const { byPhrase } = glossaryIndex();
    if (byPhrase.has(term)) return term;
    for (const ending of BANGLA_DERIVED) {
      if (!term.endsWith(ending)) continue;
      const base = term.slice(0, -ending.length);
      if (byPhrase.has(base)) return base;
    }
    return term;
  }
  for (const ending of BANGLISH_ENDINGS) {
    if (term.length - ending.length < 3 || !term.endsWith(ending)) continue;
    const base = term.slice(0, -ending.length);
    if (known.has(base)) return base;
  }
  return term;
}

let stopTerms: Set<string> | null = null;

/** The Banglish stopwords as terms: "kivabe" is cut like any word ("kivab") before it is compared. */
export function stoppedTerms(): Set<string> {
  stopTerms ??= new Set([...LATIN_STOPWORDS].flatMap((word) => [word, ...terms(word)]));
  return stopTerms;
}

/**
 * The glossary concepts a run of terms names, longest phrases included: for each concept its index
 * and the positions of the terms that named it.
 */
export function namedConcepts(own: readonly string[]): Map<number, number[]> {
  const { byPhrase, latinTerms } = glossaryIndex();
  const named = own.map((term) => banglishBase(term, latinTerms));
  const found = new Map<number, number[]>();
  for (let start = 0; start < named.length; start += 1) {
    for (let length = 1; length <= LONGEST_PHRASE && start + length <= named.length; length += 1) {
      for (const concept of byPhrase.get(named.slice(start, start + length).join(' ')) ?? []) {
        const positions = found.get(concept) ?? [];
        for (let i = start; i < start + length; i += 1) if (!positions.includes(i)) positions.push(i);
        found.set(concept, positions);
      }
    }
  }
  return found;
}

/** Letters of a Bangla word that are not marks (vowel signs, hasanta, nukta). */
function letterCount(word: string): number {
  let n = 0;
  for (const ch of word) if (/\p{L}/u.test(ch)) n += 1;
  return n;
}

let heads: string[] | null = null;

/**
 * The glossary's one-word Bangla renderings a Bangla compound can start with, longest first: Bangla
 * writes many legal compounds as one word (বর্গাচুক্তি, দখলচ্যুত, যৌতুকনিরোধ) whose first part is the
 * concept a question names (বর্গা, দখল, যৌতুক). Heads of fewer than three letters are left out: too
 * many unrelated words start with them.
 */
function compoundHeads(): string[] {
  if (heads === null) {
    const found = new Set<string>();
    for (const concept of glossaryIndex().renderings)
      for (const phrase of concept) {
        const [only] = phrase;
        if (phrase.length === 1 && only !== undefined && isBangla(only) && letterCount(only) >= 3) found.add(only);
      }
    heads = [...found].sort((a, b) => b.length - a.length);
  }
  return heads;
}

/**
 * The glossary concept word a Bangla compound term starts with (বর্গাচুক্তি → বর্গা), or null: the
 * term must go on for at least two more letters, so an inflected form is not taken for a compound.
 */
export function compoundHead(term: string): string | null {
  if (!isBangla(term)) return null;
  let head = headCache.get(term);
  if (head === undefined) {
    head =
      compoundHeads().find(
        (h) => term.length > h.length && term.startsWith(h) && letterCount(term.slice(h.length)) >= 2,
      ) ?? null;
    // Indexing asks for every word of the corpus: the distinct Bangla terms are few, the words many.
    if (headCache.size >= HEAD_CACHE_LIMIT) headCache.clear();
    headCache.set(term, head);
  }
  return head;
}

const HEAD_CACHE_LIMIT = 200_000;
const headCache = new Map<string, string | null>();
