/**
 * Mail texts, English and Bangla. Both languages go into every message (the user's own first),
 * because a code mail must be readable even when the language preference is wrong.
 */
import { OTP_TTL_SECONDS } from '../../contract/constants';
import type { MailMessage } from './mailer';

export type MailLanguage = 'en' | 'bn';
export type CodePurpose = 'VERIFY_EMAIL' | 'RESET_PASSWORD';

const minutes = OTP_TTL_SECONDS / 60;
export const bnDigits = (value: string): string => value.replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)] ?? d);

export function codeMail(to: string, code: string, purpose: CodePurpose, language: MailLanguage): MailMessage {
  const en = [
    `Your LegalConnect verification code is ${code}`,
    purpose === 'RESET_PASSWORD'
      ? `Use it to reset your password. It expires in ${minutes} minutes.`
      : `Use it to verify your email address. It expires in ${minutes} minutes.`,
    'If you did not ask for this code, you can ignore this message.',
  ];
  const bn = [
    `আপনার LegalConnect যাচাইকরণ কোড হলো ${code}`,
    purpose === 'RESET_PASSWORD'
      ? `পাসওয়ার্ড রিসেট করতে এটি ব্যবহার করুন। কোডটি ${bnDigits(String(minutes))} মিনিটের মধ্যে মেয়াদোত্তীর্ণ হবে।`
      : `ইমেইল ঠিকানা যাচাই করতে এটি ব্যবহার করুন। কোডটি ${bnDigits(String(minutes))} মিনিটের মধ্যে মেয়াদোত্তীর্ণ হবে।`,
    'আপনি এই কোড না চাইলে বার্তাটি উপেক্ষা করুন।',
  ];
  const blocks = language === 'bn' ? [bn, en] : [en, bn];
  const subjects = {
    en: purpose === 'RESET_PASSWORD' ? 'Your LegalConnect password reset code' : 'Your LegalConnect verification code',
    bn: purpose === 'RESET_PASSWORD' ? 'LegalConnect পাসওয়ার্ড রিসেট কোড' : 'LegalConnect যাচাইকরণ কোড',
  };
  return {
    to,
    subject: `${subjects[language]} / ${subjects[language === 'bn' ? 'en' : 'bn']}`,
    text: `${blocks.map((lines) => lines.join('\n')).join('\n\n')}\n\n— LegalConnect\n`,
  };
}

/** Text in both languages; notifications are stored in the recipient's and mailed in both. */
export interface LocalizedText {
  en: string;
  bn: string;
}

/**
 * An important notification by mail (verification result, complaint or feedback outcome, a new
 * review): the recipient's language first, the other below, and a link into the app when there is one.
 */
export function notificationMail(input: {
  to: string;
  language: MailLanguage;
  subject: LocalizedText;
  content: LocalizedText;
  url: string | null;
}): MailMessage {
  const { language } = input;
  const other: MailLanguage = language === 'bn' ? 'en' : 'bn';
  const open = { en: 'Open LegalConnect', bn: 'LegalConnect খুলুন' };
  const block = (lang: MailLanguage) =>
    [input.content[lang], ...(input.url ? [`${open[lang]}: ${input.url}`] : [])].join('\n');
  const subject =
    input.subject[language] === input.subject[other]
      ? input.subject[language]
      : `${input.subject[language]} / ${input.subject[other]}`;
  const text =
    input.content[language] === input.content[other] ? block(language) : `${block(language)}\n\n${block(other)}`;
  return { to: input.to, subject, text: `${text}\n\n— LegalConnect\n` };
}
