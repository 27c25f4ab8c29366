/**
 * The lead of a composed answer: one to three plain sentences in the answer's language that answer
 * the question from the top section's operative words, before the cited sections. A penalty is read
 * out of the section (English "shall be punished with imprisonment … which may extend to three years,
 * or with fine, or with both"; Bangla "অনধিক ৫ (পাঁচ) বৎসর কারাদণ্ডে … দণ্ডনীয়") and said again in
 * either language; any other section is introduced by its Act, number and its most relevant sentence.
 *
 * Also the sentence of a section that answers best (the one the client highlights), and Bengali
 * digits for Bangla text. Pure.
 */
import type { QuestionIntent } from '../retrieval/intent';
import { normalizeText, termsOf, wordList } from '../../search/analyzer';
import type { AnswerLanguage } from './language';

const BENGALI_DIGITS = '০১২৩৪৫৬৭৮৯';

/** ASCII digits written as Bengali digits ("379" → "৩৭৯"). */
export function bengaliDigits(text: string): string {
  return text.replace(/[0-9]/g, (d) => BENGALI_DIGITS[Number(d)] ?? d);
}

// ── Penalties ──────────────────────────────────────────────────────────────────────────────────

type Unit = 'year' | 'month' | 'day';

export interface Penalty {
  death: boolean;
  life: boolean;
  /** Longest term of imprisonment, as the statute writes the number ("three", "5"). */
  maxTerm: { n: string; unit: Unit } | null;
  minTerm: { n: string; unit: Unit } | null;
  fine: boolean;
  /** Highest fine in taka, as written ("50,000", "5 lakh"); null when not stated. */
  fineMax: string | null;
  /** How the fine joins the imprisonment: either or both, always also, or instead. */
  fineJoin: 'both' | 'and' | 'or';
}

const EN_UNIT: Record<string, Unit> = {
  year: 'year',
  years: 'year',
  month: 'month',
  months: 'month',
  day: 'day',
  days: 'day',
};
const BN_UNIT: Record<string, Unit> = { বৎসর: 'year', বছর: 'year', মাস: 'month', দিন: 'day' };

const EN_NUMBER = String.raw`(\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|twenty|thirty)`;

/** The penalty an English or Bangla section states, or null when it states none. */
export function parsePenalty(sectionText: string): Penalty | null {
  // Editorial brackets ("[imprisonment] for life") mark amended words; the words are the law.
  const text = normalizeText(sectionText).replace(/[[\]]/g, '').replace(/\s+/g, ' ');
  return parseEnglishPenalty(text) ?? parseBanglaPenalty(text);
}

function parseEnglishPenalty(text: string): Penalty | null {
  const start = text.search(/\b(?:punished|punishable)\s+with\b/i);
  if (start === -1) return null;
  const rest = text.slice(start);
  const end = rest.search(/\.(?:\s|$)|;|:—|:-|,\s*(?:if|when|where|unless)\s/);
  const clause = end === -1 ? rest : rest.slice(0, end);
  const max = new RegExp(
    String.raw`(?:may extend to|not exceeding|up to)\s+${EN_NUMBER}\s+(years?|months?|days?)`,
    'i',
  ).exec(clause);
  const min = new RegExp(
    String.raw`(?:not be less than|not less than|minimum of)\s+${EN_NUMBER}\s+(years?|months?|days?)`,
    'i',
  ).exec(clause);
  const fine = /\bfine\b/i.test(clause);
  const fineMax =
    /fine (?:which may extend to|not exceeding|of up to)\s+(?:taka\s+)?([\d,]+(?:\s+lakh)?)(?:\s+taka)?/i.exec(clause);
  const penalty: Penalty = {
    death: /\bwith death\b|\bdeath,? or (?:with )?(?:imprisonment|transportation)/i.test(clause),
    life: /imprisonment for life|transportation for life/i.test(clause),
    maxTerm: max ? { n: max[1]!.toLowerCase(), unit: EN_UNIT[max[2]!.toLowerCase()] ?? 'year' } : null,
    minTerm: min ? { n: min[1]!.toLowerCase(), unit: EN_UNIT[min[2]!.toLowerCase()] ?? 'year' } : null,
    fine,
    fineMax: fineMax?.[1] ?? null,
    fineJoin: /or with both|or both/i.test(clause)
      ? 'both'
      : /also be liable to fine|and (?:with )?fine|and shall also/i.test(clause)
        ? 'and'
        : 'or',
  };
  return hasPunishment(penalty) ? penalty : null;
}

