/**
 * Every server message of the marketplace contract (lawyers, admin verdicts, feedback) and every
 * field message the forms check with has a Bangla text, so a Bangla reader never meets English
 * from the server on these screens.
 */
import { describe, expect, it } from 'vitest';
import { FeedbackMessages } from '../../contract/feedback';
import { LawyerMessages } from '../../contract/lawyers';
import { translateAdminText } from '../features/admin/admin-text';
import { translateFeedbackText } from '../features/feedback/feedback-text';
import { LAWYER_TEXT_BN, LawyerClientText, translateLawyerText } from '../features/lawyers/lawyer-text';

const BANGLA = /[\u0980-\u09FF]/;

describe('marketplace contract texts in Bangla', () => {
  // The verdict texts are the admin screens' (below).
  const { approved, rejected, alreadyDecided, ...lawyerTexts } = LawyerMessages;

  it.each(Object.values(lawyerTexts))('lawyer text "%s"', (text) => {
    expect(translateLawyerText(text, 'bn')).toMatch(BANGLA);
  });

  it.each(Object.values(LawyerClientText))('form text "%s"', (text) => {
    expect(translateLawyerText(text, 'bn')).toMatch(BANGLA);
  });

  it('has only Bangla in the lawyer table', () => {
    for (const bn of Object.values(LAWYER_TEXT_BN)) expect(bn).toMatch(BANGLA);
  });

  it.each([approved, rejected, alreadyDecided.replace('{status}', 'approved')])('admin text "%s"', (text) => {
    expect(translateAdminText(text, 'bn')).toMatch(BANGLA);
    expect(translateAdminText(text, 'bn')).not.toMatch(/[A-Za-z]/);
  });

  it.each(Object.values(FeedbackMessages))('feedback text "%s"', (text) => {
    expect(translateFeedbackText(text, 'bn')).toMatch(BANGLA);
  });

  it('leaves English as it is and unknown texts as the server wrote them', () => {
    expect(translateLawyerText(LawyerMessages.slotOverlap, 'en')).toBe(LawyerMessages.slotOverlap);
    expect(translateLawyerText('Something new', 'bn')).toBe('Something new');
  });
});
