/**
 * Search over the law corpus: a question (English, Bangla or Banglish) → the best sections, with
 * their Act, score and the Act's status (in force, repealed, amending). Built once per process from
 * the corpus rows; the corpus does not change while the process runs.
 */
import type { LawAct, LawCorpus, LawSection } from '../corpus/corpus';
import { analyzeQuery, type AnalyzedQuery } from './expand';
import { LexicalIndex, type RankedPassage } from './lexical-index';
import { lawStatus, type LawStatus } from './law-status';

export interface LawSearchOptions {
  limit: number;
  /** Only sections of Acts in this language. */
  language?: 'en' | 'bn';
  /** Only sections of this Act. */
  actId?: number;
}

export interface LawHit {
  section: LawSection;
  act: LawAct;
  status: LawStatus;
  score: number;
}

export class LawRetriever {
  private readonly acts: Map<number, LawAct>;

  private constructor(
    private readonly sections: readonly LawSection[],
    acts: readonly LawAct[],
    private readonly index: LexicalIndex,
  ) {
    this.acts = new Map(acts.map((act) => [act.actId, act]));
  }

  static build(corpus: Pick<LawCorpus, 'acts' | 'sections'>): LawRetriever {
    const titles = new Map(corpus.acts.map((act) => [act.actId, act.title]));
    const index = LexicalIndex.build(
      corpus.sections.map((section, i) => ({
        index: i,
        heading: section.heading,
        text: section.text,
        title: titles.get(section.actId) ?? '',
      })),
    );
    return new LawRetriever(corpus.sections, corpus.acts, index);
  }

  act(actId: number): LawAct | undefined {
    return this.acts.get(actId);
  }

  search(question: string | AnalyzedQuery, options: LawSearchOptions): LawHit[] {
    const query = typeof question === 'string' ? analyzeQuery(question) : question;
    const ranked = options.language
      ? this.rankIn(query, options.language, options.actId, options.limit)
      : balance(
          this.rankIn(query, 'en', options.actId, options.limit),
          this.rankIn(query, 'bn', options.actId, options.limit),
          options.limit,
        );
    const hits: LawHit[] = [];
    for (const { index, score } of ranked) {
      const section = this.sections[index];
      const act = section && this.acts.get(section.actId);
      if (section && act) hits.push({ section, act, status: lawStatus(act.actId), score });
    }
    return hits;
  }

  private rankIn(query: AnalyzedQuery, language: 'en' | 'bn', actId: number | undefined, limit: number) {
    return this.index.rank(query.weighted, limit, (i) => {
      const section = this.sections[i];
      if (!section || (actId !== undefined && section.actId !== actId)) return false;
      return this.acts.get(section.actId)?.language === language;
    });
  }
}

/**
 * How much of the gap between the two languages' best scores survives the merge (1: raw scores;
 * 0: each language's list scaled to its own best).
 */
const LANGUAGE_GAP_KEPT = 0.5;

/**
 * Merges the English and the Bangla ranking. Raw BM25 scores of the two are not comparable: the
 * asker's own words (full weight) meet their own language while translations (lower weight) meet
 * the other, so raw scores bury the other language even when it holds the only Act on the subject.
 * Each list is scaled to its best score, and the weaker list keeps part of its gap to the stronger.
 */
function balance(en: readonly RankedPassage[], bn: readonly RankedPassage[], limit: number): RankedPassage[] {
  const best = Math.max(en[0]?.score ?? 0, bn[0]?.score ?? 0);
  if (best === 0) return [];
  const scaled = (list: readonly RankedPassage[]) => {
    const top = list[0]?.score ?? 0;
    if (top === 0) return [];
    const factor = (top / best) ** LANGUAGE_GAP_KEPT / top;
    return list.map((r) => ({ index: r.index, score: r.score * factor * best }));
  };
  return [...scaled(en), ...scaled(bn)].sort((a, b) => b.score - a.score).slice(0, limit);
}
