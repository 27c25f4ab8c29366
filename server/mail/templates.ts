/**
 * Mail texts, English and Bangla. Both languages go into every message (the user's own first),
 * because a code mail must be readable even when the language preference is wrong.
 */
import { OTP_TTL_SECONDS } from '../../contract/constants';
import type { MailMessage } from './mailer';

export type MailLanguage = 'en' | 'bn';
export type CodePurpose = 'VERIFY_EMAIL' | 'RESET_PASSWORD';

const minutes = OTP_TTL_SECONDS / 60;
const bnDigits = (value: string) => value.replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)] ?? d);

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
