import { describe, expect, it } from 'vitest';
import { composeAnswer } from '../answer/compose';
import { DEFAULT_SPECIALIZATION } from '../answer/specializations';
import { analyzeQuery } from './expand';
import type { LawHit } from './law-retriever';
import { isDocumentPassage, mergeHits, sessionDocumentHits } from './session-documents';

const law = (id: string, score: number): LawHit => ({
  section: { id, actId: 748, position: 1, section: '18', heading: 'Rent', text: 'The tenant shall pay rent.' },
  act: { actId: 748, title: 'Premises Rent Control Act, 1991', actNo: 'III', year: 1991, language: 'en', url: 'u' },
  status: { kind: 'in_force' },
  score,
});

describe('session document retrieval', () => {
  const documents = [
    {
      id: '11111111-1111-4111-8111-111111111111',
      fileName: 'agreement.txt',
      text: 'The tenant Rahima Begum shall pay a monthly rent of fifteen thousand taka to the landlord.',
    },
    { id: '22222222-2222-4222-8222-222222222222', fileName: 'other.txt', text: 'Minutes of the society meeting.' },
  ];

  it('finds the passage of the document that answers, as a citable hit', () => {
    const query = analyzeQuery('What monthly rent must Rahima Begum pay?');
    const [hit, ...rest] = sessionDocumentHits(documents, query, 5);
    expect(rest).toEqual([]);
    expect(hit?.section.id).toBe('doc-11111111-1111-4111-8111-111111111111#0');
    expect(isDocumentPassage(hit?.section.id ?? '')).toBe(true);
    expect(hit?.act).toMatchObject({ title: 'agreement.txt', url: '', language: 'en' });
  });

  it('merges by each list’s own best score, the document first on a tie', () => {
    const query = analyzeQuery('What monthly rent must Rahima Begum pay?');
    const docs = sessionDocumentHits(documents, query, 5);
    const merged = mergeHits([law('act-748#18', 40), law('act-748#5', 20)], docs, 8);
    expect(merged.map((h) => [h.section.id.slice(0, 10), h.score])).toEqual([
      ['doc-111111', 1],
      ['act-748#18', 1],
      ['act-748#5', 0.5],
    ]);
    const answer = composeAnswer({ question: 'What monthly rent must Rahima Begum pay?', query, hits: merged });
    expect(answer.citations[0]).toMatchObject({ source: 'document', n: 1 });
    expect(answer.text).toContain('[1] agreement.txt, part 1');
    // The lawyer suggestion comes from the laws cited, never from the user's own file.
    const onlyDocument = composeAnswer({ question: 'What monthly rent must Rahima Begum pay?', query, hits: docs });
    expect(onlyDocument.specializations).toEqual([DEFAULT_SPECIALIZATION]);
  });
});
