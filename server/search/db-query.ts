/**
 * Search in the database (the lawyer directory and Law Insights) with the product's analyzer
 * (decision 0017). The server writes each row's search columns itself (indexDocument: every word as
 * written, lower case, and its stems) and PostgreSQL only matches lexemes (array_to_tsvector and
 * tsquery prefixes), so PGlite and PostgreSQL find the same rows whatever their locale.
 *
 * A query is parsed here into parts, all of which must match. A part is one word, or a run of words
 * that together name a glossary concept or a specialization ("human rights", "family court"). It
 * matches a row holding the word (or its stem) by prefix, or any English or Bangla rendering of a
 * concept the part names (জমি → land, plot, ভূমি; talak → divorce, তালাক, বিবাহবিচ্ছেদ); in the
 * directory it also matches a lawyer with a specialization it names (তালাক → Family Law).
 */
import {
  DISTRICT_NAMES,
  DIVISION_NAMES,
  SPECIALIZATION_NAMES,
  SpecializationSchema,
  type District,
  type Division,
  type Specialization,
} from '../../contract/enums';
import { normalizeText, termsOf, wordList } from './analyzer';
import DIRECTORY from './data/specializations.json';
import { banglishBase, GLOSSARY, glossaryIndex, LONGEST_PHRASE, stoppedTerms } from './glossary';

/** PostgreSQL refuses lexemes of 2 KB and more; real words are far shorter. */
const MAX_TERM_LENGTH = 100;
/** A search reads at most this many words (the rest of a pasted paragraph is ignored). */
export const MAX_QUERY_WORDS = 8;

/**
 * A lexeme condition: a term matched as a prefix (or whole, for ranking), all of several, or any.
 * Terms hold only letters, combining marks and digits (the analyzer's words), so quoting them in a
 * tsquery needs no escaping.
 */
export type Match = { term: string } | { all: Match[] } | { any: Match[] };

export interface QueryPart {
  /** The words of the query this part reads, as the analyzer wrote them (for the substring fallback). */
  words: string[];
  /** What a row's search vector must hold. */
  match: Match;
  /** Directory specializations this part names; a lawyer with any of them matches the part too. */
  specializations: Specialization[];
  /** Terms to mark in a found text: the words typed and one-word renderings (not a phrase's single words). */
  highlight: string[];
}

/** The words of one text as stored for search: each as written (lower case) and its stems. */
export function indexTerms(...texts: readonly (string | null | undefined)[]): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const word of wordList(normalizeText(text))) {
      found.add(word.toLowerCase().slice(0, MAX_TERM_LENGTH));
      for (const term of termsOf(word)) found.add(term.slice(0, MAX_TERM_LENGTH));
    }
  }
  return [...found];
}

/** The stored form: index terms joined by one space (array_to_tsvector splits on it). */
export function indexDocument(...texts: readonly (string | null | undefined)[]): string {
  return indexTerms(...texts).join(' ');
}

/**
 * A lawyer's searchable body: the bio, and where they practise — district and division in English
 * and Bangla — so "family lawyer Sylhet" or "সিলেট" finds them whatever the bio says.
 */
export function lawyerSearchBody(
  bio: string | null | undefined,
  district: District | null,
  division: Division | null,
): string {
  // The wire value is an older spelling people still type ("Bogra" for Bogura, "Coxs Bazar").
  const place = (value: string | null, names: { en: string; bn: string } | undefined) =>
    value && names ? `${names.en} ${names.bn} ${value.replaceAll('_', ' ')}` : null;
  return indexDocument(
    bio,
    place(district, district ? DISTRICT_NAMES[district] : undefined),
    place(division, division ? DIVISION_NAMES[division] : undefined),
  );
}

/** A word as written and its stems: any of them, as prefixes. */
function wordMatch(word: string): Match {
  const forms = new Set([word.toLowerCase().slice(0, MAX_TERM_LENGTH), ...termsOf(word)]);
  const terms = [...forms].filter((form) => form.length > 0).map((term) => ({ term }));
  return terms.length === 1 && terms[0] ? terms[0] : { any: terms };
}

