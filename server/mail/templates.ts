/**
 * Mail texts, English and Bangla. A message is written in its recipient's language only (the
 * account's, chosen at sign-up from the interface and changed from the language switch or /profile;
 * issue 20): subject, plain text and HTML.
 */
import { OTP_TTL_SECONDS } from '../../contract/constants';
import { toBengaliDigits } from '../../contract/format';
import type { MailMessage } from './mailer';

export type MailLanguage = 'en' | 'bn';
export type CodePurpose = 'VERIFY_EMAIL' | 'RESET_PASSWORD';

const minutes = OTP_TTL_SECONDS / 60;
/** Bengali digits (the shared formatter, contract/format.ts). */
export const bnDigits = toBengaliDigits;

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
  const lines = language === 'bn' ? bn : en;
  const subjects = {
    en: purpose === 'RESET_PASSWORD' ? 'Your LegalConnect password reset code' : 'Your LegalConnect verification code',
    bn: purpose === 'RESET_PASSWORD' ? 'LegalConnect পাসওয়ার্ড রিসেট কোড' : 'LegalConnect যাচাইকরণ কোড',
  };
  return {
    to,
    subject: subjects[language],
    text: `${lines.join('\n')}\n\n— LegalConnect\n`,
    html: htmlMail(language, subjects[language], lines),
  };
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The HTML part: the same paragraphs, marked with their language; a link when there is one. */
function htmlMail(language: MailLanguage, title: string, paragraphs: readonly string[], link?: LinkPart): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('');
  const action = link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : '';
  return (
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body>${body}${action}<p>— LegalConnect</p></body></html>`
  );
}

interface LinkPart {
  url: string;
  label: string;
}

/** Text in both languages; notifications are stored in the recipient's and mailed in both. */
export interface LocalizedText {
  en: string;
  bn: string;
}

/**
 * A notification by mail, in the recipient's language (subject, plain text and HTML), with a link
 * into the app when there is one.
 */
export function notificationMail(input: {
  to: string;
  language: MailLanguage;
  subject: LocalizedText;
  content: LocalizedText;
  url: string | null;
}): MailMessage {
  const { language } = input;
  const open = { en: 'Open LegalConnect', bn: 'LegalConnect খুলুন' };
  const subject = input.subject[language];
  const content = input.content[language];
  const text = [content, ...(input.url ? [`${open[language]}: ${input.url}`] : [])].join('\n');
  const link = input.url ? { url: input.url, label: open[language] } : undefined;
  return {
    to: input.to,
    subject,
    text: `${text}\n\n— LegalConnect\n`,
    html: htmlMail(language, subject, [content], link),
  };
}