function parseBanglaPenalty(text: string): Penalty | null {
  const end = text.search(/দণ্ডনীয়|দন্ডনীয়|দণ্ডিত হইবে|দণ্ডিত হবে/);
  if (end === -1) return null;
  // The clause runs back from "দণ্ডনীয়" to the start of its sentence.
  const before = text.slice(0, end);
  const sentenceStart = Math.max(before.lastIndexOf('।'), before.lastIndexOf('৷'), before.lastIndexOf('. ')) + 1;
  const clause = before.slice(sentenceStart);
  const number = String.raw`(\d[\d,]*)\s*(?:\([^)]*\)\s*)?`;
  const max = new RegExp(String.raw`অনধিক\s*${number}(বৎসর|বছর|মাস|দিন)`).exec(clause);
  const min = new RegExp(String.raw`(?:অন্যূন|অন্যুন|কমপক্ষে|অন্তত)\s*${number}(বৎসর|বছর|মাস|দিন)`).exec(clause);
  const fineMax = new RegExp(String.raw`(?:অনধিক\s*)?${number}(লক্ষ|হাজার|কোটি)?\s*টাকা`).exec(clause);
  const penalty: Penalty = {
    death: /মৃত্যুদণ্ড|মৃত্যুদন্ড/.test(clause),
    life: /যাবজ্জীবন/.test(clause),
    maxTerm: max ? { n: max[1]!, unit: BN_UNIT[max[2]!] ?? 'year' } : null,
    minTerm: min ? { n: min[1]!, unit: BN_UNIT[min[2]!] ?? 'year' } : null,
    fine: /অর্থদণ্ড|অর্থদন্ড|জরিমানা/.test(clause),
    fineMax: fineMax
      ? `${fineMax[1]}${fineMax[2] ? ` ${fineMax[2] === 'লক্ষ' ? 'lakh' : fineMax[2] === 'হাজার' ? 'thousand' : 'crore'}` : ''}`
      : null,
    fineJoin: /উভয়/.test(clause) ? 'both' : /এবং\s*(?:অনধিক\s*)?[^,।]*অর্থদণ্ড/.test(clause) ? 'and' : 'or',
  };
  return hasPunishment(penalty) ? penalty : null;
}

function hasPunishment(p: Penalty): boolean {
  return p.death || p.life || p.maxTerm !== null || p.minTerm !== null || p.fine;
}

const EN_UNIT_WORD: Record<Unit, [string, string]> = {
  year: ['year', 'years'],
  month: ['month', 'months'],
  day: ['day', 'days'],
};
const BN_UNIT_WORD: Record<Unit, string> = { year: 'বছর', month: 'মাস', day: 'দিন' };
const NUMBER_WORDS: Record<string, string> = {
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  eleven: '11',
  twelve: '12',
  thirteen: '13',
  fourteen: '14',
  fifteen: '15',
  twenty: '20',
  thirty: '30',
};

function enTerm(term: { n: string; unit: Unit }): string {
  const words = EN_UNIT_WORD[term.unit];
  return `${term.n} ${term.n === 'one' || term.n === '1' ? words[0] : words[1]}`;
}

function bnNumber(n: string): string {
  return bengaliDigits(NUMBER_WORDS[n] ?? n);
}

const BN_LAKH: Record<string, string> = { lakh: 'লক্ষ', thousand: 'হাজার', crore: 'কোটি' };

