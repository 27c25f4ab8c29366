/**
 * The answer written by a language model from the retrieved sections only. The model sees the
 * relevant sections (the same relevance cut as the composed answer: nothing relevant → no model call,
 * the plain "nothing found" answer) numbered [1]…[n] and must cite them by number. Its output is then
 * checked: every bracketed citation — a number, a section id (`act-…#…`) or anything else in brackets
 * that looks like a reference — must name one of the sources given, or it is removed. Only sources
 * the text actually cites are returned as citations. The replaced-law notes, the lawyer suggestion and
 * the not-legal-advice line are appended here, never left to the model. When the model fails, the
 * composed (extractive) answer is returned.
 */
import {
  closing,
  composeAnswer,
  MAX_CITATIONS,
  relevantHits,
  statusNotes,
  toCitation,
  type AnswerCitation,
  type ComposeInput,
  type ComposedAnswer,
} from '../answer/compose';
import { answerLanguage, type AnswerLanguage } from '../answer/language';
import { bengaliDigits } from '../answer/lead';
import type { LlmClient, LlmMessage } from './client';

/** Sections the model is given at most (more than the extractive answer quotes). */
export const LLM_SOURCES = 5;

export interface GroundedAnswer extends ComposedAnswer {
  /** 'llm' when the model wrote the body, 'extractive' when it was composed without it. */
  generator: 'llm' | 'extractive';
  /** Citations the model made that named no retrieved source (removed from the text). */
  dropped_citations: string[];
}

export function buildMessages(
  question: string,
  language: AnswerLanguage,
  sources: readonly AnswerCitation[],
): LlmMessage[] {
  const system = [
    'You are a legal information assistant for Bangladesh.',
    "Answer ONLY from the numbered law sections (and passages of the user's own documents) below; do not use any other knowledge.",
    'After every claim, cite its source by its number in square brackets, e.g. [1] or [2].',
    'Never cite anything that is not in the list. If the sections do not answer the question, say so.',
    'Do not add a disclaimer, a lawyer suggestion or any web address; they are added for you.',
    'Begin with one to three plain sentences that answer the question directly (for a punishment: the penalty; for a procedure: the first step), citing the section they rest on, then explain briefly.',
    language === 'bn'
      ? 'Write the whole answer in Bangla (Bengali script) with Bengali digits, also when the question is Bangla written in Latin letters (Banglish) and when a section is in English.'
      : 'Write the whole answer in English, also when a section is in Bangla.',
  ].join(' ');
  const listing = sources
    .map((s) => {
      const where =
        s.source === 'document'
          ? `the user's document ${s.act_title}, part ${s.section ?? '1'}`
          : `${s.act_title}, section ${s.section ?? 'preamble'}`;
      return `[${s.n}] ${where}${s.heading ? ` — ${s.heading}` : ''}\n${s.text}`;
    })
    .join('\n\n');
  return [
    { role: 'system', content: system },
    { role: 'user', content: `Law sections:\n\n${listing}\n\nQuestion: ${question}` },
  ];
}

/** Brackets holding a reference: [3], [1, 2], [act-11#380], [Penal Code s. 999] … */
const BRACKET = /\[([^\]\n]{1,120})\]/g;

/**
 * Keeps the citations naming a given source and removes the rest. Returns the cleaned text, the
 * numbers of the sources cited, and the citations dropped.
 */
export function filterCitations(
  text: string,
  sources: readonly AnswerCitation[],
): { text: string; cited: Set<number>; dropped: string[] } {
  const byNumber = new Map(sources.map((s) => [String(s.n), s.n]));
  const byId = new Map(sources.map((s) => [s.id.toLowerCase(), s.n]));
  const cited = new Set<number>();
  const dropped: string[] = [];
  const cleaned = text.replace(BRACKET, (whole, inner: string) => {
    const parts = inner.split(/\s*[,;]\s*/).filter((p) => p.length > 0);
    const kept: number[] = [];
    for (const part of parts) {
      const n = byNumber.get(part.trim()) ?? byId.get(part.trim().toLowerCase());
      if (n === undefined) dropped.push(part.trim());
      else if (!kept.includes(n)) kept.push(n);
    }
    for (const n of kept) cited.add(n);
    return kept.length > 0 ? kept.map((n) => `[${n}]`).join('') : '';
  });
  // Removing a citation can leave a space before punctuation or a double space.
  const tidy = cleaned.replace(/ +([.,;:।])/g, '$1').replace(/ {2,}/g, ' ');
  const prose = dropUnknownSections(tidy, sources);
  return { text: prose.text.trim(), cited, dropped: [...new Set([...dropped, ...prose.dropped])] };
}

