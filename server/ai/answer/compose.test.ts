import { beforeAll, describe, expect, it } from 'vitest';
import { SpecializationSchema } from '../../../contract/enums';
import { readPackedCorpus, type LawCorpus } from '../corpus/corpus';
import { analyzeQuery } from '../retrieval/expand';
import { LawRetriever } from '../retrieval/law-retriever';
import { composeAnswer, DISCLAIMER } from './compose';
import { answerLanguage } from './language';
import { ACT_SPECIALIZATIONS, findLawyerLink, specializationsFor } from './specializations';

let corpus: LawCorpus;
let retriever: LawRetriever;

beforeAll(() => {
  corpus = readPackedCorpus();
  retriever = LawRetriever.build(corpus);
}, 60_000);

function answer(question: string, options: { actId?: number } = {}) {
  const query = analyzeQuery(question);
  const hits = retriever.search(query, { limit: 8, ...options });
  return { hits, result: composeAnswer({ question, query, hits }) };
}

describe('answer language', () => {
  it('follows the script, and answers Banglish in Bangla', () => {
    expect(answerLanguage('Can my landlord evict me without notice?')).toBe('en');
    expect(answerLanguage('বাড়িওয়ালা কি নোটিশ ছাড়া উচ্ছেদ করতে পারে?')).toBe('bn');
    expect(answerLanguage('amar bariwala ki amake notice chara ber kore dite pare?')).toBe('bn');
    expect(answerLanguage('What is the punishment for theft?')).toBe('en');
    // A Bangla term in parentheses is an aside, not the question's language.
    expect(answerLanguage('Can a sharecropper (borga chashi) be evicted from the land?')).toBe('en');
  });

  it('recognises Banglish of everyday words and verb forms, not only legal ones (issue 20)', () => {
    for (const question of [
      'dowry case korte chai',
      'divorce er por baccha kar kache thakbe',
      'boss salary dicche na',
      'police amake dhoreche',
      'kabin koto taka',
    ]) {
      expect(answerLanguage(question), question).toBe('bn');
    }
    for (const question of [
      'Can my landlord evict me without notice?',
      'How do I get bail for my brother?',
      'Is a second marriage without consent a crime?',
      'My employer has not paid my salary for two months',
    ]) {
      expect(answerLanguage(question), question).toBe('en');
    }
  });
});

describe('specializations', () => {
  it('maps every Act of the corpus to directory specializations', () => {
    for (const act of corpus.acts) {
      const specs = ACT_SPECIALIZATIONS[act.actId];
      expect(specs, act.title).toBeDefined();
      for (const spec of specs ?? []) expect(SpecializationSchema.options).toContain(spec);
    }
  });

  it('orders by citation and links the directory filter', () => {
    expect(specializationsFor([952, 11])[0]).toBe('LABOUR_LAW');
    expect(findLawyerLink('FAMILY_LAW')).toBe('/find-lawyer?spec=FAMILY_LAW');
    expect(findLawyerLink(undefined)).toBe('/find-lawyer');
  });
});

describe('composeAnswer', () => {
  it('quotes and cites the retrieved sections with text and bdlaws URL, and ends with the closing lines', () => {
    const { hits, result } = answer('What is the punishment for dowry demand?');
    expect(result.found).toBe(true);
    expect(result.language).toBe('en');
    expect(result.citations.length).toBeGreaterThan(0);
    const retrieved = new Set(hits.map((h) => h.section.id));
    for (const c of result.citations) {
      expect(retrieved.has(c.id)).toBe(true);
      expect(c.text.length).toBeGreaterThan(0);
      expect(c.url).toMatch(/^https?:\/\/bdlaws\.minlaw\.gov\.bd\/act-details-\d+\.html$/);
      expect(result.text).toContain(`[${c.n}] ${c.act_title}`);
    }
    expect(result.citations.some((c) => c.act_id === 1256 || c.act_id === 835)).toBe(true);
    expect(result.specializations).toEqual(['FAMILY_LAW']);
    expect(result.lawyer).toEqual({ specialization: 'FAMILY_LAW', label: 'Find a Family Law lawyer' });
    expect(result.text.trimEnd().endsWith(DISCLAIMER.en)).toBe(true);
    expect(result.text).not.toContain('/find-lawyer');
    expect(result.find_lawyer_url).toBe('/find-lawyer?spec=FAMILY_LAW');
  });

  it('answers a Bangla question in Bangla', () => {
    const { result } = answer('যৌতুক দাবি করলে কী শাস্তি হয়?');
    expect(result.found).toBe(true);
    expect(result.language).toBe('bn');
    expect(result.text).toContain('ধারা');
    expect(result.text.trimEnd().endsWith(DISCLAIMER.bn)).toBe(true);
  });

  it('says when a cited law has been replaced', () => {
    const { result } = answer('ডিজিটাল নিরাপত্তা আইন মানহানি', { actId: 1261 });
    expect(result.found).toBe(true);
    const cited = result.citations.find((c) => c.act_id === 1261);
    expect(cited?.status).toBe('repealed');
    expect(cited?.replaced_by).toBe(1538);
    expect(result.text).toContain('আর বলবৎ নেই');
  });

  it('says plainly when nothing relevant was found, citing nothing', () => {
    for (const question of ['xyzzy quux frobnicate', 'the of and']) {
      const { result } = answer(question);
      expect(result.found, question).toBe(false);
      expect(result.citations).toEqual([]);
      expect(result.text).toContain('could not find');
      expect(result.text.trimEnd().endsWith(DISCLAIMER.en)).toBe(true);
      expect(result.find_lawyer_url).toBe('/find-lawyer?spec=CIVIL_LAW');
      expect(result.lead).toBeNull();
    }
  });

  it('drops weakly matching sections (a single common word does not make an answer)', () => {
    const query = analyzeQuery('quantum chromodynamics of a section');
    const hits = retriever.search(query, { limit: 8 });
    const result = composeAnswer({ question: 'quantum chromodynamics of a section', query, hits });
    expect(result.found).toBe(false);
  });
});

