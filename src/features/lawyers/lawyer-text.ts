/**
 * Bangla for the contract's lawyer texts: the server's messages (LawyerMessages) and the field
 * messages of contract/lawyers.ts's schemas, which the forms also use on the phone. Keyed by the
 * English text, like src/lib/contract-text.ts, whose table this extends for this feature; texts it
 * does not know fall through to that table, then to the server's own words.
 */
import { useCallback } from 'react';
import { LawyerMessages } from '../../../contract/lawyers';
import { fieldError } from '../../lib/api/app-error';
import { translateContractText } from '../../lib/contract-text';
import { toBengaliDigits, useLang } from '../../lib/i18n';

const M = LawyerMessages;
const n = (value: number) => toBengaliDigits(String(value));

/** The form's own checks that the contract's schemas do not phrase (empty choices, file pre-check). */
export const LawyerClientText = {
  courtRequired: 'Choose the court you practise in',
  divisionRequired: 'Choose a division',
  districtRequired: 'Choose a district',
  dayRequired: 'Choose a day',
  timeRequired: 'Enter a start and an end time',
} as const;

export const LAWYER_TEXT_BN: Readonly<Record<string, string>> = {
  [M.profileCreated]: 'আইনজীবী প্রোফাইল তৈরি হয়েছে এবং যাচাইয়ের জন্য পাঠানো হয়েছে',
  [M.profileUpdated]: 'আইনজীবী প্রোফাইল হালনাগাদ হয়েছে',
  [M.profileNotCreated]: 'আইনজীবী প্রোফাইল এখনও তৈরি হয়নি',
  [M.profileExists]: 'আইনজীবী প্রোফাইল আগেই তৈরি করা আছে',
  [M.barNumberTaken]: 'এই বার সনদ নম্বরে আগেই একজন আইনজীবী নিবন্ধিত আছেন',
  [M.barNumberImmutable]: 'বার সনদ নম্বর পরিবর্তন করা যায় না',
  [M.districtMismatch]: 'জেলাটি নির্বাচিত বিভাগের মধ্যে নয়',
  [M.notApproved]: 'এটি করার আগে আপনার আইনজীবী প্রোফাইল অনুমোদিত হতে হবে',
  [M.lawyerNotFound]: 'আইনজীবী খুঁজে পাওয়া যায়নি',
  [M.credentialsUploaded]: 'সনদ আপলোড হয়েছে',
  [M.credentialsInvalid]: 'বার সনদ অবশ্যই সর্বোচ্চ ৫ MB-এর PDF, JPEG বা PNG ফাইল হতে হবে',
  [M.credentialsMissing]: 'কোনো বার সনদ আপলোড করা হয়নি',
  [M.slotOverlap]: 'এই সময়টি আপনার আরেকটি সময়ের সাথে মিলে যাচ্ছে',
  [M.rejectReasonLength]: 'কারণ ১০ থেকে ১০০০ অক্ষরের হতে হবে',
  [M.slotOrder]: 'শেষের সময় শুরুর সময়ের পরে হতে হবে',
  [M.slotNotFound]: 'সময়টি খুঁজে পাওয়া যায়নি',
  [M.hourlyChargeUpdated]: 'ঘণ্টাপ্রতি ফি হালনাগাদ হয়েছে',
  [M.reviewNotFound]: 'রিভিউ খুঁজে পাওয়া যায়নি',
  [M.reviewExists]: 'আপনি এই মামলার রিভিউ আগেই দিয়েছেন',
  [M.reviewCaseNotResolved]: 'শুধু নিষ্পন্ন মামলার রিভিউ দেওয়া যায়',
  [M.reviewNotYourCase]: 'আপনি শুধু নিজের মামলার রিভিউ দিতে পারেন',
  // Field messages of contract/lawyers.ts
  'Firm is required': 'ফার্ম বা চেম্বারের নাম দিন',
  'Firm must be between 2 and 255 characters': `ফার্মের নাম ${n(2)} থেকে ${n(255)} অক্ষরের হতে হবে`,
  'Years of experience is required': 'অভিজ্ঞতার বছর লিখুন',
  'Years of experience must be a whole number': 'অভিজ্ঞতার বছর পূর্ণসংখ্যা হতে হবে',
  'Years of experience must be between 0 and 50': `অভিজ্ঞতা ${n(0)} থেকে ${n(50)} বছরের মধ্যে হতে হবে`,
  'Bar certificate number is required': 'বার সনদ নম্বর দিন',
  'Bar certificate number must be between 5 and 50 characters': `বার সনদ নম্বর ${n(5)} থেকে ${n(50)} অক্ষরের হতে হবে`,
  'Bio must be at most 2000 characters': `পরিচিতি সর্বোচ্চ ${n(2000)} অক্ষরের হতে পারে`,
  'Choose at least one specialization': 'অন্তত একটি বিশেষজ্ঞতা বেছে নিন',
  'Specializations must not repeat': 'একই বিশেষজ্ঞতা একাধিকবার দেওয়া যাবে না',
  'Languages must not repeat': 'একই ভাষা একাধিকবার দেওয়া যাবে না',
  'Hourly charge must be a number': 'ঘণ্টাপ্রতি ফি একটি সংখ্যা হতে হবে',
  'Hourly charge must be at least 0.01': `ঘণ্টাপ্রতি ফি অন্তত ${n(0.01)} হতে হবে`,
  'Hourly charge must be at most 99,999,999.99': `ঘণ্টাপ্রতি ফি সর্বোচ্চ ${toBengaliDigits('99,999,999.99')} হতে পারে`,
  'Hourly charge has at most 2 decimals': `ঘণ্টাপ্রতি ফি-তে দশমিকের পরে সর্বোচ্চ ${n(2)} অঙ্ক থাকতে পারে`,
  'Time must be HH:mm': 'সময় ঘণ্টা:মিনিট আকারে দিন',
  'Search text must be at most 100 characters': `খোঁজার লেখা সর্বোচ্চ ${n(100)} অক্ষরের হতে পারে`,
  'Maximum experience must not be below minimum experience': 'সর্বোচ্চ অভিজ্ঞতা সর্বনিম্ন অভিজ্ঞতার কম হতে পারে না',
  [LawyerClientText.courtRequired]: 'আপনি যে আদালতে প্র্যাকটিস করেন তা বেছে নিন',
  [LawyerClientText.divisionRequired]: 'একটি বিভাগ বেছে নিন',
  [LawyerClientText.districtRequired]: 'একটি জেলা বেছে নিন',
  [LawyerClientText.dayRequired]: 'একটি দিন বেছে নিন',
  [LawyerClientText.timeRequired]: 'শুরু ও শেষের সময় দিন',
};

export function translateLawyerText(text: string, lang: 'en' | 'bn'): string {
  if (lang === 'en') return text;
  return LAWYER_TEXT_BN[text] ?? translateContractText(text, lang);
}

/** `const tl = useLawyerText(); tl(error.message)` */
export function useLawyerText(): (text: string) => string {
  const { lang } = useLang();
  return useCallback((text: string) => translateLawyerText(text, lang), [lang]);
}

/** What is wrong with a form field: the phone's own check first, else what the server said about it. */
export function useLawyerFieldErrors(
  clientErrors: Partial<Record<string, string>>,
  serverError: unknown,
): (field: string) => string | undefined {
  const tl = useLawyerText();
  return useCallback(
    (field: string) => {
      const message = clientErrors[field] ?? fieldError(serverError, field);
      return message ? tl(message) : undefined;
    },
    [clientErrors, serverError, tl],
  );
}
