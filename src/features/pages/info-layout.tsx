/**
 * The frame every information page shares: the page's <h1>, the "last updated" line where the text
 * is a policy, the body, and links to related pages. Titles live here (not in each page) because the
 * related-links list needs the names of the other pages too.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { defineMessages, useT } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import styles from './info-page.module.css';

export const infoLayoutMessages = defineMessages(
  {
    help: 'Help centre',
    faq: 'Frequently asked questions',
    tutorials: 'Tutorials',
    status: 'System status',
    careers: 'Careers',
    press: 'Press',
    partners: 'Partners',
    privacy: 'Privacy policy',
    terms: 'Terms of service',
    cookies: 'Cookie policy',
    security: 'Security',
    compliance: 'Compliance',
    contact: 'Contact us',
    about: 'About LegalConnect',
    howItWorks: 'How it works',
    services: 'Services',
    register: 'Create free account',
    findLawyer: 'Find a lawyer',
    aiChat: 'AI legal assistant',
    profile: 'Your profile',
    lastUpdated: 'Last updated: {date}',
    updatedDate: 'November 2026',
    related: 'Related pages',
  },
  {
    help: 'সহায়তা কেন্দ্র',
    faq: 'সাধারণ জিজ্ঞাসা',
    tutorials: 'নির্দেশিকা',
    status: 'সিস্টেমের অবস্থা',
    careers: 'ক্যারিয়ার',
    press: 'সংবাদমাধ্যম',
    partners: 'অংশীদার',
    privacy: 'গোপনীয়তা নীতি',
    terms: 'ব্যবহারের শর্তাবলি',
    cookies: 'কুকি নীতি',
    security: 'নিরাপত্তা',
    compliance: 'কমপ্লায়েন্স',
    contact: 'যোগাযোগ করুন',
    about: 'LegalConnect সম্পর্কে',
    howItWorks: 'যেভাবে কাজ করে',
    services: 'সেবাসমূহ',
    register: 'বিনামূল্যে অ্যাকাউন্ট খুলুন',
    findLawyer: 'আইনজীবী খুঁজুন',
    aiChat: 'এআই আইনি সহকারী',
    profile: 'আপনার প্রোফাইল',
    lastUpdated: 'সর্বশেষ হালনাগাদ: {date}',
    updatedDate: 'নভেম্বর ২০২৬',
    related: 'সম্পর্কিত পাতা',
  },
);

type LayoutKey = keyof typeof infoLayoutMessages.en;

/** Pages an information page may point to, with the catalogue key of their name. */
export const RELATED_PAGES = {
  '/help': 'help',
  '/faq': 'faq',
  '/tutorials': 'tutorials',
  '/status': 'status',
  '/careers': 'careers',
  '/press': 'press',
  '/partners': 'partners',
  '/privacy': 'privacy',
  '/terms': 'terms',
  '/cookies': 'cookies',
  '/security': 'security',
  '/compliance': 'compliance',
  '/contact': 'contact',
  '/about': 'about',
  '/how-it-works': 'howItWorks',
  '/services': 'services',
  '/register': 'register',
  '/find-lawyer': 'findLawyer',
  '/ai-chat': 'aiChat',
  '/profile': 'profile',
} as const satisfies Record<string, LayoutKey>;

export type RelatedPath = keyof typeof RELATED_PAGES;

/** The date the policy texts were last revised, as shown and as machine-readable. */
const UPDATED_ISO = '2026-11';

interface InfoLayoutProps {
  title: LayoutKey;
  /** Policies show when they last changed. */
  dated?: boolean;
  related: readonly RelatedPath[];
  children: ReactNode;
}

export function InfoLayout({ title, dated = false, related, children }: InfoLayoutProps) {
  const t = useT(infoLayoutMessages);
  const heading = t(title);
  useDocumentTitle(heading);

  return (
    <article className={styles.page}>
      <h1>{heading}</h1>
      {dated && (
        <p className={styles.updated}>
          <time dateTime={UPDATED_ISO}>{t('lastUpdated', { date: t('updatedDate') })}</time>
        </p>
      )}
      {children}
      <nav className={styles.related} aria-label={t('related')}>
        <h2>{t('related')}</h2>
        <ul>
          {related.map((path) => (
            <li key={path}>
              <Link to={path}>{t(RELATED_PAGES[path])}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </article>
  );
}
