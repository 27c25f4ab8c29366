/**
 * Bangla for the contract texts of contract/feedback.ts (server answers and field messages), keyed
 * by the English text; others fall through to src/lib/contract-text.ts.
 */
import { useCallback } from 'react';
import { FeedbackMessages } from '../../../contract/feedback';
import { translateContractText } from '../../lib/contract-text';
import { toBengaliDigits, useLang } from '../../lib/i18n';

const F = FeedbackMessages;
const n = (value: number) => toBengaliDigits(String(value));

export const FeedbackClientText = { categoryRequired: 'Choose what happened' } as const;

const FEEDBACK_TEXT_BN: Readonly<Record<string, string>> = {
  [F.feedbackSent]: 'ধন্যবাদ। আপনার মতামত LegalConnect দলের কাছে পাঠানো হয়েছে।',
  [F.feedbackUpdated]: 'মতামত হালনাগাদ হয়েছে',
  [F.feedbackNotFound]: 'মতামতটি খুঁজে পাওয়া যায়নি',
  [F.complaintFiled]: 'আপনার অভিযোগ জমা হয়েছে। LegalConnect দল এটি পর্যালোচনা করবে।',
  [F.complaintUpdated]: 'অভিযোগ হালনাগাদ হয়েছে',
  [F.complaintNotFound]: 'অভিযোগটি খুঁজে পাওয়া যায়নি',
  [F.complaintLawyerNotFound]: 'আইনজীবী খুঁজে পাওয়া যায়নি',
  [F.complaintCaseMismatch]: 'এই মামলাটি আপনার ও এই আইনজীবীর মধ্যে নয়',
  'Message is required': 'বার্তা লিখুন',
  'Message must be between 5 and 2000 characters': `বার্তা ${n(5)} থেকে ${n(2000)} অক্ষরের হতে হবে`,
  'Description is required': 'সমস্যার বিবরণ লিখুন',
  'Description must be between 10 and 2000 characters': `বিবরণ ${n(10)} থেকে ${n(2000)} অক্ষরের হতে হবে`,
  'Response must be at most 2000 characters': `উত্তর সর্বোচ্চ ${n(2000)} অক্ষরের হতে পারে`,
  'Page must be an in-app path': 'পৃষ্ঠাটি অ্যাপের ভেতরের ঠিকানা হতে হবে',
  [FeedbackClientText.categoryRequired]: 'কী হয়েছে তা বেছে নিন',
};

export function translateFeedbackText(text: string, lang: 'en' | 'bn'): string {
  return lang === 'en' ? text : (FEEDBACK_TEXT_BN[text] ?? translateContractText(text, lang));
}

export function useFeedbackText(): (text: string) => string {
  const { lang } = useLang();
  return useCallback((text: string) => translateFeedbackText(text, lang), [lang]);
}
