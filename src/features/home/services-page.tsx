/**
 * Services: what LegalConnect offers to clients and to lawyers, each with a link to the screen where
 * it is used (the app's guards send visitors to sign in first).
 */
import { Link } from 'react-router-dom';
import { defineMessages, useT } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ButtonLink } from './button-link';
import styles from './marketing.module.css';

export const servicesMessages = defineMessages(
  {
    title: 'Services',
    lead: 'One app for the whole journey: understand your problem, find the right lawyer, and work on the case together.',
    clientsTitle: 'For clients',
    lawyersTitle: 'For lawyers',
    findTitle: 'Find a lawyer',
    findText: 'Search verified lawyers by specialization and area, compare experience, fees and reviews.',
    aiTitle: 'AI legal assistant',
    aiText: 'Ask about the laws of Bangladesh in Bangla or English; every answer cites its sources.',
    docSearchTitle: 'Document search',
    docSearchText: 'Upload a PDF, Word or text file to an AI session and ask questions about it.',
    casesTitle: 'Case management',
    casesText: 'Keep each case with its status, notes and documents, shared with your lawyer or kept private.',
    meetingsTitle: 'Scheduling and video meetings',
    meetingsText: 'Book a free slot in a lawyer’s calendar, get reminders and meet by video in the app.',
    paymentsTitle: 'Escrowed payments',
    paymentsText: 'Pay in taka by card or bKash; the amount is held and released to the lawyer after the meeting.',
    chatTitle: 'Direct chat and notifications',
    chatText: 'Message your lawyer and get live and push notifications about your case.',
    insightsTitle: 'Law insights',
    insightsText: 'Read short articles by lawyers on everyday legal questions and follow the authors you like.',
    profileTitle: 'A verified profile',
    profileText: 'Show your specialization, experience and hourly fee once our admin has verified your credentials.',
    clientCasesTitle: 'Client cases',
    clientCasesText: 'Work on each client’s case with notes, documents and a shared history.',
    availabilityTitle: 'Availability and meetings',
    availabilityText:
      'Publish your free slots, take bookings and meet clients by video; payment is secured in advance.',
    publishTitle: 'Publish law insights',
    publishText: 'Write articles for the public and reach subscribers who follow your work.',
    ctaTitle: 'Start with a question',
    ctaText:
      'Not sure which lawyer you need? Ask the AI assistant first; it suggests the kind of lawyer for your matter.',
    ctaAsk: 'Ask the AI assistant',
    ctaHow: 'How it works',
  },
  {
    title: 'সেবাসমূহ',
    lead: 'পুরো যাত্রার জন্য একটি অ্যাপ: সমস্যাটি বুঝুন, সঠিক আইনজীবী খুঁজুন, আর একসঙ্গে মামলার কাজ করুন।',
    clientsTitle: 'ক্লায়েন্টদের জন্য',
    lawyersTitle: 'আইনজীবীদের জন্য',
    findTitle: 'আইনজীবী খুঁজুন',
    findText: 'বিশেষজ্ঞতা ও এলাকা অনুযায়ী যাচাইকৃত আইনজীবী খুঁজুন; অভিজ্ঞতা, ফি ও রিভিউ মিলিয়ে দেখুন।',
    aiTitle: 'এআই আইনি সহকারী',
    aiText: 'বাংলাদেশের আইন নিয়ে বাংলা বা ইংরেজিতে প্রশ্ন করুন; প্রতিটি উত্তরে সূত্র উল্লেখ থাকে।',
    docSearchTitle: 'ডকুমেন্ট সার্চ',
    docSearchText: 'এআই সেশনে PDF, Word বা টেক্সট ফাইল আপলোড করে সেটি নিয়ে প্রশ্ন করুন।',
    casesTitle: 'মামলা ব্যবস্থাপনা',
    casesText: 'প্রতিটি মামলার অবস্থা, নোট ও ডকুমেন্ট এক জায়গায় রাখুন — আইনজীবীর সঙ্গে শেয়ার করে বা ব্যক্তিগতভাবে।',
    meetingsTitle: 'সময়সূচি ও ভিডিও মিটিং',
    meetingsText: 'আইনজীবীর ক্যালেন্ডারে ফাঁকা সময় বুক করুন, রিমাইন্ডার পান, আর অ্যাপেই ভিডিওতে মিটিং করুন।',
    paymentsTitle: 'এসক্রো পেমেন্ট',
    paymentsText: 'কার্ড বা বিকাশে টাকায় পেমেন্ট করুন; অর্থ আটকে রাখা হয় এবং মিটিংয়ের পর আইনজীবীকে দেওয়া হয়।',
    chatTitle: 'সরাসরি চ্যাট ও নোটিফিকেশন',
    chatText: 'আইনজীবীকে বার্তা পাঠান, আর মামলার খবর পান লাইভ ও পুশ নোটিফিকেশনে।',
    insightsTitle: 'আইনি নিবন্ধ',
    insightsText: 'দৈনন্দিন আইনি প্রশ্ন নিয়ে আইনজীবীদের লেখা ছোট নিবন্ধ পড়ুন, পছন্দের লেখকদের অনুসরণ করুন।',
    profileTitle: 'যাচাইকৃত প্রোফাইল',
    profileText: 'অ্যাডমিন আপনার কাগজপত্র যাচাই করার পর আপনার বিশেষজ্ঞতা, অভিজ্ঞতা ও ঘণ্টাপ্রতি ফি সবাই দেখতে পাবেন।',
    clientCasesTitle: 'ক্লায়েন্টের মামলা',
    clientCasesText: 'প্রত্যেক ক্লায়েন্টের মামলায় নোট, ডকুমেন্ট ও পুরো ইতিহাস নিয়ে একসঙ্গে কাজ করুন।',
    availabilityTitle: 'সময়সূচি ও মিটিং',
    availabilityText: 'আপনার ফাঁকা সময় প্রকাশ করুন, বুকিং নিন, ভিডিওতে ক্লায়েন্টের সঙ্গে মিটিং করুন; পেমেন্ট আগেই নিশ্চিত থাকে।',
    publishTitle: 'আইনি নিবন্ধ প্রকাশ করুন',
    publishText: 'সবার জন্য নিবন্ধ লিখুন এবং আপনার লেখা অনুসরণকারী পাঠকদের কাছে পৌঁছান।',
    ctaTitle: 'একটি প্রশ্ন দিয়ে শুরু করুন',
    ctaText:
      'কোন ধরনের আইনজীবী দরকার বুঝতে পারছেন না? আগে এআই সহকারীকে জিজ্ঞাসা করুন; সে আপনার বিষয়ের জন্য উপযুক্ত আইনজীবীর ধরন বলে দেবে।',
    ctaAsk: 'এআই সহকারীকে জিজ্ঞাসা করুন',
    ctaHow: 'যেভাবে কাজ করে',
  },
);