/** "section 999", "s. 65B", "ধারা ৯৯৯" written out in the prose. */
const SECTION_MENTION = /(?:\bsections?\s+|\bsec\.\s*|\bs\.\s*|ধারা\s*)([0-9০-৯]+[A-Za-z]?)/giu;

function asciiDigits(value: string): string {
  return value.replace(/[\u09e6-\u09ef]/g, (d) => String.fromCharCode(48 + d.charCodeAt(0) - 0x09e6)).toUpperCase();
}

/**
 * A sentence naming a section number that none of the sources has is an unsupported citation in
 * prose: the sentence is removed.
 */
function dropUnknownSections(text: string, sources: readonly AnswerCitation[]): { text: string; dropped: string[] } {
  const known = new Set(sources.map((s) => asciiDigits(s.section ?? '')).filter((s) => s !== ''));
  const dropped: string[] = [];
  const lines = text.split('\n').map((line) =>
    line
      .split(/(?<=[.!?।])\s+/u)
      .filter((sentence) => {
        const unknown = [...sentence.matchAll(SECTION_MENTION)]
          .map((m) => asciiDigits(m[1] ?? ''))
          .filter((n) => !known.has(n));
        if (unknown.length > 0) dropped.push(...unknown.map((n) => `section ${n}`));
        return unknown.length === 0;
      })
      .join(' '),
  );
  return { text: lines.join('\n'), dropped };
}

export async function generateAnswer(input: ComposeInput & { llm: LlmClient | null }): Promise<GroundedAnswer> {
  const language = input.language ?? answerLanguage(input.question);
  const extractive = (): GroundedAnswer => ({
    ...composeAnswer({ ...input, language }),
    generator: 'extractive',
    dropped_citations: [],
  });
  const relevant = relevantHits(input.query, input.hits, Math.max(LLM_SOURCES, MAX_CITATIONS));
  if (!input.llm || relevant.length === 0) return extractive();

  const sources = relevant.map((hit, i) => toCitation(hit, i + 1, input.query));
  let output: string;
  try {
    output = await input.llm.complete(buildMessages(input.question, language, sources));
  } catch {
    return extractive();
  }
  const filtered = filterCitations(output, sources);
  // A model that cites none of the sources has not grounded its answer: use the composed one.
  if (filtered.cited.size === 0) return { ...extractive(), dropped_citations: filtered.dropped };

  const renumbered = renumber(
    filtered.text,
    sources.filter((s) => filtered.cited.has(s.n)),
  );
  const { citations } = renumbered;
  // A model asked for Bengali digits may still write "ধারা 39": a Bangla answer gets them anyway.
  const text = language === 'bn' ? bengaliDigitsOutsideMarkers(renumbered.text) : renumbered.text;
  const notes = statusNotes(language, citations);
  const end = closing(language, citations);
  return {
    language,
    found: true,
    lead: text.split(/\n\s*\n/)[0]?.trim() || null,
    intent: input.query.intent,
    text: [text, ...(notes.length ? ['', ...notes] : []), '', ...end.lines].join('\n'),
    citations,
    specializations: end.specializations,
    find_lawyer_url: end.link,
    lawyer: end.lawyer,
    generator: 'llm',
    dropped_citations: filtered.dropped,
  };
}

/** ASCII digits as Bengali digits, except in the citation markers [n] the client reads. */
export function bengaliDigitsOutsideMarkers(text: string): string {
  return text.replace(/\[[0-9,\s]+\]|[0-9]+/g, (m) => (m.startsWith('[') ? m : bengaliDigits(m)));
}

/**
 * The cited sources numbered 1…n in their order, and the text's markers with them: the model may
 * cite [1] and [3] only, and a reader (and the client, which numbers sources by position) expects
 * the second source to be [2]. After filterCitations every bracket left is a kept marker.
 */
export function renumber(
  text: string,
  cited: readonly AnswerCitation[],
): { text: string; citations: AnswerCitation[] } {
  const next = new Map(cited.map((c, i) => [c.n, i + 1]));
  return {
    text: text.replace(/\[(\d+)\]/g, (whole, n: string) => {
      const to = next.get(Number(n));
      return to === undefined ? whole : `[${to}]`;
    }),
    citations: cited.map((c, i) => ({ ...c, n: i + 1 })),
  };
}
