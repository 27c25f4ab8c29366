/**
 * Search over the law corpus: a question (English, Bangla or Banglish) → the best sections, with
 * their Act, score and the Act's status (in force, repealed, amending). Built once per process from
 * the corpus rows; the corpus does not change while the process runs.
 *
 * Two stages: BM25 finds candidates in each language (./lexical-index), then a re-ranking puts the
 * section that answers first — one of the kind the question asks for (./intent), of the topic's
 * principal Act (./topics), whose heading names what was asked and little else, in force rather
 * than repealed. Before either, a misspelt English word of the asker's own is joined by the indexed
 * word it most likely meant; an Act the question names by its title is preferred, and its title
 * words stop counting as heading matches inside it.
 */
import type { LawAct, LawCorpus, LawSection } from '../corpus/corpus';
import { analyzeQuery, type AnalyzedQuery, type WeightedTerm } from './expand';
import { negatedPart, sectionKinds, type QuestionIntent, type SectionKinds } from './intent';
import { LexicalIndex, type RankedPassage } from './lexical-index';
import { lawStatus, type LawStatus } from './law-status';
import { normalizeText, terms, wordTerms } from '../../search/analyzer';
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
  /** How many words the heading's terms come from. */
  headingWords: number;
  /** A heading term → the first term of its word, so the two stems of one word count once. */
  headingAlias: ReadonlyMap<string, string>;
  /** Heading terms that name what the section is about, not its kind ("murder" in "Punishment for murder"). */
  subjectTerms: ReadonlySet<string>;
  /**
   * Heading terms the heading says the section is *not* about: "murder" in "Punishment for culpable
   * homicide not amounting to murder", "talaq" in "Dissolution of marriage otherwise than by talaq".
   */
  negatedTerms: ReadonlySet<string>;
  /** The communities whose personal law the section's heading or Act names (COMMUNITIES). */
  communities: ReadonlySet<number>;
}

/** Words of almost every Act's title: they name no law in particular. */
const TITLE_WORDS = new Set(
  ['act', 'ordinance', 'order', 'the', 'of', 'আইন', 'অধ্যাদেশ', 'আদেশ'].flatMap((w) => terms(w)),
);

/** Words that ask for a definition: what is to be defined is the rest of the question. */
const DEFINITION_WORDS = new Set(
  [
    'definition',
    'definitions',
    'define',
    'defined',
    'meaning',
    'means',
    'mean',
    'সংজ্ঞা',
    'অর্থ',
    'মানে',
    'বলতে',
    'বলে',
  ].flatMap((w) => terms(w)),
);

/** Weight of the term a misspelt word was taken for (LawRetriever.corrected). */
const CORRECTION_WEIGHT = 0.8;

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
  definitions: 1.1,
  /** A question on anything but who decides meets a section on how offences are tried (cognizable, bailable). */
  handling: -0.3,
  /** The section belongs to the principal Act of the question's topic. */
  topic: 0.8,
  /** How well the heading and the question match (./headingMatch). */
  heading: 1.2,
  /**
   * Share of the heading's subject the question names: "Punishment for murder" is all about what
   * was asked, "Punishment for culpable homicide not amounting to murder" only partly.
   */
  subject: 0.45,
  /** The question names the section's Act by its title. */
  namedAct: 0.3,
  /** The heading excludes what the question names ("… not amounting to murder" for a murder question). */
  negated: -0.3,
  /** The section's Act or heading is the personal law of another community than the question names. */
  otherCommunity: -0.8,
  /**
   * A section that only states a penalty, for a question that asks something else ("Who can stop a
   * child marriage?", "Can a child be employed?"): the penalty names the act, the answer is elsewhere.
   */
  penaltyOffIntent: -0.3,
  /** Titles, repeal and rule-making sections. */
  boilerplate: -0.5,
  /** Factor for a repealed Act's section (the Act in force answers first) and for an amending Act. */
  repealed: 0.8,
  amending: 0.75,
};

