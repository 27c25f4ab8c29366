/**
 * The answer without a language model: a plain-language lead that answers first (./lead: "Theft is
 * punished with imprisonment of up to three years, a fine, or both (Penal Code, 1860, section 379)."),
 * then at most three retrieved sections quoted and cited (Act + section, the one most relevant
 * sentence marked as `highlight`, the section's full text for expansion and the Act's official
 * bdlaws page), a note for every cited Act that has been replaced, a plain "nothing relevant found"
 * instead of a guess when no section covers enough of the question, and always the not-legal-advice
 * line with the one specialization a lawyer for this would have — as a structured hand-off
 * (`lawyer`), never an address in the text. Bangla answers write numbers in Bengali digits.
 *
 * Pure: the same hits and question give the same answer. The LLM path (../llm) reuses relevance,
 * citations and the closing lines from here and only replaces the body.
 */
import type { Specialization } from '../../../contract/enums';
import { SPECIALIZATION_NAMES } from '../../../contract/enums';
import type { AnalyzedQuery } from '../retrieval/expand';
import type { QuestionIntent } from '../retrieval/intent';
import type { LawHit } from '../retrieval/law-retriever';
import { actInForce } from '../retrieval/law-status';
import { isDocumentPassage } from '../retrieval/session-documents';
import { normalizeText, termsOf, wordList } from '../../search/analyzer';
import { answerLanguage, type AnswerLanguage } from './language';
import { bengaliDigits, composeLead, highlightOf } from './lead';
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
  /** The section's one most relevant sentence, verbatim from `text`; the client marks it. */
  highlight: string;
  /** Where `highlight` starts in `text`. */
  highlight_start: number;
}

/** The lawyer hand-off: the one specialization that fits, and the button's words. */
export interface LawyerHandOff {
  specialization: Specialization;
  /** "Find a Criminal Law lawyer" in the answer's language. */
  label: string;
}

export interface ComposedAnswer {
  language: AnswerLanguage;
  /** False when nothing relevant was found: the text says so and cites nothing. */
  found: boolean;
  /** One to three sentences answering the question first; null when nothing was found. */
  lead: string | null;
  /** What the question asks for, as recognised (../retrieval/intent). */
  intent: QuestionIntent | null;
  /** Plain text; each claim carries its citation marker [n]. Ends with the closing lines. */
  text: string;
  citations: AnswerCitation[];
  /** The one specialization of the hand-off (a list for older clients). */
  specializations: Specialization[];
  /** The directory filtered by it, for older clients; never written into `text`. */
  find_lawyer_url: string;
  lawyer: LawyerHandOff;
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
  en: 'Where the law says so:',
  bn: 'আইনে যেখানে বলা আছে:',
};

function sectionLabel(language: AnswerLanguage, citation: AnswerCitation): string {
  if (citation.source === 'document') {
    const part = citation.section ?? '1';
    return language === 'bn'
      ? `${citation.act_title}, অংশ ${bengaliDigits(part)}`
      : `${citation.act_title}, part ${part}`;
  }
  const section = citation.section ?? (language === 'bn' ? 'প্রস্তাবনা' : 'Preamble');
  return language === 'bn'
    ? `${citation.act_title}, ধারা ${bengaliDigits(section)}`
    : `${citation.act_title}, section ${section}`;
}

/** The hand-off in words, without any address: the client renders `lawyer` as a link or button. */
function lawyerLine(language: AnswerLanguage, specialization: Specialization): string {
  const name = SPECIALIZATION_NAMES[specialization][language];
  return language === 'bn'
    ? `আপনার বিষয়ে ${name} বিষয়ে অভিজ্ঞ একজন আইনজীবী সাহায্য করতে পারবেন।`
    : `A lawyer practising ${name} can help with your situation.`;
}

export function lawyerHandOff(language: AnswerLanguage, specialization: Specialization): LawyerHandOff {
  const name = SPECIALIZATION_NAMES[specialization][language];
  return {
    specialization,
    label: language === 'bn' ? `${name} বিষয়ে আইনজীবী খুঁজুন` : `Find a ${name} lawyer`,
  };
}