/** No address of any kind in what a person reads: the hand-off is the structured `lawyer`. */
const ADDRESS = /\/find-lawyer|https?:\/\/|\bwww\./;

describe('answers that answer the question first', () => {
  it('"What is the punishment for theft?" cites Penal Code s.379 first and leads with its penalty', () => {
    const { result } = answer('What is the punishment for theft?');
    expect(result.language).toBe('en');
    expect(result.intent).toBe('punishment');
    expect([result.citations[0]?.act_id, result.citations[0]?.section]).toEqual([11, '379']);
    expect(result.lead).toBe(
      'Theft is punished with imprisonment of up to three years, a fine, or both (Penal Code, 1860, section 379) [1].',
    );
    expect(result.text.startsWith(result.lead ?? '-')).toBe(true);
    expect(result.citations[0]?.highlight).toContain('three years');
    expect(result.citations.length).toBeLessThanOrEqual(3);
    expect(result.text).not.toMatch(ADDRESS);
    expect(result.lawyer).toEqual({ specialization: 'CRIMINAL_LAW', label: 'Find a Criminal Law lawyer' });
    expect(result.specializations).toEqual(['CRIMINAL_LAW']);
  });

  it('"জামিন কিভাবে পাওয়া যায়?" cites how bail is granted (CrPC ss.496–498) first, in Bangla', () => {
    const { result } = answer('জামিন কিভাবে পাওয়া যায়?');
    expect(result.language).toBe('bn');
    expect(result.citations[0]?.act_id).toBe(75);
    expect(['496', '497', '498']).toContain(result.citations[0]?.section);
    expect(result.citations.every((c) => c.act_id === 75)).toBe(true);
    expect(result.lead).toMatch(/ধারা ৪৯[৬-৮]/);
    expect(result.lead?.replace(/\[\d+\]/g, '')).not.toMatch(/[0-9]/); // markers [n] stay ASCII for the client
    expect(result.text).not.toMatch(ADDRESS);
    expect(result.lawyer.specialization).toBe('CRIMINAL_LAW');
    expect(result.lawyer.label).toBe('ফৌজদারি আইন বিষয়ে আইনজীবী খুঁজুন');
  });

  it('answers a Banglish question in Bangla, with the penalty and Bengali digits', () => {
    const { result } = answer('churir shasti ki?');
    expect(result.language).toBe('bn');
    expect([result.citations[0]?.act_id, result.citations[0]?.section]).toEqual([11, '379']);
    expect(result.lead).toContain('৩ বছর পর্যন্ত কারাদণ্ড, অর্থদণ্ড বা উভয় দণ্ড');
    expect(result.lead).toContain('ধারা ৩৭৯');
    expect(result.lead?.replace(/\[\d+\]/g, '')).not.toMatch(/[0-9]/); // markers [n] stay ASCII for the client
    expect(result.text).toContain('ধারা ৩৭৯');
    expect(result.text).not.toMatch(ADDRESS);
  });

  it('says the penalty of a Bangla-only Act in English for an English question', () => {
    const { result } = answer('What is the punishment for demanding dowry?');
    expect([result.citations[0]?.act_id, result.citations[0]?.section]).toEqual([1256, '3']);
    expect(result.lead).toMatch(
      /^The punishment is imprisonment of 1 year to 5 years, a fine of up to 50,000 taka, or both \(/,
    );
  });

  it('marks the most relevant sentence of each cited section, verbatim at its offset', () => {
    const { result } = answer('Can the police arrest me without a warrant?');
    expect([result.citations[0]?.act_id, result.citations[0]?.section]).toEqual([75, '54']);
    for (const c of result.citations) {
      expect(c.text.slice(c.highlight_start, c.highlight_start + c.highlight.length)).toBe(c.highlight);
    }
    expect(result.citations[0]?.highlight).toMatch(
      /^\(1\) Any police-officer may, without an order from a Magistrate and without a warrant/,
    );
  });
});