/** "imprisonment of up to three years, a fine, or both". */
export function penaltyInEnglish(p: Penalty): string {
  const alternatives: string[] = [];
  if (p.death) alternatives.push('death');
  if (p.life) alternatives.push('imprisonment for life');
  if (p.maxTerm && p.minTerm) alternatives.push(`imprisonment of ${enTerm(p.minTerm)} to ${enTerm(p.maxTerm)}`);
  else if (p.maxTerm) alternatives.push(`imprisonment of up to ${enTerm(p.maxTerm)}`);
  else if (p.minTerm) alternatives.push(`imprisonment of at least ${enTerm(p.minTerm)}`);
  const fine = p.fineMax ? `a fine of up to ${p.fineMax} taka` : 'a fine';
  if (alternatives.length === 0) return p.fine ? fine : '';
  const alt =
    alternatives.length > 2
      ? `${alternatives.slice(0, -1).join(', ')} or ${alternatives.at(-1)}`
      : alternatives.join(' or ');
  if (!p.fine) return alt;
  if (p.fineJoin === 'both') return `${alt}, ${fine}, or both`;
  if (p.fineJoin === 'and') return `${alt}, and ${fine}`;
  return `${alt} or ${fine}`;
}

/** "৩ বছর পর্যন্ত কারাদণ্ড, অর্থদণ্ড বা উভয় দণ্ড". */
export function penaltyInBangla(p: Penalty): string {
  const alternatives: string[] = [];
  if (p.death) alternatives.push('মৃত্যুদণ্ড');
  if (p.life) alternatives.push('যাবজ্জীবন কারাদণ্ড');
  if (p.maxTerm && p.minTerm)
    alternatives.push(`${bnNumber(p.minTerm.n)} থেকে ${bnNumber(p.maxTerm.n)} ${BN_UNIT_WORD[p.maxTerm.unit]} কারাদণ্ড`);
  else if (p.maxTerm) alternatives.push(`${bnNumber(p.maxTerm.n)} ${BN_UNIT_WORD[p.maxTerm.unit]} পর্যন্ত কারাদণ্ড`);
  else if (p.minTerm) alternatives.push(`অন্তত ${bnNumber(p.minTerm.n)} ${BN_UNIT_WORD[p.minTerm.unit]} কারাদণ্ড`);
  const fineMax = p.fineMax?.replace(/ (lakh|thousand|crore)$/, (_, unit: string) => ` ${BN_LAKH[unit] ?? unit}`);
  const fine = fineMax ? `${bengaliDigits(fineMax)} টাকা পর্যন্ত অর্থদণ্ড` : 'অর্থদণ্ড';
  if (alternatives.length === 0) return p.fine ? fine : '';
  const alt = alternatives.join(' বা ');
  if (!p.fine) return alt;
  if (p.fineJoin === 'both') return `${alt}, ${fine} বা উভয় দণ্ড`;
  if (p.fineJoin === 'and') return `${alt} এবং ${fine}`;
  return `${alt} বা ${fine}`;
}

// ── The most relevant sentence ─────────────────────────────────────────────────────────────────

export interface Highlight {
  /** The sentence verbatim from the section text. */
  text: string;
  /** Where it starts in the section text (UTF-16 offset). */
  start: number;
}

const PENALTY_WORDS = /\b(?:punished|punishable)\s+with\b|দণ্ডনীয়|দন্ডনীয়/iu;

/**
 * The sentence (or clause run) of a section that answers best: most of the question's terms, and
 * for a punishment question the one that states the penalty.
 */
export function highlightOf(text: string, queryTerms: ReadonlySet<string>, intent: QuestionIntent | null): Highlight {
  const pieces: Highlight[] = [];
  const splitter = /[^\n.;:।৷]+(?:[.;:।৷]+|$)/gu;
  for (const match of text.matchAll(splitter)) {
    const raw = match[0];
    const trimmed = raw.trim();
    if (trimmed.length < 2) continue;
    pieces.push({ text: trimmed, start: (match.index ?? 0) + raw.indexOf(trimmed) });
  }
  let best: Highlight = pieces[0] ?? { text, start: 0 };
  let bestScore = -Infinity;
  for (const piece of pieces) {
    const words = wordList(normalizeText(piece.text).toLowerCase());
    const matched = new Set(words.flatMap((w) => termsOf(w).filter((t) => queryTerms.has(t)))).size;
    // Distinct terms of the question, a little against length; the first of equals wins.
    const score = matched - 0.02 * words.length + (intent === 'punishment' && PENALTY_WORDS.test(piece.text) ? 3 : 0);
    if (score > bestScore) {
      best = piece;
      bestScore = score;
    }
  }
  return best;
}

