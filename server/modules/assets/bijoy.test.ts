/** The Bijoy (SutonnyMJ) detector: glyph soup is flagged, ordinary text in any script is not. */
import { describe, expect, it } from 'vitest';
import { BIJOY_ORDER } from '../../../tests/helpers/server-documents';
import { bijoyEvidence, isBijoyFontName, looksLikeBijoy } from './bijoy';

const ENGLISH_ORDER =
  'IN THE SUPREME COURT OF BANGLADESH, HIGH COURT DIVISION. Writ Petition No. 1234 of 2024. In the matter of ' +
  'an application under Article 102 of the Constitution. The petitioner seeks a direction upon the respondents. ' +
  '© 2024 LegalConnect. See notes † and ‡ below; 30° ± 2°, ½ of the plot, 3 × 4 metres, § 5 ¶ 2.';

describe('looksLikeBijoy', () => {
  it('flags a court order typed in SutonnyMJ by its glyphs and letters alone', () => {
    const evidence = bijoyEvidence(BIJOY_ORDER);
    expect(evidence).toMatchObject({ bijoy: true, banglaLetters: 0 });
    expect(evidence.glyphs).toBeGreaterThan(10);
  });

  it('flags a short line with a few vowel-sign glyphs ("আমি তোমাকে ভালোবাসি")', () => {
    expect(looksLikeBijoy('Avwg ‡Zvgv‡K fv‡jvevwm')).toBe(true);
  });

  it('flags any Latin text drawn in a Bijoy font, even without glyphs', () => {
    expect(looksLikeBijoy('Avwg evsjvq Mvb MvB')).toBe(false);
    expect(looksLikeBijoy('Avwg evsjvq Mvb MvB', ['ABCDEF+SutonnyMJ'])).toBe(true);
    expect(looksLikeBijoy('Avwg evsjvq Mvb MvB', ['Arial', 'SulekhaMJ,Bold'])).toBe(true);
  });

  it('does not flag English (with the odd dagger, degree or copyright sign), French, German or code', () => {
    for (const text of [
      ENGLISH_ORDER,
      'Le tribunal de première instance a déclaré que la société était responsable; les héritiers ont été entendus.',
      'Das Gericht hat entschieden, dass die Gesellschaft für die Schäden haftet. Wir wollen wissen, wie viel.',
      'function viewWindow() { return myValue.toString(); } // iPhone macOS JavaScript TypeScript',
      '2024-03-12 10:30 12/3/2024 ১২/৩/২০২৪',
      '',
    ]) {
      expect(looksLikeBijoy(text), text).toBe(false);
    }
  });

  it('does not flag Unicode Bangla, alone or mixed with English, whatever the fonts', () => {
    expect(looksLikeBijoy('আমি বাংলায় গান গাই। বাংলাদেশ সুপ্রীম কোর্টের হাইকোর্ট বিভাগ।')).toBe(false);
    const mixed = 'Case No. 12 মামলা নং ১২, Dhaka Judge Court. বাদী: করিম, বিবাদী: রহিম. Hearing on 12 March.';
    expect(looksLikeBijoy(mixed, ['SutonnyMJ'])).toBe(false);
    // A Unicode heading over a Bijoy body is still mostly glyph soup.
    expect(looksLikeBijoy(`আদেশ\n${BIJOY_ORDER}`)).toBe(true);
  });
});

describe('isBijoyFontName', () => {
  it('knows the …MJ fonts with or without a subset prefix and style suffix', () => {
    for (const name of ['SutonnyMJ', 'ABCDEF+SutonnyMJ', 'SutonnyMJ-Bold', 'SutonnyMJ,Italic', 'SulekhaMJ', 'Bijoy']) {
      expect(isBijoyFontName(name), name).toBe(true);
    }
    for (const name of ['Helvetica', 'ABCDEF+Arial-BoldMT', 'NikoshBAN', 'Kalpurush', 'SolaimanLipi', 'MJML']) {
      expect(isBijoyFontName(name), name).toBe(false);
    }
  });
});
