/**
 * Bangla for the contract's case texts: the server's messages (CaseMessages), the field messages of
 * contract/cases.ts and the review answers a case page can meet. Keyed by the English text, like
 * src/lib/contract-text.ts, whose table this extends; unknown texts fall through to it.
 */
import { useCallback } from 'react';
import { CaseMessages } from '../../../contract/cases';
import { translateContractText } from '../../lib/contract-text';
import { toBengaliDigits, useLang, type Lang } from '../../lib/i18n';

const M = CaseMessages;
const n = (value: number) => toBengaliDigits(String(value));

export const CASE_TEXT_BN: Readonly<Record<string, string>> = {
  [M.clientNotFound]: 'এই ইমেইল ঠিকানায় কোনো ক্লায়েন্ট পাওয়া যায়নি',
  [M.caseNotFound]: 'মামলাটি খুঁজে পাওয়া যায়নি',
  [M.caseCreated]: 'মামলা খোলা হয়েছে',
  [M.caseUpdated]: 'মামলা হালনাগাদ হয়েছে',
  [M.statusUpdated]: 'মামলার অবস্থা হালনাগাদ হয়েছে',
  [M.statusUnchanged]: 'মামলাটির অবস্থা আগে থেকেই এটি',
  [M.noteNotFound]: 'নোটটি খুঁজে পাওয়া যায়নি',
  [M.noteCreated]: 'নোট যোগ হয়েছে',
  [M.noteUpdated]: 'নোট হালনাগাদ হয়েছে',
  [M.noteDeleted]: 'নোট মুছে ফেলা হয়েছে',
  'Title is required': 'শিরোনাম দিন',
  'Title must be between 2 and 255 characters': `শিরোনাম ${n(2)} থেকে ${n(255)} অক্ষরের হতে হবে`,
  'Description must be at most 2000 characters': `বিবরণ সর্বোচ্চ ${n(2000)} অক্ষরের হতে পারে`,
  'Content is required': 'নোটের লেখা দিন',
  'Content must be between 1 and 10000 characters': `নোট ${n(1)} থেকে ${n(10000)} অক্ষরের হতে হবে`,
  'Review not found': 'রিভিউ খুঁজে পাওয়া যায়নি',
  'You have already reviewed this case': 'আপনি এই মামলার রিভিউ আগেই দিয়েছেন',
  'Only a resolved case can be reviewed': 'শুধু নিষ্পন্ন মামলার রিভিউ দেওয়া যায়',
  'Rating must be between 1 and 5': `রেটিং ${n(1)} থেকে ${n(5)}-এর মধ্যে হতে হবে`,
  'Review must be at most 5000 characters': `রিভিউ সর্বোচ্চ ${n(5000)} অক্ষরের হতে পারে`,
};

export function translateCaseText(text: string, lang: Lang): string {
  if (lang === 'en') return text;
  return CASE_TEXT_BN[text] ?? translateContractText(text, lang);
}

/** `const tc = useCaseText(); tc(error.message)` */
export function useCaseText(): (text: string) => string {
  const { lang } = useLang();
  return useCallback((text: string) => translateCaseText(text, lang), [lang]);
}
