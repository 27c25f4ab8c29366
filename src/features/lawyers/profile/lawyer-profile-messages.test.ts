import { describe, expect, it } from 'vitest';
import { lawyerProfileMessages } from './lawyer-profile-messages';

describe('reverifyNote', () => {
  const en = lawyerProfileMessages.en.reverifyNote;
  const bn = lawyerProfileMessages.bn.reverifyNote;

  // The server's VERIFIED_FIELDS send an approved profile back; the rest are the lawyer's to change.
  it.each([
    ['firm', 'ফার্ম'],
    ['experience', 'অভিজ্ঞতা'],
    ['court', 'আদালত'],
    ['place', 'স্থান'],
    ['bar association', 'বার অ্যাসোসিয়েশন'],
    ['Bio', 'পরিচিতি'],
    ['specializations', 'বিশেষজ্ঞতা'],
    ['languages', 'ভাষা'],
  ])('names "%s" in Bangla too', (english, bangla) => {
    expect(en).toContain(english);
    expect(bn).toContain(bangla);
  });

  it('says as much in Bangla as in English', () => {
    const sentences = (text: string, stop: string) => text.split(stop).filter((part) => part.trim()).length;
    expect(sentences(bn, '।')).toBe(sentences(en, '.'));
  });
});
