/**
 * What a question asks for, and what kind of provision a section is, so the section that answers
 * comes first: a "punishment" question prefers the section stating the penalty over procedural
 * sections that merely name the offence (docs/decisions/0009).
 *
 * Both sides are read from general patterns of wording — the question's in English, Bangla and
 * Banglish, a section's from its heading (statutes name their sections by kind: "Punishment for …",
 * "… দণ্ড", "Definitions", "সংজ্ঞা", "… procedure", "Jurisdiction of …", "তামাদি"). Nothing here
 * names a particular law or question.
 */
import { normalizeText } from '../../search/analyzer';

export type QuestionIntent = 'punishment' | 'time_limit' | 'definition' | 'who_decides' | 'procedure' | 'right';

export const QUESTION_INTENTS: readonly QuestionIntent[] = [
  'punishment',
  'time_limit',
  'definition',
  'who_decides',
  'procedure',
  'right',
];

/** Question wording per intent, in priority order (a punishment question often also says "can"). */
const QUESTION_PATTERNS: readonly [QuestionIntent, RegExp][] = [
  [
    'punishment',
    /\b(?:punish\w*|penalt\w*|sentence[ds]?|jail|prison\w*|how many years|is it a crime|crime|what happens if|oporadh|shast[iy]|sasti|saja|saza|dondo|jel)\b|শাস্তি|সাজা|দণ্ড|দন্ড|জেল|কারাদণ্ড|অপরাধ কি/iu,
  ],
  [
    'time_limit',
    /\b(?:how long|how many (?:days|hours|weeks|months)(?! of)|within how|time limit|deadline|limitation|time-barred|koto (?:din|diner moddhe|dine|ghonta|mash|shoptah)(?!er)|somoy ?sima)\b|কত (?:দিন|ঘণ্টা|ঘন্টা|সপ্তাহ|মাস)(?!ের (?!মধ্যে|ভিতরে))|সময়সীমা|তামাদি|মেয়াদ/iu,
  ],
  [
    'definition',
    /\b(?:what (?:is|are|does)\b.*\b(?:mean|meaning|definition)|define[ds]?|definition|meaning of|kake bole|mane ki|songa|shongga)\b|^what is (?:a |an |the )?[a-z' -]{3,40}\?$|^what is [a-z' -]{3,40} (?:according to|under) (?:the )?law|কাকে বলে|বলতে কী|বলতে কি|সংজ্ঞা|মানে কী|অর্থ কী|^\S+(?: \S+)? কী\?$/iu,
  ],
  [
    'who_decides',
    /\b(?:which court|what court|which authority|who (?:decides|hears|tries|can grant|grants|has power)|jurisdiction|kon adalot|kon adalat)\b|কোন আদালত|কোন কর্তৃপক্ষ|এখতিয়ার|কে সিদ্ধান্ত/iu,
  ],
  [
    'procedure',
    /\b(?:how (?:do|can|to|should|does|is|are)|procedure|process|steps|where (?:do|can|should) i|file an?|lodge|apply|kivabe|kibhabe|kivhabe|kemne|kothay|niyom)\b|কিভাবে|কীভাবে|কোথায়|নিয়ম|পদ্ধতি|আবেদন|দায়ের/iu,
  ],
  [
    'right',
    /\b(?:can (?:i|my|the|a|an|he|she|they|police|someone)|who (?:can|may|is entitled)|is (?:it|that) (?:legal|allowed)|am i entitled|entitled|right to|rights?|allowed|must|does .* get|do i get|pabo|pabe|pare|odhikar)\b|পারে|পারবে|পারেন|অধিকার|পাব|পাবে|পায়|পাওয়া যায়|যায়\?/iu,
  ],
];

export function questionIntent(question: string): QuestionIntent | null {
  const text = normalizeText(question).trim();
  for (const [intent, pattern] of QUESTION_PATTERNS) if (pattern.test(text)) return intent;
  return null;
}

