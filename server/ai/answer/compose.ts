/**
 * The answer without a language model: from the retrieved law sections, the most relevant passages
 * quoted and cited (Act + section, the section's full text for expansion and the Act's official
 * bdlaws page), a note for every cited Act that has been replaced, a plain "nothing relevant found"
 * instead of a guess when no section covers enough of the question, and always the not-legal-advice
 * line with the specializations a lawyer for this would have and a /find-lawyer link with that filter.
 *
 * Pure: the same hits and question give the same answer. The LLM path (../llm) reuses relevance,
 * citations and the closing lines from here and only replaces the body.
 */
import type { Specialization } from '../../../contract/enums';
import { SPECIALIZATION_NAMES } from '../../../contract/enums';
import type { AnalyzedQuery } from '../retrieval/expand';
import type { LawHit } from '../retrieval/law-retriever';
import { actInForce } from '../retrieval/law-status';
import { isDocumentPassage } from '../retrieval/session-documents';
import { normalizeText, termsOf, wordList } from '../retrieval/text';
import { answerLanguage, type AnswerLanguage } from './language';
import { DEFAULT_SPECIALIZATION, findLawyerLink, specializationsFor } from './specializations';

export interface AnswerCitation {
  /** `act-<actId>#<n>`: the retrieved section's id; `doc-<uuid>#<part>` for a session document. */
  id: string;
  /** A section of the law, or a passage of a document attached to the chat (act_id 0, url ''). */
  source: 'law' | 'document';
  /** 1-based marker used in the answer text: [1], [2], … */
  n: number;
  act_id: number;
  act_title: string;
  section: string | null;
  heading: string;
  /** The section in full, for expansion. */
  text: string;
  /** The Act's official bdlaws page. */
  url: string;
  language: 'en' | 'bn';
  status: 'in_force' | 'repealed' | 'amending';
  replaced_by: number | null;
  status_note: string | null;
}

export interface ComposedAnswer {
  language: AnswerLanguage;
  /** False when nothing relevant was found: the text says so and cites nothing. */
  found: boolean;
  /** Plain text; each claim carries its citation marker [n]. Ends with the closing lines. */
  text: string;
  citations: AnswerCitation[];
  specializations: Specialization[];
  find_lawyer_url: string;
}

/** Least share of the question a section must cover to be used (see coverage()). */
export const MIN_COVERAGE = 0.34;
/** Sections quoted at most. */
export const MAX_CITATIONS = 3;
/** A quoted passage is cut to about this many characters. */
const QUOTE_CHARS = 320;

export const DISCLAIMER: Record<AnswerLanguage, string> = {
  en: 'This is general legal information from the laws of Bangladesh, not legal advice. For your situation, consult a lawyer.',
  bn: 'এটি বাংলাদেশের আইন থেকে সাধারণ আইনি তথ্য, আইনি পরামর্শ নয়। আপনার বিষয়ে একজন আইনজীবীর পরামর্শ নিন।',
};

const NOTHING_FOUND: Record<AnswerLanguage, string> = {
  en: 'I could not find a section of the laws I know that answers this question, so I will not guess. Try asking with other words, or ask a lawyer.',
  bn: 'আমার জানা আইনগুলোর মধ্যে এই প্রশ্নের উত্তর দেয় এমন কোনো ধারা খুঁজে পাইনি, তাই অনুমান করে উত্তর দিচ্ছি না। অন্য শব্দে জিজ্ঞেস করুন, অথবা একজন আইনজীবীর পরামর্শ নিন।',
};

const INTRO: Record<AnswerLanguage, string> = {
  en: 'These sections of the law are the most relevant to your question:',
  bn: 'আপনার প্রশ্নের সঙ্গে সবচেয়ে প্রাসঙ্গিক আইনের ধারাগুলো:',
};

function sectionLabel(language: AnswerLanguage, citation: AnswerCitation): string {
  if (citation.source === 'document') {
    const part = citation.section ?? '1';
    return language === 'bn' ? `${citation.act_title}, অংশ ${part}` : `${citation.act_title}, part ${part}`;
  }
  const section = citation.section ?? (language === 'bn' ? 'প্রস্তাবনা' : 'Preamble');
  return language === 'bn' ? `${citation.act_title}, ধারা ${section}` : `${citation.act_title}, section ${section}`;
}

function lawyerLine(language: AnswerLanguage, specializations: readonly Specialization[], link: string): string {
  const names = specializations.slice(0, 3).map((s) => SPECIALIZATION_NAMES[s][language]);
  return language === 'bn'
    ? `এ বিষয়ে ${names.join(', ')} বিষয়ে অভিজ্ঞ আইনজীবী খুঁজুন: ${link}`
    : `A lawyer for this would practise ${names.join(', ')}: ${link}`;
}

/**
 * How much of the question a section answers, 0..1: the weight of the question's terms (own terms 1,
 * glossary renderings in the other language 0.6) found in the section, over the number of the
 * question's own terms. A Bangla section answering an English question reaches it through the
 * renderings.
 */