/**
 * How much of the question a section answers, 0..1: the share of the things the question names (its
 * own terms, grouped by glossary concept) that the section mentions — in the asker's words or in a
 * rendering of the same concept in the other language, so a Bangla section answers an English
 * question as fully as an English one would.
 */
export function coverage(query: AnalyzedQuery, hit: Pick<LawHit, 'section'>): number {
  if (query.own.length === 0) return 0;
  const present = sectionTerms(hit.section.heading + ' ' + hit.section.text);
  const groupOf = (term: string) => query.groups.get(term) ?? `t${term}`;
  const asked = new Set(query.own.map(groupOf));
  const found = new Set<string>();
  for (const { term } of query.weighted) if (present.has(term)) found.add(groupOf(term));
  let matched = 0;
  for (const group of asked) if (found.has(group)) matched += 1;
  return matched / asked.size;
}

function sectionTerms(text: string): Set<string> {
  const set = new Set<string>();
  for (const word of wordList(normalizeText(text).toLowerCase())) for (const t of termsOf(word)) set.add(t);
  return set;
}

/** A highlighted sentence cut to quoting size. */
export function quoteOf(highlight: string): string {
  return highlight.length > QUOTE_CHARS ? `${highlight.slice(0, QUOTE_CHARS).trimEnd()}…` : highlight;
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

/**
 * A retrieved section as a citation, numbered n, with its most relevant sentence for the question
 * (the first sentence when no question is given).
 */
export function toCitation(hit: LawHit, n: number, query?: AnalyzedQuery): AnswerCitation {
  const { status } = hit;
  const highlight = highlightOf(
    hit.section.text,
    new Set(query?.weighted.map((t) => t.term) ?? []),
    query?.intent ?? null,
  );
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
    highlight: highlight.text,
    highlight_start: highlight.start,
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

/**
 * The closing lines every answer ends with — the lawyer hand-off in words and the not-legal-advice
 * line — and the one specialization that fits the cited law best (the top citation weighs most).
 */
export function closing(
  language: AnswerLanguage,
  citations: readonly AnswerCitation[],
): { lines: string[]; specializations: Specialization[]; link: string; lawyer: LawyerHandOff } {
  const found = specializationsFor(citations.filter((c) => c.source === 'law').map((c) => c.act_id));
  const specialization = found[0] ?? DEFAULT_SPECIALIZATION;
  return {
    lines: [lawyerLine(language, specialization), DISCLAIMER[language]],
    specializations: [specialization],
    link: findLawyerLink(specialization),
    lawyer: lawyerHandOff(language, specialization),
  };
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
  const intent = input.query.intent;
  const relevant = relevantHits(input.query, input.hits);
  const citations = relevant.map((hit, i) => toCitation(hit, i + 1, input.query));
  const end = closing(language, citations);
  const handOff = {
    specializations: end.specializations,
    find_lawyer_url: end.link,
    lawyer: end.lawyer,
  };
  if (citations.length === 0) {
    return {
      language,
      found: false,
      lead: null,
      intent,
      text: [NOTHING_FOUND[language], '', ...end.lines].join('\n'),
      citations: [],
      ...handOff,
    };
  }
  const led = composeLead(language, intent, citations);
  const marker = `[${(citations[led.source] ?? citations[0])?.n ?? 1}]`;
  // The marker goes before the lead's closing full stop or danda.
  const lead = /[.।]$/u.test(led.text)
    ? `${led.text.slice(0, -1)} ${marker}${led.text.slice(-1)}`
    : `${led.text} ${marker}`;
  const body = citations.map((c) => {
    const heading = c.heading ? ` (${c.heading})` : '';
    return `[${c.n}] ${sectionLabel(language, c)}${heading}: “${quoteOf(c.highlight)}”`;
  });
  const notes = statusNotes(language, citations);
  const text = [lead, '', INTRO[language], ...body, ...(notes.length ? ['', ...notes] : []), '', ...end.lines].join(
    '\n',
  );
  return { language, found: true, lead, intent, text, citations, ...handOff };
}
