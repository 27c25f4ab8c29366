/**
 * About LegalConnect: why it exists and the principles it is built on. Every claim here is something
 * the product actually does; no awards, investors or figures beyond the marketing stats.
 */
import { Link } from 'react-router-dom';
import { defineMessages, useT } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import styles from './marketing.module.css';

export const aboutMessages = defineMessages(
  {
    title: 'About LegalConnect',
    lead: 'LegalConnect helps people in Bangladesh find a lawyer they can trust, understand their legal position, and work on their case with their lawyer — from a phone, even on a weak connection.',
    whyTitle: 'Why we built it',
    whyText:
      'Finding the right lawyer often depends on who you know, and even a simple question can mean a trip to the courts. We want the first step to be easy: a clear answer grounded in the law, a list of lawyers whose credentials have been checked, and fees that are agreed before you pay.',
    principlesTitle: 'What we stand by',
    verifiedTitle: 'Verified lawyers only.',
    verifiedText:
      'A lawyer appears in search only after our admin has reviewed their Bar Council enrolment details and credentials.',
    groundedTitle: 'Answers grounded in the law.',
    groundedText:
      'The AI assistant answers from the laws of Bangladesh and shows the Act and section it used. It gives general information, not legal advice.',
    fairTitle: 'Fair payments.',
    fairText: 'What you pay for a meeting is held in escrow and released to the lawyer only after the meeting.',
    dataTitle: 'Your data is yours.',
    dataText: 'We keep only what the service needs, we do not sell data or show ads, and you can ask us to delete it.',
    reachTitle: 'Made for every connection.',
    reachText:
      'The app installs on your phone, works in Bangla and English, and keeps the screens you visited for offline use.',
    notFirmTitle: 'LegalConnect is not a law firm',
    notFirmText:
      'We do not give legal advice ourselves. Lawyers on LegalConnect are independent professionals; the advice they give you is theirs.',
    moreTitle: 'Learn more',
    howLink: 'How LegalConnect works',
    servicesLink: 'Our services',
    contactLink: 'Contact us',
    careersLink: 'Careers',
  },
  {
    title: 'LegalConnect সম্পর্কে',
    lead: 'LegalConnect বাংলাদেশের মানুষকে ভরসা করার মতো আইনজীবী খুঁজে পেতে, নিজের আইনি অবস্থান বুঝতে এবং আইনজীবীর সঙ্গে মামলার কাজ চালাতে সাহায্য করে — ফোন থেকেই, দুর্বল ইন্টারনেটেও।',
    whyTitle: 'কেন আমরা এটি তৈরি করেছি',
    whyText:
      'সঠিক আইনজীবী পাওয়া প্রায়ই পরিচিতজনের ওপর নির্ভর করে, আর ছোট একটি প্রশ্নের উত্তর জানতেও কোর্ট-কাচারিতে দৌড়াতে হয়। আমরা চাই প্রথম পদক্ষেপটা সহজ হোক: আইনের ভিত্তিতে পরিষ্কার উত্তর, যাচাই করা আইনজীবীদের তালিকা, আর পেমেন্টের আগেই জানা ফি।',
    principlesTitle: 'আমরা যে নীতিতে চলি',
    verifiedTitle: 'শুধু যাচাইকৃত আইনজীবী।',
    verifiedText: 'আমাদের অ্যাডমিন বার কাউন্সিলের সনদ-তথ্য ও কাগজপত্র যাচাই করার পরেই একজন আইনজীবী সার্চে দেখা যান।',
    groundedTitle: 'আইনের ভিত্তিতে উত্তর।',
    groundedText:
      'এআই সহকারী বাংলাদেশের আইন থেকে উত্তর দেয় এবং কোন আইনের কোন ধারা ব্যবহার করেছে তা দেখায়। এটি সাধারণ তথ্য দেয়, আইনি পরামর্শ নয়।',
    fairTitle: 'ন্যায্য পেমেন্ট।',
    fairText: 'মিটিংয়ের জন্য আপনার দেওয়া টাকা এসক্রোতে আটকে থাকে এবং মিটিং শেষ হওয়ার পরেই আইনজীবীকে দেওয়া হয়।',
    dataTitle: 'আপনার তথ্য আপনারই।',
    dataText:
      'সেবার জন্য যতটুকু দরকার, আমরা শুধু ততটুকুই রাখি; তথ্য বিক্রি করি না, বিজ্ঞাপনও দেখাই না। চাইলে মুছে ফেলার অনুরোধ করতে পারেন।',
    reachTitle: 'সব ধরনের সংযোগের জন্য।',
    reachText: 'অ্যাপটি ফোনে ইনস্টল করা যায়, বাংলা ও ইংরেজিতে চলে, আর দেখা পাতাগুলো অফলাইনে ব্যবহারের জন্য রেখে দেয়।',
    notFirmTitle: 'LegalConnect কোনো ল ফার্ম নয়',
    notFirmText:
      'আমরা নিজেরা আইনি পরামর্শ দিই না। LegalConnect-এর আইনজীবীরা স্বাধীন পেশাজীবী; তাঁদের দেওয়া পরামর্শ তাঁদের নিজস্ব।',
    moreTitle: 'আরও জানুন',
    howLink: 'LegalConnect যেভাবে কাজ করে',
    servicesLink: 'আমাদের সেবাসমূহ',
    contactLink: 'যোগাযোগ করুন',
    careersLink: 'ক্যারিয়ার',
  },
);

const PRINCIPLES = ['verified', 'grounded', 'fair', 'data', 'reach'] as const;

export function AboutPage() {
  const t = useT(aboutMessages);
  useDocumentTitle(t('title'));
  return (
    <div className={styles.page}>
      <div className={styles.pageBody}>
        <div className={styles.prose}>
          <h1>{t('title')}</h1>
          <p className={styles.lead}>{t('lead')}</p>

          <h2>{t('whyTitle')}</h2>
          <p>{t('whyText')}</p>

          <h2>{t('principlesTitle')}</h2>
          <ul>
            {PRINCIPLES.map((p) => (
              <li key={p}>
                <strong>{t(`${p}Title`)}</strong> {t(`${p}Text`)}
              </li>
            ))}
          </ul>

          <div className={styles.note}>
            <h2>{t('notFirmTitle')}</h2>
            <p>{t('notFirmText')}</p>
          </div>

          <h2>{t('moreTitle')}</h2>
          <ul>
            <li>
              <Link to="/how-it-works">{t('howLink')}</Link>
            </li>
            <li>
              <Link to="/services">{t('servicesLink')}</Link>
            </li>
            <li>
              <Link to="/contact">{t('contactLink')}</Link>
            </li>
            <li>
              <Link to="/careers">{t('careersLink')}</Link>
            </li>
          </ul>
        </div>
      </div>
    </div>
  );
}
