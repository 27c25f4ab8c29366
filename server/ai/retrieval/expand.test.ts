/** Query expansion through the bilingual glossary: English ↔ Bangla, Banglish → both. */
import { describe, expect, it } from 'vitest';
import { analyzeQuery, EXPANSION_WEIGHT } from './expand';
import { GLOSSARY } from '../../search/glossary';
import { terms } from '../../search/analyzer';

const weightOf = (question: string, word: string) => {
  const [term] = terms(word);
  return analyzeQuery(question).weighted.find((w) => w.term === term)?.weight;
};

describe('analyzeQuery', () => {
  it('has at least 150 concepts, each with English and Bangla', () => {
    expect(GLOSSARY.length).toBeGreaterThanOrEqual(150);
    for (const concept of GLOSSARY) {
      expect(concept.en.length, JSON.stringify(concept)).toBeGreaterThan(0);
      expect(concept.bn.length, JSON.stringify(concept)).toBeGreaterThan(0);
    }
  });

  it('adds the Bangla of English legal words at a lower weight', () => {
    expect(weightOf('tenant eviction', 'ভাড়াটিয়া')).toBe(EXPANSION_WEIGHT);
    expect(weightOf('tenant eviction', 'উচ্ছেদ')).toBe(EXPANSION_WEIGHT);
    expect(weightOf('dismissal from job', 'বরখাস্ত')).toBe(EXPANSION_WEIGHT);
    expect(weightOf('dowry', 'যৌতুক')).toBe(EXPANSION_WEIGHT);
    expect(weightOf('tenant eviction', 'tenant')).toBe(1);
  });

  it('weighs what the question sets as its circumstance ("after divorce", "তালাকের পর") below what it asks', () => {
    expect(weightOf('তালাকের পর সন্তানের হেফাজত কে পাবে?', 'তালাক')).toBeCloseTo(0.7);
    expect(weightOf('তালাকের পর সন্তানের হেফাজত কে পাবে?', 'হেফাজত')).toBe(1);
    expect(weightOf('Who gets custody after divorce?', 'divorce')).toBeCloseTo(0.7);
    expect(weightOf('Who gets custody after divorce?', 'তালাক')).toBeCloseTo(EXPANSION_WEIGHT * 0.7);
    expect(weightOf('What is divorce?', 'divorce')).toBe(1);
  });

  it('adds the English of Bangla words, and matches phrases', () => {
    expect(weightOf('জামিন পাওয়ার উপায়', 'bail')).toBe(EXPANSION_WEIGHT);
    expect(weightOf('চেক ডিজঅনার', 'cheque')).toBe(EXPANSION_WEIGHT);
    expect(weightOf('child marriage punishment', 'বাল্যবিবাহ')).toBe(EXPANSION_WEIGHT);
  });

  it('understands Banglish and ignores its function words', () => {
    const query = analyzeQuery('amar talak hoye geche, jamin pabo?');
    const has = (word: string) => query.weighted.some((w) => w.term === terms(word)[0]);
    expect(has('তালাক') && has('divorce') && has('জামিন') && has('bail')).toBe(true);
    expect(query.own).not.toContain('amar');
  });

  it('keeps "will" as the testament after an article or a possessive, not as a verb', () => {
    expect(analyzeQuery('Who can make a will?').own).toContain('will');
    expect(analyzeQuery("Can my father's will be challenged?").own).toContain('will');
    expect(analyzeQuery('The court will decide').own).not.toContain('will');
  });

  it('finds the concept of a derived Bangla word (মানহানিকর → মানহানি)', () => {
    expect(analyzeQuery('মানহানিকর পোস্ট').weighted.map((t) => t.term)).toContain('defam');
  });

  it('tells the script of the question', () => {
    expect(analyzeQuery('যৌতুক দাবি').language).toBe('bn');
    expect(analyzeQuery('dowry demand').language).toBe('en');
  });

  it('takes the longest phrase the glossary knows: "child marriage" is not also a question on marriage', () => {
    expect(weightOf('punishment for child marriage', 'বাল্যবিবাহ')).toBe(EXPANSION_WEIGHT);
    expect(weightOf('punishment for child marriage', 'বিবাহ')).toBeUndefined();
    expect(weightOf('punishment for marriage registration', 'বিবাহ')).toBe(EXPANSION_WEIGHT);
  });

  it('also asks for the concept a Bangla compound starts with, and knows the question\'s own "non-"', () => {
    expect(weightOf('বর্গাচুক্তি কীভাবে শেষ হয়?', 'বর্গা')).toBe(EXPANSION_WEIGHT);
    expect([...analyzeQuery('When can bail be granted for a non-bailable offence?').negated]).toEqual(
      terms('bailable'),
    );
  });
});
