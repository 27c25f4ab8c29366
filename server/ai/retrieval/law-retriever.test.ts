/**
 * Re-ranking rules of the law retrieval (issue 21) on the shipped corpus, each a general rule seen
 * through one question: a misspelt word still finds its section, a question that names an Act by
 * its title is not answered by a heading that merely repeats the title, a definitions section
 * answers "what is X" only when it defines X, and question words are not search terms.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readPackedCorpus } from '../corpus/corpus';
import { analyzeQuery } from './expand';
import { LawRetriever } from './law-retriever';

let retriever: LawRetriever;

beforeAll(() => {
  retriever = LawRetriever.build(readPackedCorpus());
}, 60_000);

const first = (question: string) => {
  const [hit] = retriever.search(question, { limit: 5 });
  return hit ? `${hit.act.actId} s.${hit.section.section ?? '-'}` : null;
};

describe('law retrieval re-ranking', () => {
  it('reads a misspelt word as the indexed word it most likely meant', () => {
    expect(first('what is the punishmnt for robbery?')).toBe('11 s.392');
    expect(first('What is the punishment for robbery?')).toBe('11 s.392');
  });

  it('answers "what is X" with the section that defines X, not a definitions section about something else', () => {
    expect(first('What is the definition of theft under the Penal Code?')).toBe('11 s.378');
  });

  it('still answers the three questions of the issue with the answering section first', () => {
    expect(first('What is the punishment for theft?')).toBe('11 s.379');
    expect(first('জামিন কিভাবে পাওয়া যায়?')).toMatch(/^75 s\.49[678]$/);
  });

  it('drops question words ("কাকে বলে", "কে") from the search terms', () => {
    expect(analyzeQuery('যৌতুক কাকে বলে?').own).toEqual(['যৌতুক']);
    expect(analyzeQuery('উইল কে করতে পারে?').own).toEqual(['উইল']);
  });
});