/** Heading wording per kind of section. A heading may show several kinds. */
const SECTION_PATTERNS: Record<QuestionIntent, RegExp> = {
  punishment: /\b(?:punish\w*|penalt\w*|sentence)\b|শাস্তি|দণ্ড|দন্ড/iu,
  definition: /\b(?:defined|definitions?|interpretation|meaning)\b|সংজ্ঞা/iu,
  time_limit: /\b(?:limitation|time|period|within|days|hours|delay|duration)\b|তামাদি|সময়|মেয়াদ|ঘণ্টা/iu,
  who_decides:
    /\b(?:jurisdiction|courts?|tribunal|cognizance|power to|powers of|authority|magistrate)\b|এখতিয়ার|আদালত|ট্রাইব্যুনাল|বিচার|ক্ষমতা/iu,
  procedure:
    /\b(?:procedure|how made|how effected|how served|manner|mode of|application|apply|complaint|information in|institution|registration|examination of complainant|in what cases|when .* may)\b|পদ্ধতি|আবেদন|অভিযোগ|দায়ের|নিবন্ধন|প্রক্রিয়া/iu,
  // "Can I / can they …" is answered as often by what someone may do (a power) or may not (a bar) as
  // by a right in so many words.
  right:
    /\b(?:rights?|entitled|duty|duties|protection|benefits?|leave|liberty|capable|capacity|competent|equality|safeguards|powers? (?:to|of)|prohibit\w*|restrictions?|bar to|not to be)\b|অধিকার|দায়িত্ব|সুবিধা|ছুটি|সুরক্ষা|নিষিদ্ধ|বাধা-?নিষেধ|নিষেধাজ্ঞা|ক্ষমতা/iu,
};

/** Headings that say the section only sets how an offence is handled, never what it costs. */
const HANDLING =
  /\b(?:cognizab\w*|bailab\w*|compoundab\w*|triable|trial of|cognizance)\b|আমলযোগ্যতা|জামিনযোগ্যতা|জামিন অযোগ্যতা|আপোষযোগ্যতা|আপোসযোগ্যতা|অ-জামিন/iu;

/** Bail as a noun (taken, granted, admitted to): a heading on bail itself. */
const BAIL_GRANTED = /\bbail\b/i;

/** Headings of sections that are no answer to a citizen's question (titles, repeals, rule powers). */
const BOILERPLATE =
  /\b(?:short title|repeal\w*|savings?|power to make rules|rule-making|commencement|extent)\b|সংক্ষিপ্ত শিরোনাম|রহিতকরণ|হেফাজত$|বিধি প্রণয়ন|প্রবিধান প্রণয়ন|ইংরেজিতে অনূদিত|ইংরেজিতে অনুদিত/iu;

/**
 * Words that only shape a question ("who", "what is … called", "should I do"): dropped from its
 * search terms so they neither match law text nor dilute the heading match. Stopwords of the shared
 * analyzer are dropped already; these are the question words it keeps because law text uses them.
 */
export const QUESTION_WORDS: readonly string[] = [
  'কাকে',
  'কে',
  'করব',
  'করবো',
  'পাব',
  'পাবো',
  'পাবে',
  'হলে',
  'দিলে',
  'নিলে',
];

export interface SectionKinds {
  kinds: ReadonlySet<QuestionIntent>;
  /** How an offence is tried (cognizable, bailable …): not its punishment. */
  handling: boolean;
  boilerplate: boolean;
}

export function sectionKinds(heading: string): SectionKinds {
  const text = normalizeText(heading);
  const kinds = new Set<QuestionIntent>();
  for (const intent of QUESTION_INTENTS) if (SECTION_PATTERNS[intent].test(text)) kinds.add(intent);
  // "When bail may be taken in case of non-bailable offence" is on granting bail, not on how an offence is tried.
  const handling = HANDLING.test(text) && !BAIL_GRANTED.test(text);
  if (handling) kinds.delete('punishment');
  return { kinds, handling, boilerplate: BOILERPLATE.test(text) };
}

/**
 * What a heading (or a question) says is *not* its subject: the words after "not amounting to",
 * "otherwise than", "other than" or "except" up to the next punctuation, the word after "non-" or
 * "অ-", and in Bangla the word before ব্যতীত, ব্যতিরেকে or অযোগ্য ("অনুমতি ব্যতীত", "জামিন অযোগ্য"). "Punishment for culpable
 * homicide not amounting to murder" is not the punishment for murder.
 */
const NEGATED_EN = /\b(?:not amounting to|otherwise than|other than|except)\s+([^,;.()]+)/giu;
const NEGATED_BN = /(\S+)\s+(?:ব্যতীত|ব্যতিরেকে|অযোগ্য)/gu;
/** "non-bailable", "অ-জামিনযোগ্য": the word after the prefix is what the thing is not. */
const NEGATED_PREFIX = /(?:\bnon|(?<!\p{L})অ)-(\p{L}[\p{L}\p{M}]*)/giu;

export function negatedPart(text: string): string[] {
  const normalized = normalizeText(text);
  return [
    ...normalized.matchAll(NEGATED_EN),
    ...normalized.matchAll(NEGATED_BN),
    ...normalized.matchAll(NEGATED_PREFIX),
  ].map((m) => m[1] ?? '');
}