export class LawRetriever {
  private readonly acts: Map<number, LawAct>;
  private readonly facts: SectionFacts[];
  /** Each Act's title as terms, without the words every title has ("Act", "আইন", the year). */
  private readonly titleTerms: Map<number, ReadonlySet<string>>;
  /** Terms of the sections' texts, for the few sections that need them (mentions). */
  private readonly textTerms = new Map<number, ReadonlySet<string>>();

  private constructor(
    private readonly sections: readonly LawSection[],
    acts: readonly LawAct[],
    private readonly index: LexicalIndex,
  ) {
    this.acts = new Map(acts.map((act) => [act.actId, act]));
    this.titleTerms = new Map(
      acts.map((act) => [act.actId, new Set(terms(act.title).filter((t) => !TITLE_WORDS.has(t) && !/^\d+$/.test(t)))]),
    );
    const actTitles = new Map(acts.map((act) => [act.actId, act.title]));
    this.facts = sections.map((section) => {
      // A word the heading also names outside what it excludes is still its subject: "When bail may
      // be taken in case of non-bailable offence" is about bail (bailable and bail share a stem).
      const parts = negatedPart(section.heading);
      const rest = parts.reduce((text, part) => text.replace(part, ' '), normalizeText(section.heading));
      const positive = new Set(terms(rest));
      const negatedTerms = new Set(parts.flatMap((part) => terms(part)).filter((term) => !positive.has(term)));
      const byWord = wordTerms(section.heading);
      const headingTerms = new Set(byWord.flat());
      const headingAlias = new Map<string, string>();
      for (const word of byWord)
        for (const term of word) if (!headingAlias.has(term)) headingAlias.set(term, word[0] ?? term);
      return {
        kinds: sectionKinds(section.heading),
        headingTerms,
        headingWords: new Set(headingAlias.values()).size,
        headingAlias,
        subjectTerms: new Set([...headingTerms].filter((term) => !isKindTerm(term) && !negatedTerms.has(term))),
        negatedTerms,
        communities: communitiesOf(terms(`${section.heading} ${actTitles.get(section.actId) ?? ''}`)),
      };
    });
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
    const query = this.corrected(typeof question === 'string' ? analyzeQuery(question) : question);
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

  /**
   * The query with each misspelt word of the asker's own ("punishmnt") joined by the indexed term
   * it most likely meant, a little below full weight. Words the glossary knows are left alone:
   * Banglish is not English misspelt.
   */
  private corrected(query: AnalyzedQuery): AnalyzedQuery {
    const known = new Set(query.weighted.map((t) => t.term));
    const added: WeightedTerm[] = [];
    const groups = new Map(query.groups);
    for (const term of query.own) {
      if (this.index.has(term) || !groups.get(term)?.startsWith('t')) continue;
      const meant = this.index.closestTerm(term);
      if (meant === null || known.has(meant)) continue;
      known.add(meant);
      added.push({ term: meant, weight: CORRECTION_WEIGHT });
      groups.set(meant, groups.get(term) ?? `t${term}`);
    }
    return added.length === 0 ? query : { ...query, weighted: [...query.weighted, ...added], groups };
  }

  /** What a definition question asks to have defined: its terms but the words for "definition" and the Act's name. */
  private askedTerms(weights: ReadonlyMap<string, number>, named: ReadonlySet<number>): Set<string> {
    const asked = new Set([...weights.keys()].filter((term) => !DEFINITION_WORDS.has(term)));
    for (const actId of named) for (const term of this.titleTerms.get(actId) ?? []) asked.delete(term);
    return asked;
  }

  /** Whether a section's text holds any of the terms (its terms computed once, when first asked). */
  private mentions(index: number, wanted: ReadonlySet<string>): boolean {
    let text = this.textTerms.get(index);
    if (text === undefined) {
      text = new Set(terms(this.sections[index]?.text ?? ''));
      this.textTerms.set(index, text);
    }
    for (const term of wanted) if (text.has(term)) return true;
    return false;
  }

  /** Acts the question names by their title ("under the Penal Code"), all of its title words present. */
  private namedActs(query: AnalyzedQuery): Set<number> {
    const own = new Set(query.own);
    const named = new Set<number>();
    for (const [actId, title] of this.titleTerms) {
      if (title.size < 2) continue;
      let all = true;
      for (const term of title) if (!own.has(term)) all = false;
      if (all) named.add(actId);
    }
    return named;
  }

  /** Candidates re-scored for what the question asks, best first. */
  private rerank(query: AnalyzedQuery, candidates: readonly RankedPassage[]): RankedPassage[] {
    const best = candidates[0]?.score ?? 0;
    if (best === 0) return [];
    const intent = query.intent;
    const topicActs = principalActs(query);
    const weights = new Map(query.weighted.map((t) => [t.term, t.weight]));
    const ownCount = Math.max(1, query.ownWords);
    const named = this.namedActs(query);
    const asked = intent === 'definition' ? this.askedTerms(weights, named) : new Set<string>();
    // What the question itself names as excluded ("non-bailable", "জামিন অযোগ্য") is no mismatch.
    const askedCommunities = communitiesOf(query.own);
    const negatedGroups = new Set([...query.negated].map((term) => query.groups.get(term) ?? term));
    // Words that name the Act say which law, not which section: they do not count in its headings.
    const withoutTitle = new Map<number, Map<string, number>>();
    for (const actId of named) {
      const title = this.titleTerms.get(actId) ?? new Set<string>();
      withoutTitle.set(actId, new Map([...weights].filter(([term]) => !title.has(term))));
    }
    return candidates
      .map(({ index, score }) => {
        const section = this.sections[index];
        const facts = this.facts[index];
        if (!section || !facts) return { index, score: 0 };
        let bonus = 0;
        // A definitions section answers "what is X" only when it defines X: "Definitions in the Code to
        // be understood subject to exceptions" defines nothing asked.
        const definitions = intent === 'definition' && facts.kinds.kinds.has('definition');
        const definesAsked = definitions && this.mentions(index, asked);
        if (intent && matchesIntent(intent, facts, weights) && (!definitions || definesAsked)) bonus += RERANK.kind;
        bonus += RERANK.subject * subjectCoverage(facts.subjectTerms, facts.headingAlias, weights, query.groups);
        // A definitions section names no topic in its heading, yet is the answer to "what is …".
        if (definesAsked) bonus += RERANK.definitions;
        // Whether an offence is cognizable or bailable answers neither what it costs nor how to act.
        if (intent && intent !== 'who_decides' && facts.kinds.handling) bonus += RERANK.handling;
        if (facts.kinds.boilerplate) bonus += RERANK.boilerplate;
        // What an offence costs answers neither how to act nor what one may do; "Appeal from sentence
        // of Court of Session" is of another kind too and is not meant.
        if (intent && intent !== 'punishment' && facts.kinds.kinds.has('punishment') && facts.kinds.kinds.size === 1)
          bonus += RERANK.penaltyOffIntent;
        // Family and succession law in Bangladesh is personal law: the Hindu Act does not answer a Muslim's question.
        if (
          askedCommunities.size > 0 &&
          facts.communities.size > 0 &&
          ![...facts.communities].some((c) => askedCommunities.has(c))
        )
          bonus += RERANK.otherCommunity;
        for (const term of facts.negatedTerms)
          if (weights.has(term) && !negatedGroups.has(query.groups.get(term) ?? term)) {
            bonus += RERANK.negated;
            break;
          }
        bonus += RERANK.topic * (topicActs.get(section.actId) ?? 0);
        const headingWeights = withoutTitle.get(section.actId) ?? weights;
        bonus += RERANK.heading * headingMatch(facts, headingWeights, query.groups, ownCount);
        if (named.has(section.actId)) bonus += RERANK.namedAct;
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
  { headingTerms: heading, headingWords, headingAlias }: SectionFacts,
  weights: ReadonlyMap<string, number>,
  groups: ReadonlyMap<string, string>,
  ownCount: number,
): number {
  if (headingWords === 0) return 0;
  // Each thing the question names counts once, at its best weight, however many of its words appear.
  const byGroup = new Map<string, number>();
  for (const term of heading) {
    const weight = weights.get(term);
    if (weight === undefined) continue;
    const group = groups.get(term) ?? headingAlias.get(term) ?? term;
    byGroup.set(group, Math.max(byGroup.get(group) ?? 0, weight));
  }
  let matched = 0;
  for (const weight of byGroup.values()) matched += weight;
  return Math.min(1, (2 * matched) / (headingWords + ownCount));
}

/**
 * The communities whose personal law governs marriage, divorce and inheritance in Bangladesh, each
 * named in English, Bangla and Banglish.
 */
const COMMUNITIES: readonly ReadonlySet<string>[] = [
  ['muslim', 'muslims', 'muhammadan', 'mohammedan', 'মুসলিম', 'মুসলমান', 'musolman', 'musalman'],
  ['hindu', 'hindus', 'হিন্দু', 'হিন্দুদের'],
  ['christian', 'christians', 'খ্রিস্টান', 'খ্রীস্টান', 'খ্রিষ্টান', 'khristan'],
  ['buddhist', 'buddhists', 'বৌদ্ধ', 'boudho'],
].map((words) => new Set(words.flatMap((word) => terms(word))));

/** Indexes of the communities the terms name. */
function communitiesOf(found: readonly string[]): Set<number> {
  const named = new Set<number>();
  COMMUNITIES.forEach((words, i) => {
    if (found.some((term) => words.has(term))) named.add(i);
  });
  return named;
}

/** Heading words that say what kind a section is, not what it is about. */
const KIND_TERMS = new Set(
  [
    'punishment',
    'penalty',
    'penalties',
    'offence',
    'offences',
    'procedure',
    'shasti',
    'শাস্তি',
    'দণ্ড',
    'দন্ড',
    'অপরাধ',
    'ইত্যাদি',
    'করিবার',
    'সংক্রান্ত',
    'etc',
  ].flatMap((word) => terms(word)),
);

function isKindTerm(term: string): boolean {
  return KIND_TERMS.has(term);
}

/**
 * Share (0..1) of a heading's subject the question names, counting each thing once: "culpable
 * homicide not amounting to murder" is three things (culpable, homicide-or-murder, amounting), of
 * which a murder question names one; "murder" is one, named. 0 for a heading with no subject.
 */
function subjectCoverage(
  subject: ReadonlySet<string>,
  alias: ReadonlyMap<string, string>,
  weights: ReadonlyMap<string, number>,
  groups: ReadonlyMap<string, string>,
): number {
  if (subject.size === 0) return 0;
  const things = new Map<string, number>();
  for (const term of subject) {
    const group = groups.get(term) ?? alias.get(term) ?? term;
    things.set(group, Math.max(things.get(group) ?? 0, weights.get(term) ?? 0));
  }
  let named = 0;
  for (const weight of things.values()) named += weight;
  return named / things.size;
}

/**
 * Whether a section is of the kind the question asks for. A definition is also a section whose
 * heading is nothing but the thing asked about ("Theft", "Murder"), as the Penal Code names them.
 */
function matchesIntent(intent: QuestionIntent, facts: SectionFacts, weights: ReadonlyMap<string, number>): boolean {
  if (facts.kinds.kinds.has(intent)) return true;
  if (intent !== 'definition' || facts.headingWords === 0 || facts.headingWords > 3) return false;
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