// ── The lead ───────────────────────────────────────────────────────────────────────────────────

export interface LeadSource {
  act_title: string;
  section: string | null;
  heading: string;
  text: string;
  language: 'en' | 'bn';
  highlight: string;
}

const LEAD_QUOTE_CHARS = 240;

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > LEAD_QUOTE_CHARS ? `${flat.slice(0, LEAD_QUOTE_CHARS).trimEnd()}…` : flat;
}

function actName(title: string): string {
  return title.replace(/^The\s+/, '');
}

function where(language: AnswerLanguage, source: LeadSource): string {
  const section = source.section ?? (language === 'bn' ? 'প্রস্তাবনা' : 'preamble');
  return language === 'bn'
    ? `${actName(source.act_title)}, ধারা ${section}`
    : `${actName(source.act_title)}, section ${section}`;
}

/** "Punishment for theft" → "Theft"; null when the heading names no offence in English. */
function offenceOf(heading: string): string | null {
  const m = /^(?:punishment|penalty)\s+(?:for|of)\s+(.+?)\.?$/i.exec(heading.trim());
  if (!m?.[1]) return null;
  const offence = m[1].trim();
  return offence.charAt(0).toUpperCase() + offence.slice(1);
}

/**
 * The lead from the sections, best first: for a punishment question the first section stating a
 * penalty (said in the answer's language), otherwise the top section's most relevant sentence.
 */
export function composeLead(
  language: AnswerLanguage,
  intent: QuestionIntent | null,
  sources: readonly LeadSource[],
): { text: string; source: number } {
  const top = sources[0];
  if (!top) return { text: '', source: 0 };
  if (intent === 'punishment') {
    for (const [i, source] of sources.entries()) {
      const penalty = parsePenalty(source.highlight) ?? parsePenalty(source.text);
      if (penalty) return { text: penaltyLead(language, source, penalty), source: i };
    }
  }
  return { text: plainLead(language, top), source: 0 };
}

function plainLead(language: AnswerLanguage, top: LeadSource): string {
  const label = where(language, top);
  const heading = top.heading.trim();
  if (language === 'en') {
    if (top.language === 'en') return `Under ${label}${heading ? ` (${heading})` : ''}: ${shorten(top.highlight)}`;
    const section = top.section ?? 'preamble';
    return `The answer is in section ${section} (${actName(top.act_title)}${heading ? `: “${heading}”` : ''}). The Act is written in Bangla; its key sentence is marked in the source below.`;
  }
  const text =
    top.language === 'bn'
      ? `${label}${heading ? ` (${heading})` : ''} অনুযায়ী: ${shorten(top.highlight)}`
      : `উত্তরটি আছে ধারা ${top.section ?? 'প্রস্তাবনা'}-এ (${actName(top.act_title)}${heading ? `: “${heading}”` : ''})। আইনটি ইংরেজিতে লেখা; মূল বাক্যটি নিচের উৎসে চিহ্নিত।`;
  return bengaliDigits(text);
}

function penaltyLead(language: AnswerLanguage, source: LeadSource, penalty: Penalty): string {
  const label = where(language, source);
  if (language === 'en') {
    const offence = source.language === 'en' ? offenceOf(source.heading) : null;
    const said = penaltyInEnglish(penalty);
    return offence ? `${offence} is punished with ${said} (${label}).` : `The punishment is ${said} (${label}).`;
  }
  const heading = source.language === 'bn' ? source.heading.trim() : '';
  const said = penaltyInBangla(penalty);
  return bengaliDigits(heading ? `${heading}: ${said} (${label})।` : `এই অপরাধের শাস্তি ${said} (${label})।`);
}
