/**
 * BM25 ranking (MiniSearch) over passages that have a heading, a body and the title of what they
 * belong to (a section of an Act; a part of a case document). Indexing and queries share the terms
 * of ./text, so Bangla and English are cut and stemmed alike; a query arrives already analysed
 * (./expand) and each of its terms counts with its weight.
 *
 * Why in memory and not PostgreSQL full-text: see docs/decisions/0009-law-retrieval-in-memory-bm25.md.
 */
import MiniSearch from 'minisearch';
import type { WeightedTerm } from './expand';
import { normalizeText, termsOf, wordList } from '../../search/analyzer';
import { compoundHead } from '../../search/glossary';

export interface Passage {
  /** Position of the passage in the list the index was built from. */
  index: number;
  heading: string;
  text: string;
  title: string;
}

export interface RankedPassage {
  index: number;
  score: number;
}

/** Field weights: a heading naming the subject says more than one mention in a long body. */
const FIELD_BOOST = { heading: 2, title: 1.2, text: 1 };
/**
 * BM25 with MiniSearch's defaults (k 1.2, b 0.75, d 0.5). b 0.45, 0.6 and 0.75 were measured on the
 * development questions once the re-ranking had grown: 0.75 ranked best (docs/benchmarks.md, fourth
 * pass; b 0.6 had been chosen when a single BM25 pass decided the order).
 */
const BM25 = { k: 1.2, b: 0.75, d: 0.5 };

function indexTerms(text: string): string[] {
  return wordList(normalizeText(text));
}

export class LexicalIndex {
  private readonly search: MiniSearch<Passage>;
  /** Every indexed term → how often it occurs. */
  private readonly vocabulary: ReadonlyMap<string, number>;
  /** Every indexed Latin word as written → its term and how often it occurs (closestTerm). */
  private readonly words: ReadonlyMap<string, { term: string; count: number }>;

  private constructor(
    search: MiniSearch<Passage>,
    vocabulary: ReadonlyMap<string, number>,
    words: ReadonlyMap<string, { term: string; count: number }>,
  ) {
    this.search = search;
    this.vocabulary = vocabulary;
    this.words = words;
  }

  static build(passages: readonly Passage[]): LexicalIndex {
    const vocabulary = new Map<string, number>();
    const words = new Map<string, { term: string; count: number }>();
    const search = new MiniSearch<Passage>({
      idField: 'index',
      fields: ['heading', 'text', 'title'],
      storeFields: [],
      tokenize: indexTerms,
      processTerm: (term) => {
        const found = withHeads(termsOf(term));
        for (const t of found) vocabulary.set(t, (vocabulary.get(t) ?? 0) + 1);
        const [only] = found;
        if (found.length === 1 && only !== undefined && /^[a-z]+$/i.test(term)) {
          const lower = term.toLowerCase();
          const seen = words.get(lower);
          if (seen) seen.count += 1;
          else words.set(lower, { term: only, count: 1 });
        }
        return [...found];
      },
      searchOptions: { bm25: BM25 },
    });
    search.addAll(passages);
    return new LexicalIndex(search, vocabulary, words);
  }

  /** Whether the term occurs in any passage. */
  has(term: string): boolean {
    return this.vocabulary.has(term);
  }

  /**
   * The indexed term a misspelt Latin word most likely meant ("punishmnt" → "punish", "robery" →
   * "robberi"): the term of the most frequent indexed word one edit away (two for long words) that
   * starts with the same letter; null when none is that close.
   */
  closestTerm(word: string): string | null {
    if (word.length < 5 || !/^[a-z]+$/.test(word)) return null;
    const allowed = word.length >= 8 ? 2 : 1;
    let best: string | null = null;
    let bestCount = 0;
    for (const [candidate, { term, count }] of this.words) {
      if (count <= bestCount || Math.abs(candidate.length - word.length) > allowed) continue;
      if (candidate.charCodeAt(0) !== word.charCodeAt(0)) continue;
      if (editDistance(word, candidate, allowed) <= allowed) {
        best = term;
        bestCount = count;
      }
    }
    return best;
  }

  /** Passages ranked by weighted BM25, best first, at most `limit`, optionally only where `accept`. */
  rank(query: readonly WeightedTerm[], limit: number, accept?: (index: number) => boolean): RankedPassage[] {
    if (query.length === 0) return [];
    const weights = new Map(query.map((q) => [q.term, q.weight]));
    const results = this.search.search(query.map((q) => q.term).join(' '), {
      tokenize: (text) => text.split(' '),
      processTerm: (term) => term,
      boost: FIELD_BOOST,
      boostTerm: (term) => weights.get(term) ?? 1,
      combineWith: 'OR',
      bm25: BM25,
      ...(accept ? { filter: (result) => accept(Number(result.id)) } : {}),
    });
    return results.slice(0, limit).map((r) => ({ index: Number(r.id), score: r.score }));
  }
}

/** A word's terms and, for a Bangla compound, the glossary word it starts with (বর্গাচুক্তি → বর্গা). */
function withHeads(found: readonly string[]): readonly string[] {
  const [first] = found;
  const head = first === undefined ? null : compoundHead(first);
  return head === null || found.includes(head) ? found : [...found, head];
}

/** Levenshtein distance of a and b, or more than `max` as soon as it must exceed it. */
function editDistance(a: string, b: string, max: number): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowBest = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      current.push(value);
      rowBest = Math.min(rowBest, value);
    }
    if (rowBest > max) return max + 1;
    previous = current;
  }
  return previous[b.length] ?? max + 1;
}
