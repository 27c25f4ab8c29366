/** Penalties read out of English and Bangla sections and said again in either language. */
import { describe, expect, it } from 'vitest';
import { bengaliDigits, parsePenalty, penaltyInBangla, penaltyInEnglish } from './lead';

const THEFT =
  'Whoever commits theft shall be punished with imprisonment of either description for a term which may extend to three years, or with fine, or with both.';
const MURDER =
  'Whoever commits murder shall be punished with death, or [imprisonment] for life, and shall also be liable to fine.';
const DOWRY =
  'যদি বিবাহের কোনো এক পক্ষ ... কোনো যৌতুক দাবি করেন, তাহা হইলে ... তিনি অনধিক ৫ (পাঁচ) বৎসর কিন্তু অন্যূন ১ (এক) বৎসর কারাদণ্ড বা অনধিক ৫০,০০০ (পঞ্চাশ হাজার) টাকা অর্থদণ্ড অথবা উভয় দণ্ডে দণ্ডনীয় হইবেন।';

describe('penalties', () => {
  it('reads an English penalty and says it plainly in English and Bangla', () => {
    const theft = parsePenalty(THEFT);
    expect(theft && penaltyInEnglish(theft)).toBe('imprisonment of up to three years, a fine, or both');
    expect(theft && penaltyInBangla(theft)).toBe('৩ বছর পর্যন্ত কারাদণ্ড, অর্থদণ্ড বা উভয় দণ্ড');
    const murder = parsePenalty(MURDER);
    expect(murder && penaltyInEnglish(murder)).toBe('death or imprisonment for life, and a fine');
  });

  it('reads a Bangla penalty with its minimum, maximum and fine', () => {
    const dowry = parsePenalty(DOWRY);
    expect(dowry && penaltyInEnglish(dowry)).toBe(
      'imprisonment of 1 year to 5 years, a fine of up to 50,000 taka, or both',
    );
    expect(dowry && penaltyInBangla(dowry)).toBe('১ থেকে ৫ বছর কারাদণ্ড, ৫০,০০০ টাকা পর্যন্ত অর্থদণ্ড বা উভয় দণ্ড');
  });

  it('finds no penalty where a section states none', () => {
    expect(
      parsePenalty('Any police-officer may, without an order from a Magistrate and without a warrant, arrest'),
    ).toBeNull();
    expect(bengaliDigits('section 379, 2018')).toBe('section ৩৭৯, ২০১৮');
  });
});
