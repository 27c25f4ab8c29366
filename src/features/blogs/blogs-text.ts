/**
 * Bangla for the contract's blog texts: the server's messages (BlogMessages) and the field messages
 * of contract/blogs.ts. Keyed by the English text, like src/lib/contract-text.ts, whose table this
 * extends; unknown texts fall through to it.
 */
import { useCallback } from 'react';
import {
  BLOG_CONTENT_MAX,
  BLOG_QUERY_MAX,
  BLOG_TITLE_MAX,
  BLOG_TITLE_MIN,
  BlogMessages,
} from '../../../contract/blogs';
import { translateContractText } from '../../lib/contract-text';
import { toBengaliDigits, useLang, type Lang } from '../../lib/i18n';

const M = BlogMessages;
const n = (value: number) => toBengaliDigits(String(value));

export const BLOG_TEXT_BN: Readonly<Record<string, string>> = {
  [M.blogNotFound]: 'নিবন্ধটি খুঁজে পাওয়া যায়নি',
  [M.blogCreated]: 'পোস্ট তৈরি হয়েছে',
  [M.blogUpdated]: 'পোস্ট হালনাগাদ হয়েছে',
  [M.blogDeleted]: 'পোস্ট মুছে ফেলা হয়েছে',
  [M.statusUpdated]: 'পোস্টের অবস্থা হালনাগাদ হয়েছে',
  [M.statusUnchanged]: 'পোস্টটির অবস্থা আগে থেকেই এটি',
  [M.contentEmpty]: 'লেখায় কিছু টেক্সট থাকতে হবে',
  [M.authorNotFound]: 'লেখককে খুঁজে পাওয়া যায়নি',
  [M.subscribeSelf]: 'নিজেকে অনুসরণ করা যায় না',
  [M.alreadySubscribed]: 'আপনি আগেই এই লেখককে অনুসরণ করছেন',
  [M.notSubscribed]: 'আপনি এই লেখককে অনুসরণ করছেন না',
  [M.subscribed]: 'লেখককে অনুসরণ করছেন',
  [M.unsubscribed]: 'লেখককে আর অনুসরণ করছেন না',
  'Title is required': 'শিরোনাম দিন',
  [`Title must be between ${BLOG_TITLE_MIN} and ${BLOG_TITLE_MAX} characters`]: `শিরোনাম ${n(BLOG_TITLE_MIN)} থেকে ${n(BLOG_TITLE_MAX)} অক্ষরের হতে হবে`,
  'Content is required': 'লেখা দিন',
  [`Content must be between 1 and ${BLOG_CONTENT_MAX} characters`]: `লেখা ${n(1)} থেকে ${n(BLOG_CONTENT_MAX)} অক্ষরের হতে হবে`,
  'Search text is required': 'কী খুঁজবেন লিখুন',
  [`Search text must be at most ${BLOG_QUERY_MAX} characters`]: `খোঁজার লেখা সর্বোচ্চ ${n(BLOG_QUERY_MAX)} অক্ষরের হতে পারে`,
  'Invalid author id': 'লেখকের আইডি সঠিক নয়',
};

export function translateBlogText(text: string, lang: Lang): string {
  if (lang === 'en') return text;
  return BLOG_TEXT_BN[text] ?? translateContractText(text, lang);
}

/** `const tb = useBlogText(); tb(error.message)` */
export function useBlogText(): (text: string) => string {
  const { lang } = useLang();
  return useCallback((text: string) => translateBlogText(text, lang), [lang]);
}
