/**
 * Topic → principal Act(s), kept as data: a question on a topic prefers sections of the Act that
 * governs it over incidental mentions elsewhere (the Penal Code for offences, the Code of Criminal
 * Procedure for bail and arrest, the family laws for divorce and maintenance …). A topic is named by
 * words in English and Bangla (Banglish reaches them through the glossary's renderings, ./expand),
 * and matches when the analysed question holds any of its terms. Acts are bdlaws ids
 * (server/ai/corpus/laws.json.gz); the in-force Act comes first where a law was replaced.
 *
 * Add a topic for a subject of law in general, never for one question's wording.
 */
import type { AnalyzedQuery } from './expand';
import { terms } from '../../search/analyzer';

export interface Topic {
  name: string;
  /** Words naming the topic (English and Bangla); each is cut to terms like the question. */
  words: readonly string[];
  /** Principal Acts, most specific first. */
  acts: readonly number[];
}

export const TOPICS: readonly Topic[] = [
  {
    name: 'offences against the person and property',
    words: [
      'theft',
      'stealing',
      'robbery',
      'dacoity',
      'murder',
      'homicide',
      'hurt',
      'grievous',
      'cheating',
      'forgery',
      'defamation',
      'trespass',
      'extortion',
      'intimidation',
      'breach of trust',
      'misappropriation',
      'mischief',
      'bigamy',
      'suicide',
      'bribe',
      'gratification',
      'wrongful confinement',
      'wrongful restraint',
      'assault',
      'kidnapping',
      'modesty',
      'negligence',
      'rash',
      'rioting',
      'counterfeit',
      'sedition',
      'চুরি',
      'ডাকাতি',
      'দস্যুতা',
      'খুন',
      'হত্যা',
      'প্রতারণা',
      'জালিয়াতি',
      'মানহানি',
      'চাঁদাবাজি',
      'আঘাত',
      'অনধিকার প্রবেশ',
      'ঘুষ',
      'আত্মহত্যা',
    ],
    acts: [11],
  },
  {
    name: 'bail, arrest and criminal procedure',
    words: [
      'bail',
      'arrest',
      'warrant',
      'first information',
      'fir',
      'charge sheet',
      'police report',
      'remand',
      'cognizance',
      'complainant',
      'compounding',
      'compounded',
      'acquittal',
      'acquitted',
      'habeas corpus',
      'detained',
      'জামিন',
      'গ্রেফতার',
      'গ্রেপ্তার',
      'পরোয়ানা',
      'এজাহার',
      'নালিশ',
      'রিমান্ড',
      'অভিযোগপত্র',
    ],
    acts: [75, 367],
  },
  { name: 'cheque dishonour', words: ['cheque', 'check', 'dishonour', 'bounce', 'চেক', 'ডিজঅনার'], acts: [46] },
  { name: 'dowry', words: ['dowry', 'যৌতুক'], acts: [1256, 835] },
  { name: 'child marriage', words: ['child marriage', 'বাল্যবিবাহ', 'minimum age of marriage'], acts: [1207] },
  {
    name: 'violence against women and children',
    words: ['rape', 'sexual', 'harassment', 'abduction', 'ধর্ষণ', 'যৌন', 'অপহরণ', 'নারী ও শিশু'],
    acts: [835, 11],
  },
  { name: 'acid', words: ['acid', 'এসিড'], acts: [883] },
  {
    name: 'muslim marriage and divorce',
    words: [
      'divorce',
      'talaq',
      'polygamy',
      'second wife',
      'dower',
      'mahr',
      'maintenance',
      'dissolution',
      'তালাক',
      'দেনমোহর',
      'মোহর',
      'ভরণপোষণ',
      'খোরপোষ',
      'বহুবিবাহ',
      'দ্বিতীয় বিবাহ',
      'বিবাহবিচ্ছেদ',
    ],
    acts: [305, 180, 682],
  },
  { name: 'family court', words: ['family court', 'পারিবারিক আদালত'], acts: [682] },
  { name: 'custody and guardianship', words: ['custody', 'guardian', 'হেফাজত', 'অভিভাবক'], acts: [64] },
  {
    name: 'marriage registration',
    words: ['nikah', 'kazi', 'marriage registrar', 'marriage registration', 'নিকাহ', 'কাজী', 'বিবাহ নিবন্ধন'],
    acts: [476, 1105],
  },
  { name: 'hindu marriage', words: ['hindu marriage', 'হিন্দু বিবাহ'], acts: [1105, 214] },
  {
    name: 'domestic violence',
    words: ['domestic violence', 'protection order', 'পারিবারিক সহিংসতা', 'সুরক্ষা আদেশ'],
    acts: [1063],
  },
  { name: 'parents maintenance', words: ['elderly parents', 'old parents', 'পিতা-মাতার ভরণ'], acts: [1132] },
  {
    name: 'house rent and tenancy',
    words: ['rent', 'tenant', 'landlord', 'ভাড়া', 'ভাড়াটিয়া', 'বাড়িওয়ালা', 'বাড়ী-মালিক'],
    acts: [748],
  },
  {
    name: 'land offences and possession',
    words: [
      'land grabbing',
      'dispossessed',
      'dispossession',
      'occupying',
      'land fraud',
      'জমি দখল',
      'দখলচ্যুত',
      'ভূমি প্রতারণা',
      'ভূমি জালিয়াতি',
    ],
    acts: [1454, 36],
  },
  { name: 'partition', words: ['partition', 'বাটোয়ারা', 'বণ্টন'], acts: [68] },
  {
    name: 'registration of documents',
    words: ['registration', 'registered', 'registry', 'রেজিস্ট্রি', 'নিবন্ধন'],
    acts: [90],
  },
  {
    name: 'transfer of property',
    words: ['gift', 'hiba', 'heba', 'mortgage', 'lease', 'sale of land', 'হেবা', 'দানপত্র', 'বন্ধক', 'ইজারা'],
    acts: [48],
  },
  { name: 'injunction and specific relief', words: ['injunction', 'specific performance', 'নিষেধাজ্ঞা'], acts: [36] },
  { name: 'land tax', words: ['land development tax', 'land tax', 'ভূমি উন্নয়ন কর', 'খাজনা'], acts: [1449] },
  { name: 'land reform', words: ['sharecropper', 'borga', 'land ceiling', 'বর্গা', 'বর্গাদার'], acts: [1455] },
  {
    name: 'inheritance and wills',
    words: ['inheritance', 'inherit', 'succession', 'heir', 'will', 'intestate', 'উত্তরাধিকার', 'ওয়ারিশ', 'উইল'],
    acts: [138, 305, 173, 171],
  },
  {
    name: 'labour',
    words: [
      'worker',
      'employer',
      'wages',
      'salary',
      'dismissal',
      'dismiss',
      'fired',
      'retrenchment',
      'retrenched',
      'maternity',
      'overtime',
      'leave',
      'working hours',
      'labour',
      'factory',
      'laid off',
      'শ্রমিক',
      'মজুরি',
      'মজুরী',
      'ছাঁটাই',
      'বরখাস্ত',
      'প্রসূতি',
      'ছুটি',
      'কর্মঘণ্টা',
      'চাকরি',
      'চাকুরী',
    ],
    acts: [952],
  },
  {
    name: 'consumer rights',
    words: [
      'consumer',
      'adulterated',
      'adulteration',
      'expired',
      'expiry',
      'overcharging',
      'fixed price',
      'advertisement',
      'advertising',
      'weight',
      'ভোক্তা',
      'ভেজাল',
      'মেয়াদোত্তীর্ণ',
      'মেয়াদ উত্তীর্ণ',
      'বিজ্ঞাপন',
      'ওজন',
    ],
    acts: [1014, 1127],
  },
  {
    name: 'cyber crime',
    words: [
      'cyber',
      'online',
      'internet',
      'hacking',
      'hack',
      'facebook',
      'computer',
      'digital',
      'blackmail',
      'সাইবার',
      'অনলাইন',
      'হ্যাক',
      'ফেসবুক',
      'ডিজিটাল',
      'ব্ল্যাকমেইল',
    ],
    acts: [1538, 1091],
  },
  { name: 'pornography', words: ['pornography', 'obscene', 'পর্নোগ্রাফি', 'অশ্লীল'], acts: [1091, 1538] },
  { name: 'trafficking', words: ['trafficking', 'পাচার'], acts: [1086] },
  { name: 'drugs', words: ['yaba', 'narcotics', 'drugs', 'heroin', 'ইয়াবা', 'মাদক', 'মাদকদ্রব্য'], acts: [1276] },
  { name: 'legal aid', words: ['legal aid', 'আইনগত সহায়তা'], acts: [834] },
  { name: 'village court', words: ['village court', 'গ্রাম আদালত'], acts: [938] },
  { name: 'right to information', words: ['right to information', 'তথ্য অধিকার'], acts: [1011] },
  { name: 'national identity', words: ['national id', 'nid', 'জাতীয় পরিচয়'], acts: [1458] },
  {
    name: 'birth and death registration',
    words: ['birth certificate', 'birth registration', 'জন্ম নিবন্ধন'],
    acts: [921],
  },
  { name: 'contracts', words: ['contract', 'agreement', 'চুক্তি'], acts: [26] },
  { name: 'limitation', words: ['limitation', 'time-barred', 'civil suit', 'তামাদি', 'দেওয়ানি মামলা'], acts: [88] },
  { name: 'evidence', words: ['confession', 'burden of proof', 'evidence', 'স্বীকারোক্তি', 'সাক্ষ্য'], acts: [24] },
  {
    name: 'fundamental rights',
    words: [
      'constitution',
      'fundamental',
      'equality',
      'equal before law',
      'personal liberty',
      'সংবিধান',
      'মৌলিক অধিকার',
    ],
    acts: [367],
  },
  { name: 'arbitration', words: ['arbitration', 'arbitral', 'সালিস'], acts: [850] },
  { name: 'contempt of court', words: ['contempt', 'অবমাননা'], acts: [1108] },
  { name: 'children', words: ['child cruelty', 'juvenile', 'শিশু আদালত', 'শিশুর প্রতি নিষ্ঠুরতা'], acts: [1119] },
];

