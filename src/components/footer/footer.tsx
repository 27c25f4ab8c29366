/**
 * The site footer (docs/product.md §1–2): brand, one-line description, four link groups covering exactly the
 * footer paths of docs/product.md §2, and the copyright line with the current year. Paths such as /lawyers or
 * /blog are the spec's; the router maps them to their screens.
 */
import { Link } from 'react-router-dom';
import { defineMessages, useT } from '../../lib/i18n';
import styles from './footer.module.css';

export const footerMessages = defineMessages(
  {
    tagline: 'AI-powered legal assistance, finding lawyers, document management and appointment booking',
    services: 'Services',
    support: 'Support',
    company: 'Company',
    legal: 'Legal',
    allServices: 'All services',
    lawyers: 'Find lawyers',
    aiChat: 'AI legal chat',
    documents: 'Document management',
    scheduling: 'Scheduling',
    help: 'Help centre',
    contact: 'Contact us',
    faq: 'FAQ',
    tutorials: 'Tutorials',
    status: 'System status',
    about: 'About us',
    careers: 'Careers',
    press: 'Press',
    partners: 'Partners',
    blog: 'Law insights',
    privacy: 'Privacy policy',
    terms: 'Terms of service',
    cookies: 'Cookie policy',
    security: 'Security',
    compliance: 'Compliance',
    copyright: '© {year} LegalConnect. All rights reserved.',
  },
  {
    tagline: 'এআই-চালিত আইনি সহায়তা, আইনজীবী খোঁজা, ডকুমেন্ট ব্যবস্থাপনা ও অ্যাপয়েন্টমেন্ট বুকিং',
    services: 'সেবাসমূহ',
    support: 'সহায়তা',
    company: 'প্রতিষ্ঠান',
    legal: 'আইনি তথ্য',
    allServices: 'সব সেবা',
    lawyers: 'আইনজীবী খুঁজুন',
    aiChat: 'এআই আইনি চ্যাট',
    documents: 'ডকুমেন্ট ব্যবস্থাপনা',
    scheduling: 'সময়সূচি',
    help: 'সহায়তা কেন্দ্র',
    contact: 'যোগাযোগ',
    faq: 'সাধারণ জিজ্ঞাসা',
    tutorials: 'নির্দেশিকা',
    status: 'সিস্টেমের অবস্থা',
    about: 'আমাদের সম্পর্কে',
    careers: 'ক্যারিয়ার',
    press: 'সংবাদমাধ্যম',
    partners: 'অংশীদার',
    blog: 'আইনি নিবন্ধ',
    privacy: 'গোপনীয়তা নীতি',
    terms: 'ব্যবহারের শর্তাবলি',
    cookies: 'কুকি নীতি',
    security: 'নিরাপত্তা',
    compliance: 'কমপ্লায়েন্স',
    copyright: '© {year} LegalConnect। সর্বস্বত্ব সংরক্ষিত।',
  },
);

type FooterKey = keyof typeof footerMessages.en;

export interface FooterGroup {
  title: FooterKey;
  links: readonly { label: FooterKey; to: string }[];
}

/** The footer's link groups: every path the spec lists, once. */
export const FOOTER_GROUPS: readonly FooterGroup[] = [
  {
    title: 'services',
    links: [
      { label: 'allServices', to: '/services' },
      { label: 'lawyers', to: '/lawyers' },
      { label: 'aiChat', to: '/ai-chat' },
      { label: 'documents', to: '/document-management' },
      { label: 'scheduling', to: '/scheduling' },
    ],
  },
  {
    title: 'support',
    links: [
      { label: 'help', to: '/help' },
      { label: 'contact', to: '/contact' },
      { label: 'faq', to: '/faq' },
      { label: 'tutorials', to: '/tutorials' },
      { label: 'status', to: '/status' },
    ],
  },
  {
    title: 'company',
    links: [
      { label: 'about', to: '/about' },
      { label: 'careers', to: '/careers' },
      { label: 'press', to: '/press' },
      { label: 'partners', to: '/partners' },
      { label: 'blog', to: '/blog' },
    ],
  },
  {
    title: 'legal',
    links: [
      { label: 'privacy', to: '/privacy' },
      { label: 'terms', to: '/terms' },
      { label: 'cookies', to: '/cookies' },
      { label: 'security', to: '/security' },
      { label: 'compliance', to: '/compliance' },
    ],
  },
];

export function Footer() {
  const t = useT(footerMessages);
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Link to="/" className={styles.brandName}>
            LegalConnect
          </Link>
          <p className={styles.tagline}>{t('tagline')}</p>
        </div>
        <div className={styles.groups}>
          {FOOTER_GROUPS.map((group) => (
            <nav key={group.title} aria-label={t(group.title)} className={styles.group}>
              <h2 className={styles.groupTitle}>{t(group.title)}</h2>
              <ul className={styles.links}>
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className={styles.link}>
                      {t(link.label)}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
      <p className={styles.copyright}>{t('copyright', { year })}</p>
    </footer>
  );
}
