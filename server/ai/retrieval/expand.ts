/**
 * Query analysis: a question becomes weighted search terms — its own terms at full weight, and the
 * other-language (and Banglish-to-Bangla) renderings of every glossary concept it names at a lower
 * weight, so a term the asker used outranks a translation of it but translations still reach Acts
 * written only in the other language.
 */
import { GLOSSARY, LATIN_STOPWORDS, type GlossaryConcept } from './glossary';
import { isBangla, terms } from './text';

export interface WeightedTerm {
  term: string;
  weight: number;
}

export interface AnalyzedQuery {
  /** Terms of the question itself, stopwords dropped. */
  own: string[];
  /** Own terms and glossary expansions, each term once at its highest weight. */
  weighted: WeightedTerm[];
  /** The question's script: 'bn' when most of its words are Bangla. */
  language: 'en' | 'bn';
}

/** Weight of a glossary rendering relative to the asker's own term. */
export const EXPANSION_WEIGHT = 0.6;
const LONGEST_PHRASE = 4;

interface PhraseIndex {
  /** A phrase's terms joined by a space → the concepts naming it. */
  byPhrase: Map<string, number[]>;
  /** Each concept's English and Bangla renderings as term lists. */
  renderings: string[][][];
}

let phraseIndex: PhraseIndex | null = null;

function buildPhraseIndex(glossary: readonly GlossaryConcept[]): PhraseIndex {
  const byPhrase = new Map<string, number[]>();
  const renderings: string[][][] = [];
  glossary.forEach((concept, index) => {
    const toTerms = (list: readonly string[]) => list.map((phrase) => terms(phrase)).filter((t) => t.length > 0);
    // Banglish spellings name a concept but are not how any statute writes it: not searched for.
    const written = toTerms([...concept.en, ...concept.bn]);
    renderings.push(written);
    for (const phrase of [...written, ...toTerms(concept.latin ?? [])]) {
      const key = phrase.join(' ');
      const list = byPhrase.get(key) ?? [];
      if (!list.includes(index)) list.push(index);
      byPhrase.set(key, list);
    }
  });
  return { byPhrase, renderings };
}

function glossaryIndex(): PhraseIndex {
  phraseIndex ??= buildPhraseIndex(GLOSSARY);
  return phraseIndex;
}

export function analyzeQuery(question: string): AnalyzedQuery {
  const own = terms(question).filter((t) => !LATIN_STOPWORDS.has(t));
  const weights = new Map<string, number>();
  const add = (term: string, weight: number) => weights.set(term, Math.max(weights.get(term) ?? 0, weight));
  for (const term of own) add(term, 1);

  const { byPhrase, renderings } = glossaryIndex();
  const concepts = new Set<number>();
  for (let start = 0; start < own.length; start += 1) {
    for (let length = 1; length <= LONGEST_PHRASE && start + length <= own.length; length += 1) {
      for (const concept of byPhrase.get(own.slice(start, start + length).join(' ')) ?? []) concepts.add(concept);
    }
  }
  for (const concept of concepts) {
    for (const phrase of renderings[concept] ?? []) for (const term of phrase) add(term, EXPANSION_WEIGHT);
  }

  const banglaWords = own.filter(isBangla).length;
  return {
    own,
    weighted: [...weights].map(([term, weight]) => ({ term, weight })),
    language: banglaWords * 2 >= own.length && banglaWords > 0 ? 'bn' : 'en',
  };
}