interface CompiledTopic {
  phrases: string[][];
  acts: readonly number[];
}

let compiled: CompiledTopic[] | null = null;

function compiledTopics(): CompiledTopic[] {
  compiled ??= TOPICS.map((topic) => ({
    phrases: topic.words.map((word) => terms(word)).filter((phrase) => phrase.length > 0),
    acts: topic.acts,
  }));
  return compiled;
}

/**
 * The principal Acts of the topics a question names, each with a weight: 1 when the question's own
 * words name the topic, less when only a glossary rendering does. A phrase matches when all its terms
 * are in the question.
 */
export function principalActs(query: AnalyzedQuery): Map<number, number> {
  const own = new Set(query.own);
  const weighted = new Map(query.weighted.map((t) => [t.term, t.weight]));
  const acts = new Map<number, number>();
  for (const topic of compiledTopics()) {
    let best = 0;
    for (const phrase of topic.phrases) {
      if (!phrase.every((t) => weighted.has(t))) continue;
      const weight = phrase.every((t) => own.has(t)) ? 1 : Math.min(...phrase.map((t) => weighted.get(t) ?? 0));
      best = Math.max(best, weight);
    }
    if (best === 0) continue;
    topic.acts.forEach((act, i) => {
      const w = best * (i === 0 ? 1 : 0.7);
      acts.set(act, Math.max(acts.get(act) ?? 0, w));
    });
  }
  return acts;
}