type ServiceId =
  | 'find'
  | 'ai'
  | 'docSearch'
  | 'cases'
  | 'meetings'
  | 'payments'
  | 'chat'
  | 'insights'
  | 'profile'
  | 'clientCases'
  | 'availability'
  | 'publish';

const CLIENT_SERVICES: readonly { id: ServiceId; path: string }[] = [
  { id: 'find', path: '/find-lawyer' },
  { id: 'ai', path: '/ai-chat' },
  { id: 'docSearch', path: '/document-search' },
  { id: 'cases', path: '/cases' },
  { id: 'meetings', path: '/my-meetings' },
  { id: 'payments', path: '/how-it-works' },
  { id: 'chat', path: '/chat' },
  { id: 'insights', path: '/law-insights' },
];

const LAWYER_SERVICES: readonly { id: ServiceId; path: string }[] = [
  { id: 'profile', path: '/lawyer/profile/create' },
  { id: 'clientCases', path: '/cases' },
  { id: 'availability', path: '/meetings' },
  { id: 'publish', path: '/lawyer/blogs' },
];

function ServiceList({ services }: { services: readonly { id: ServiceId; path: string }[] }) {
  const t = useT(servicesMessages);
  return (
    <ul className={styles.grid}>
      {services.map(({ id, path }) => (
        <li key={id}>
          <article className={styles.card}>
            <h3>
              <Link className={styles.cardLink} to={path}>
                {t(`${id}Title`)}
              </Link>
            </h3>
            <p>{t(`${id}Text`)}</p>
          </article>
        </li>
      ))}
    </ul>
  );
}

export function ServicesPage() {
  const t = useT(servicesMessages);
  useDocumentTitle(t('title'));
  return (
    <div className={styles.page}>
      <div className={styles.pageBody}>
        <h1>{t('title')}</h1>
        <p className={styles.lead}>{t('lead')}</p>

        <section className={styles.section} aria-labelledby="services-clients">
          <h2 id="services-clients">{t('clientsTitle')}</h2>
          <ServiceList services={CLIENT_SERVICES} />
        </section>

        <section className={styles.section} aria-labelledby="services-lawyers">
          <h2 id="services-lawyers">{t('lawyersTitle')}</h2>
          <ServiceList services={LAWYER_SERVICES} />
        </section>

        <div className={styles.cta}>
          <h2>{t('ctaTitle')}</h2>
          <p className={styles.muted}>{t('ctaText')}</p>
          <div className={styles.actions}>
            <ButtonLink primary to="/ai-chat">
              {t('ctaAsk')}
            </ButtonLink>
            <ButtonLink to="/how-it-works">{t('ctaHow')}</ButtonLink>
          </div>
        </div>
      </div>
    </div>
  );
}
