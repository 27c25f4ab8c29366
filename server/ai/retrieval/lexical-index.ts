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
/** BM25 with MiniSearch's defaults but a little less length normalisation: long sections are common. */
const BM25 = { k: 1.2, b: 0.6, d: 0.5 };

function indexTerms(text: string): string[] {
  return wordList(normalizeText(text));
}

export class LexicalIndex {
  private readonly search: MiniSearch<Passage>;

  private constructor(search: MiniSearch<Passage>) {
    this.search = search;
  }

  static build(passages: readonly Passage[]): LexicalIndex {
    const search = new MiniSearch<Passage>({
      idField: 'index',
      fields: ['heading', 'text', 'title'],
      storeFields: [],
      tokenize: indexTerms,
      processTerm: (term) => [...termsOf(term)],
      searchOptions: { bm25: BM25 },
    });
    search.addAll(passages);
    return new LexicalIndex(search);
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
