/**
 * Bangla for the contract texts the admin screens meet (the verdict answers, the reject reason's
 * limit), keyed by the English text; others fall through to src/lib/contract-text.ts.
 */
import { useCallback } from 'react';
import { LawyerMessages } from '../../../contract/lawyers';
import { translateContractText } from '../../lib/contract-text';
import { toBengaliDigits, useLang } from '../../lib/i18n';

const STATUS_BN: Record<string, string> = {
  approved: 'অনুমোদিত',
  rejected: 'প্রত্যাখ্যাত',
  APPROVED: 'অনুমোদিত',
  REJECTED: 'প্রত্যাখ্যাত',
};
const [DECIDED_PREFIX = ''] = LawyerMessages.alreadyDecided.split('{status}');

const ADMIN_TEXT_BN: Readonly<Record<string, string>> = {
  [LawyerMessages.approved]: 'আইনজীবী অনুমোদিত হয়েছেন',
  [LawyerMessages.rejected]: 'আইনজীবী প্রত্যাখ্যাত হয়েছেন',
  [LawyerMessages.lawyerNotFound]: 'আইনজীবী খুঁজে পাওয়া যায়নি',
  [LawyerMessages.credentialsMissing]: 'কোনো বার সনদ আপলোড করা হয়নি',
  'Reason must be at most 1000 characters': `কারণ সর্বোচ্চ ${toBengaliDigits('1000')} অক্ষরের হতে পারে`,
  'Reason must be 10 to 1000 characters': `কারণ ${toBengaliDigits('10')} থেকে ${toBengaliDigits('1000')} অক্ষরের হতে হবে`,
};

export function translateAdminText(text: string, lang: 'en' | 'bn'): string {
  if (lang === 'en') return text;
  const known = ADMIN_TEXT_BN[text];
  if (known) return known;
  // "This lawyer has already been {status}"
  if (DECIDED_PREFIX && text.startsWith(DECIDED_PREFIX)) {
    const status = text.slice(DECIDED_PREFIX.length).trim();
    return `এই আইনজীবী ইতিমধ্যে ${STATUS_BN[status] ?? status}`;
  }
  return translateContractText(text, lang);
}

export function useAdminText(): (text: string) => string {
  const { lang } = useLang();
  return useCallback((text: string) => translateAdminText(text, lang), [lang]);
}