/** A phrase (a rendering, or several query words): every word of it. */
function phraseMatch(phrase: readonly string[]): Match {
  const parts = phrase.map(wordMatch);
  return parts.length === 1 && parts[0] ? parts[0] : { all: parts };
}

interface DirectoryIndex {
  /** Terms of the generic words (law, আইন …). */
  generic: Set<string>;
  /** A phrase of terms naming specializations → them. */
  byPhrase: Map<string, Specialization[]>;
  /** A glossary concept → the specializations whose words name it. */
  byConcept: Map<number, Specialization[]>;
  /** A division or district name (English or Bangla, as terms) → both its names. */
  places: Map<string, string[]>;
  /** One-word names of specializations as written (lower case): these count even when a stopword. */
  names: Set<string>;
}

let directoryIndex: DirectoryIndex | null = null;

function add<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key) ?? [];
  if (!list.includes(value)) list.push(value);
  map.set(key, list);
}

/** A phrase as the terms a query names it by (first stems), generic words left out. */
function phraseKey(phrase: string, generic: ReadonlySet<string>): string {
  return wordList(normalizeText(phrase))
    .map((word) => termsOf(word)[0] ?? word.toLowerCase())
    .filter((term) => !generic.has(term))
    .join(' ');
}

function specializationIndex(): DirectoryIndex {
  if (directoryIndex) return directoryIndex;
  const generic = new Set(DIRECTORY.generic.flatMap((word) => [word.toLowerCase(), ...termsOf(word)]));
  const byPhrase = new Map<string, Specialization[]>();
  const byConcept = new Map<number, Specialization[]>();
  const concepts = glossaryIndex().byPhrase;
  const lists: Record<string, readonly string[]> = DIRECTORY.specializations;
  const oneWordNames = new Set<string>();
  for (const specialization of SpecializationSchema.options) {
    const names = SPECIALIZATION_NAMES[specialization];
    for (const phrase of [names.en, names.bn, ...(lists[specialization] ?? [])]) {
      const key = phraseKey(phrase, generic);
      // A stem that is a stopword ("offence" → "of") would name the specialization for "of".
      if (key !== normalizeText(phrase).toLowerCase() && termsOf(key).length === 0) continue;
      if (!/\s/.test(phrase.trim())) oneWordNames.add(normalizeText(phrase).toLowerCase());
      if (!key) continue;
      add(byPhrase, key, specialization);
      for (const concept of concepts.get(key) ?? []) add(byConcept, concept, specialization);
    }
  }
  // Places are named in English and Bangla by the contract: a bio says ঢাকা, the search says Dhaka.
  const places = new Map<string, string[]>();
  for (const names of [...Object.values(DIVISION_NAMES), ...Object.values(DISTRICT_NAMES)]) {
    for (const name of [names.en, names.bn]) places.set(phraseKey(name, new Set()), [names.en, names.bn]);
  }
  directoryIndex = { generic, byPhrase, byConcept, places, names: oneWordNames };
  return directoryIndex;
}

interface QueryWord {
  word: string;
  /** Its first term (stem), or null for a stopword. */
  term: string | null;
  /** The term with a Banglish case ending taken off when the glossary knows the bare word. */
  base: string;
}

/**
 * The parts of a search. `dropGeneric` (the directory) leaves out words such as "law" and "আইনজীবী"
 * when other words remain; stopwords (English, Bangla, Banglish) are left out likewise. A query of
 * nothing but such words keeps them, as plain words.
 */
