/**
 * Query analysis: a question becomes weighted search terms — its own terms at full weight, and the
 * other-language (and Banglish-to-Bangla) renderings of every glossary concept it names at a lower
 * weight, so a term the asker used outranks a translation of it but translations still reach Acts
 * written only in the other language.
 */
import { negatedPart, QUESTION_WORDS, questionIntent, type QuestionIntent } from './intent';
import { isBangla, terms, wordTerms } from '../../search/analyzer';
import { banglishBase, compoundHead, glossaryIndex, LONGEST_PHRASE, stoppedTerms } from '../../search/glossary';

export interface WeightedTerm {
  term: string;
  weight: number;
}

export interface AnalyzedQuery {
  /** Terms of the question itself, stopwords dropped. */
  own: string[];
  /** How many words the own terms come from (a word with an ambiguous ending gives two terms). */
  ownWords: number;
  /** Own terms and glossary expansions, each term once at its highest weight. */
  weighted: WeightedTerm[];
  /** The question's script: 'bn' when most of its words are Bangla. */
  language: 'en' | 'bn';
  /**
   * Which terms say the same thing: a term → its group (the glossary concept it renders, or the
   * term itself), so "murder", "homicide" and "খুন" count once where one mention is what matters.
   */
  groups: Map<string, string>;
  /** What the question asks for (./intent), null when its wording does not say. */
  intent: QuestionIntent | null;
  /** Terms the question names only as what something is not ("non-bailable"; ./intent negatedPart). */
  negated: ReadonlySet<string>;
}

/** Weight of a glossary rendering relative to the asker's own term. */
export const EXPANSION_WEIGHT = 0.6;

/** "will" as a noun: after an article or a possessive ("a will", "my father's will"), not "that will be". */
const WILL_NOUN =
  /\b(?:a|the|my|his|her|their|your|our|whose|\w+'s|written|registered|last)\s+will\b|\b(?:this|that)\s+will\b(?!\s+(?:be|not|have|get|take|give|pay|go|come|need|make|do)\b)/i;

let questionTerms: Set<string> | null = null;

/** Weight factor for what the question names as its circumstance, not its subject. */
const CONTEXT_WEIGHT = 0.7;

/** "after (a) divorce", "তালাকের পর", "talaker por": the thing that came before what is asked. */
const AFTER_EN = /\bafter\s+(?:(?:a|an|the|my|his|her|their)\s+)?([a-z]+)/giu;
const AFTER_BN = /(\S+)\s+(?:পর|পরে)(?=[\s?।,]|$)/gu;
const AFTER_LATIN = /\b([a-z]+)\s+(?:por|pore)\b/giu;

function contextTerms(question: string): string[] {
  return [...question.matchAll(AFTER_EN), ...question.matchAll(AFTER_BN), ...question.matchAll(AFTER_LATIN)].flatMap(
    (m) => terms(m[1] ?? ''),
  );
}

export function analyzeQuery(question: string): AnalyzedQuery {
  const stopped = stoppedTerms();
  questionTerms ??= new Set(QUESTION_WORDS.flatMap((word) => terms(word)));
  const asking = questionTerms;
  const ownByWord = wordTerms(question)
    .map((word) => word.filter((t) => !stopped.has(t) && !asking.has(t)))
    .filter((word) => word.length > 0);
  // "will" is a stopword as a verb, but after a determiner it is the testament ("make a will").
  if (WILL_NOUN.test(question)) ownByWord.push(terms('wills'));
  const own = ownByWord.flat();
  const weights = new Map<string, number>();
  const add = (term: string, weight: number) => weights.set(term, Math.max(weights.get(term) ?? 0, weight));
  for (const term of own) add(term, 1);

  const { byPhrase, latinTerms, renderings } = glossaryIndex();
  const named = own.map((term) => banglishBase(term, latinTerms));
  const matches: { start: number; end: number; concepts: readonly number[] }[] = [];
  for (let start = 0; start < named.length; start += 1) {
    for (let length = 1; length <= LONGEST_PHRASE && start + length <= named.length; length += 1) {
      const found = byPhrase.get(named.slice(start, start + length).join(' '));
      if (found) matches.push({ start, end: start + length, concepts: found });
    }
  }
  // The longest phrase names the concept: "child marriage" is not also a question on marriage, nor
  // "police custody" one on the custody of children.
  const kept = matches
    .filter(
      (m) => !matches.some((o) => o !== m && o.start <= m.start && o.end >= m.end && o.end - o.start > m.end - m.start),
    )
    .sort((a, b) => b.end - b.start - (a.end - a.start));
  const concepts = new Set<number>();
  const groups = new Map<string, string>();
  for (const { start, end, concepts: found } of kept) {
    for (const concept of found) {
      concepts.add(concept);
      for (const term of own.slice(start, end)) if (!groups.has(term)) groups.set(term, `c${concept}`);
    }
  }
  for (const concept of concepts) {
    for (const phrase of renderings[concept] ?? []) {
      for (const term of phrase) {
        add(term, EXPANSION_WEIGHT);
        if (!groups.has(term)) groups.set(term, `c${concept}`);
      }
    }
  }
  // A Bangla compound of the asker's also asks for the concept it starts with (বর্গাচুক্তি → বর্গা).
  for (const [first = ''] of ownByWord) {
    const head = compoundHead(first);
    if (head === null || weights.has(head)) continue;
    add(head, EXPANSION_WEIGHT);
    groups.set(head, groups.get(first) ?? `t${first}`);
  }
  // The stems of one word ("অধিকার" and "অধিকা") say one thing.
  for (const [first = '', ...others] of ownByWord) {
    const group = groups.get(first) ?? `t${first}`;
    groups.set(first, group);
    for (const term of others) if (!groups.has(term)) groups.set(term, group);
  }
  for (const term of weights.keys()) if (!groups.has(term)) groups.set(term, `t${term}`);
  // What the question sets as its circumstance ("… after divorce", "তালাকের পর …") is not what it asks.
  const context = new Set(contextTerms(question).map((term) => groups.get(term) ?? `t${term}`));
  if (context.size > 0 && context.size < ownByWord.length)
    for (const [term, weight] of weights)
      if (context.has(groups.get(term) ?? `t${term}`)) weights.set(term, weight * CONTEXT_WEIGHT);

  const banglaWords = own.filter(isBangla).length;
  return {
    own,
    ownWords: ownByWord.length,
    weighted: [...weights].map(([term, weight]) => ({ term, weight })),
    language: banglaWords * 2 >= own.length && banglaWords > 0 ? 'bn' : 'en',
    groups,
    intent: questionIntent(question),
    negated: new Set(negatedPart(question).flatMap((part) => terms(part))),
  };
}
