/**
 * Search over the law corpus: a question (English, Bangla or Banglish) → the best sections, with
 * their Act, score and the Act's status (in force, repealed, amending). Built once per process from
 * the corpus rows; the corpus does not change while the process runs.
 *
 * Two stages: BM25 finds candidates in each language (./lexical-index), then a re-ranking puts the
 * section that answers first — one of the kind the question asks for (./intent), of the topic's
 * principal Act (./topics), whose heading names what was asked, in force rather than repealed.
 */
import type { LawAct, LawCorpus, LawSection } from '../corpus/corpus';
import { analyzeQuery, type AnalyzedQuery } from './expand';
import { sectionKinds, type QuestionIntent, type SectionKinds } from './intent';
import { LexicalIndex, type RankedPassage } from './lexical-index';
import { lawStatus, type LawStatus } from './law-status';
import { terms } from '../../search/analyzer';
import { principalActs } from './topics';

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

/** What re-ranking knows of a section, computed once when the index is built. */
interface SectionFacts {
  kinds: SectionKinds;
  headingTerms: ReadonlySet<string>;
}

/** Candidates taken from BM25 per language before re-ranking. */
const POOL = 60;

/**
 * Re-ranking weights: the BM25 score (scaled to the best, 0..1) is multiplied by one plus these.
 * Tuned on the development part of tests/ai/eval-set.json; the held-out part reports honestly.
 */
export const RERANK = {
  /** Exponent on the scaled BM25 score: below 1 lets what the section is count more than word counts. */
  bm25: 0.3,
  /** The section is of the kind the question asks for (a penalty for "what is the punishment …"). */
  kind: 0.3,
  /** A definition question meets a definitions section ("Definitions", "সংজ্ঞা"). */
  definitions: 0.5,
  /** A question on anything but who decides meets a section on how offences are tried (cognizable, bailable). */
  handling: -0.3,
  /** The section belongs to the principal Act of the question's topic. */
  topic: 0.8,
  /** How well the heading and the question match (./headingMatch). */
  heading: 1.2,
  /** Titles, repeal and rule-making sections. */
  boilerplate: -0.5,
  /** Factor for a repealed Act's section (the Act in force answers first) and for an amending Act. */
  repealed: 0.8,
  amending: 0.75,
};

export class LawRetriever {
  private readonly acts: Map<number, LawAct>;
  private readonly facts: SectionFacts[];

  private constructor(
    private readonly sections: readonly LawSection[],
    acts: readonly LawAct[],
    private readonly index: LexicalIndex,
  ) {
    this.acts = new Map(acts.map((act) => [act.actId, act]));
    this.facts = sections.map((section) => ({
      kinds: sectionKinds(section.heading),
      headingTerms: new Set(terms(section.heading)),
    }));
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
    const pool = Math.max(POOL, options.limit);
    const { en, bn } = this.rankByLanguage(query, options.actId, pool);
    const candidates = options.language ? (options.language === 'en' ? en : bn) : balance(en, bn, pool * 2);
    const ranked = this.rerank(query, candidates).slice(0, options.limit);
    const hits: LawHit[] = [];
    for (const { index, score } of ranked) {
      const section = this.sections[index];
      const act = section && this.acts.get(section.actId);
      if (section && act) hits.push({ section, act, status: lawStatus(act.actId), score });
    }
    return hits;
  }

  /** Candidates re-scored for what the question asks, best first. */
  private rerank(query: AnalyzedQuery, candidates: readonly RankedPassage[]): RankedPassage[] {
    const best = candidates[0]?.score ?? 0;
    if (best === 0) return [];
    const intent = query.intent;
    const topicActs = principalActs(query);
    const weights = new Map(query.weighted.map((t) => [t.term, t.weight]));
    const ownCount = Math.max(1, query.own.length);
    return candidates
      .map(({ index, score }) => {
        const section = this.sections[index];
        const facts = this.facts[index];
        if (!section || !facts) return { index, score: 0 };
        let bonus = 0;
        if (intent && matchesIntent(intent, facts, weights)) bonus += RERANK.kind;
        // A definitions section names no topic in its heading, yet is the answer to "what is …".
        if (intent === 'definition' && facts.kinds.kinds.has('definition')) bonus += RERANK.definitions;
        // Whether an offence is cognizable or bailable answers neither what it costs nor how to act.
        if (intent && intent !== 'who_decides' && facts.kinds.handling) bonus += RERANK.handling;
        if (facts.kinds.boilerplate) bonus += RERANK.boilerplate;
        bonus += RERANK.topic * (topicActs.get(section.actId) ?? 0);
        bonus += RERANK.heading * headingMatch(facts.headingTerms, weights, query.groups, ownCount);
        const status = lawStatus(section.actId).kind;
        const factor = status === 'repealed' ? RERANK.repealed : status === 'amending' ? RERANK.amending : 1;
        return { index, score: (score / best) ** RERANK.bm25 * Math.max(0.2, 1 + bonus) * factor };
      })
      .sort((a, b) => b.score - a.score);
  }

  /**
   * One BM25 pass, split into the English and the Bangla sections (best first, at most `limit`
   * each): scores do not depend on the split, so one search serves both languages.
   */
  private rankByLanguage(query: AnalyzedQuery, actId: number | undefined, limit: number) {
    const en: RankedPassage[] = [];
    const bn: RankedPassage[] = [];
    const all = this.index.rank(query.weighted, Number.POSITIVE_INFINITY, (i) => {
      const section = this.sections[i];
      return section !== undefined && (actId === undefined || section.actId === actId);
    });
    for (const ranked of all) {
      const section = this.sections[ranked.index];
      const list = section && this.acts.get(section.actId)?.language === 'bn' ? bn : en;
      if (list.length < limit) list.push(ranked);
      if (en.length >= limit && bn.length >= limit) break;
    }
    return { en, bn };
  }
}

/**
 * How closely a heading names what was asked, 0..1: the weight of the question's terms found in the
 * heading over the sizes of both (Dice). "Punishment for theft" matches "punishment for theft?"
 * better than a long heading that mentions theft among many other things.
 */
function headingMatch(
  heading: ReadonlySet<string>,
  weights: ReadonlyMap<string, number>,
  groups: ReadonlyMap<string, string>,
  ownCount: number,
): number {
  if (heading.size === 0) return 0;
  // Each thing the question names counts once, at its best weight, however many of its words appear.
  const byGroup = new Map<string, number>();
  for (const term of heading) {
    const weight = weights.get(term);
    if (weight === undefined) continue;
    const group = groups.get(term) ?? term;
    byGroup.set(group, Math.max(byGroup.get(group) ?? 0, weight));
  }
  let matched = 0;
  for (const weight of byGroup.values()) matched += weight;
  return Math.min(1, (2 * matched) / (heading.size + ownCount));
}

/**
 * Whether a section is of the kind the question asks for. A definition is also a section whose
 * heading is nothing but the thing asked about ("Theft", "Murder"), as the Penal Code names them.
 */
function matchesIntent(intent: QuestionIntent, facts: SectionFacts, weights: ReadonlyMap<string, number>): boolean {
  if (facts.kinds.kinds.has(intent)) return true;
  if (intent !== 'definition' || facts.headingTerms.size === 0 || facts.headingTerms.size > 3) return false;
  for (const term of facts.headingTerms) if (!weights.has(term)) return false;
  return true;
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