export function parseSearch(query: string, options: { dropGeneric?: boolean } = {}): QueryPart[] {
  const { latinTerms, byPhrase: conceptsByPhrase } = glossaryIndex();
  const directory = specializationIndex();
  const stopped = stoppedTerms();
  const known = (key: string) => conceptsByPhrase.has(key) || directory.byPhrase.has(key) || directory.places.has(key);
  const all: QueryWord[] = [];
  for (const word of wordList(normalizeText(query)).slice(0, MAX_QUERY_WORDS)) {
    const [first] = termsOf(word);
    const lower = word.toLowerCase();
    // A stopword that names something is kept: "কর" is "do", and tax.
    const term =
      first && !stopped.has(first) && !stopped.has(lower) ? first : directory.names.has(lower) ? lower : null;
    all.push({ word: word.toLowerCase(), term, base: term ? banglishBase(term, latinTerms) : word.toLowerCase() });
  }
  // Stopwords only ("কর" is also the verb "do"): then the words as typed.
  const meaningful = all.some((w) => w.term !== null) ? all.filter((w) => w.term !== null) : all;
  const specific = options.dropGeneric ? meaningful.filter((w) => !directory.generic.has(w.base)) : meaningful;
  const words = specific.length > 0 ? specific : meaningful;

  const parts: QueryPart[] = [];
  for (let start = 0; start < words.length;) {
    // The longest run from here that names a concept or a specialization, else the one word.
    let length = Math.min(LONGEST_PHRASE, words.length - start);
    let phrase = '';
    for (; length >= 1; length -= 1) {
      phrase = words
        .slice(start, start + length)
        .map((w) => w.base)
        .join(' ');
      if (length === 1 || known(phrase)) break;
    }
    // One word: its stem stemmed again as well, since the glossary's words went through the
    // stemmer once (উত্তরাধিকার → উত্তরাধিকা) and an inflected query word once more (…কারের → …কার).
    if (length === 1 && !known(phrase)) {
      const again = words[start]?.term ? termsOf(words[start]?.term ?? '') : [];
      phrase = again.find(known) ?? phrase;
    }
    const run = words.slice(start, start + length);
    start += length;
    const alternatives: Match[] = [phraseMatch(run.map((w) => w.word))];
    const specializations = new Set(directory.byPhrase.get(phrase) ?? []);
    for (const name of directory.places.get(phrase) ?? [])
      alternatives.push(phraseMatch(wordList(normalizeText(name))));
    for (const concept of conceptsByPhrase.get(phrase) ?? []) {
      const named = GLOSSARY[concept];
      if (!named) continue;
      for (const rendering of [...named.en, ...named.bn]) {
        // Stopwords inside a rendering ("dissolution of marriage") are not asked for.
        const renderingWords = wordList(normalizeText(rendering)).filter((word) => termsOf(word).length > 0);
        if (renderingWords.length > 0) alternatives.push(phraseMatch(renderingWords));
      }
      for (const specialization of directory.byConcept.get(concept) ?? []) specializations.add(specialization);
    }
    const highlight = alternatives.flatMap((alternative, i) =>
      i === 0 || !('all' in alternative) ? termsOfMatch(alternative) : [],
    );
    parts.push({
      words: run.map((w) => w.word),
      highlight: [...new Set(highlight)],
      match: alternatives.length === 1 && alternatives[0] ? alternatives[0] : { any: alternatives },
      specializations: [...specializations],
    });
  }
  return parts;
}

/** tsquery text of a condition: prefixes ('jom':*) or whole lexemes ('jomi'). */
export function tsQueryOf(match: Match, prefix: boolean): string {
  if ('term' in match) return `'${match.term}'${prefix ? ':*' : ''}`;
  const inner = 'all' in match ? match.all : match.any;
  const parts = [...new Set(inner.map((m) => tsQueryOf(m, prefix)))];
  if (parts.length === 1 && parts[0]) return parts[0];
  return `(${parts.join('all' in match ? ' & ' : ' | ')})`;
}

/** Every term of a condition (highlighting what was found). */
export function termsOfMatch(match: Match): string[] {
  if ('term' in match) return [match.term];
  return [...new Set(('all' in match ? match.all : match.any).flatMap(termsOfMatch))];
}