export function coverage(query: AnalyzedQuery, hit: Pick<LawHit, 'section'>): number {
  if (query.own.length === 0) return 0;
  const present = sectionTerms(hit.section.heading + ' ' + hit.section.text);
  let matched = 0;
  for (const { term, weight } of query.weighted) if (present.has(term)) matched += weight;
  return Math.min(1, matched / query.own.length);
}

function sectionTerms(text: string): Set<string> {
  const set = new Set<string>();
  for (const word of wordList(normalizeText(text).toLowerCase())) for (const t of termsOf(word)) set.add(t);
  return set;
}

/** The sentence (or clause run) of a section where the question's terms are densest, cut to size. */
export function bestPassage(text: string, queryTerms: ReadonlySet<string>): string {
  const sentences = text
    .split(/(?<=[.;:।৷])\s+|\n+/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  let best = sentences[0] ?? text;
  let bestScore = -1;
  for (const sentence of sentences) {
    const hits = wordList(normalizeText(sentence).toLowerCase()).filter((w) =>
      termsOf(w).some((t) => queryTerms.has(t)),
    ).length;
    if (hits > bestScore) {
      best = sentence;
      bestScore = hits;
    }
  }
  return best.length > QUOTE_CHARS ? `${best.slice(0, QUOTE_CHARS).trimEnd()}…` : best;
}

/** The hits good enough to answer from, best first, one per section. */
export function relevantHits(query: AnalyzedQuery, hits: readonly LawHit[], limit = MAX_CITATIONS): LawHit[] {
  const seen = new Set<string>();
  const kept: LawHit[] = [];
  for (const hit of hits) {
    if (kept.length >= limit || seen.has(hit.section.id)) continue;
    if (coverage(query, hit) < MIN_COVERAGE) continue;
    seen.add(hit.section.id);
    kept.push(hit);
  }
  return kept;
}

export function toCitation(hit: LawHit, n: number): AnswerCitation {
  const { status } = hit;
  return {
    id: hit.section.id,
    source: isDocumentPassage(hit.section.id) ? 'document' : 'law',
    n,
    act_id: hit.act.actId,
    act_title: hit.act.title,
    section: hit.section.section,
    heading: hit.section.heading,
    text: hit.section.text,
    url: hit.act.url,
    language: hit.act.language,
    status: status.kind,
    replaced_by: status.kind === 'repealed' ? actInForce(hit.act.actId) : null,
    status_note: status.kind === 'in_force' ? null : status.note,
  };
}

/** Notes for replaced and amending Acts among the citations, once per Act. */
export function statusNotes(language: AnswerLanguage, citations: readonly AnswerCitation[]): string[] {
  const notes: string[] = [];
  const seen = new Set<number>();
  for (const c of citations) {
    if (c.status === 'in_force' || seen.has(c.act_id) || !c.status_note) continue;
    seen.add(c.act_id);
    if (c.status === 'repealed') {
      notes.push(
        language === 'bn'
          ? `সতর্কতা: ${c.act_title} আর বলবৎ নেই। ${c.status_note}`
          : `Note: ${c.act_title} is no longer in force. ${c.status_note}`,
      );
    } else {
      notes.push(`${c.act_title}: ${c.status_note}`);
    }
  }
  return notes;
}

/** The closing lines every answer ends with: lawyer suggestion and the not-legal-advice line. */
export function closing(
  language: AnswerLanguage,
  citations: readonly AnswerCitation[],
): { lines: string[]; specializations: Specialization[]; link: string } {
  const found = specializationsFor(citations.filter((c) => c.source === 'law').map((c) => c.act_id));
  const specializations = found.length > 0 ? found : [DEFAULT_SPECIALIZATION];
  const link = findLawyerLink(specializations[0]);
  return { lines: [lawyerLine(language, specializations, link), DISCLAIMER[language]], specializations, link };
}

export interface ComposeInput {
  question: string;
  query: AnalyzedQuery;
  /** Retrieved sections, best first. */
  hits: readonly LawHit[];
  /** Overrides the language detected from the question. */
  language?: AnswerLanguage;
}

export function composeAnswer(input: ComposeInput): ComposedAnswer {
  const language = input.language ?? answerLanguage(input.question);
  const relevant = relevantHits(input.query, input.hits);
  const citations = relevant.map((hit, i) => toCitation(hit, i + 1));
  const end = closing(language, citations);
  if (citations.length === 0) {
    return {
      language,
      found: false,
      text: [NOTHING_FOUND[language], '', ...end.lines].join('\n'),
      citations: [],
      specializations: end.specializations,
      find_lawyer_url: end.link,
    };
  }
  const queryTerms = new Set(input.query.weighted.map((t) => t.term));
  const body = citations.map((c) => {
    const heading = c.heading ? ` (${c.heading})` : '';
    return `[${c.n}] ${sectionLabel(language, c)}${heading}: “${bestPassage(c.text, queryTerms)}”`;
  });
  const notes = statusNotes(language, citations);
  const text = [INTRO[language], '', ...body, ...(notes.length ? ['', ...notes] : []), '', ...end.lines].join('\n');
  return {
    language,
    found: true,
    text,
    citations,
    specializations: end.specializations,
    find_lawyer_url: end.link,
  };
}
