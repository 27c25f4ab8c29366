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
    expect(result.specializations).toContain('FAMILY_LAW');
    expect(result.text.trimEnd().endsWith(DISCLAIMER.en)).toBe(true);
    expect(result.text).toContain(result.find_lawyer_url);
    expect(result.find_lawyer_url).toMatch(/^\/find-lawyer\?spec=[A-Z_]+$/);
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
    }
  });

  it('drops weakly matching sections (a single common word does not make an answer)', () => {
    const query = analyzeQuery('quantum chromodynamics of a section');
    const hits = retriever.search(query, { limit: 8 });
    const result = composeAnswer({ question: 'quantum chromodynamics of a section', query, hits });
    expect(result.found).toBe(false);
  });
});
