/**
 * The landing page's six feature cards (docs/product.md §1): each names a feature, says in one line what it does
 * for the user, and leads to the screen where it lives. The whole card is one link target.
 */
import { Link } from 'react-router-dom';
import { defineMessages, useT } from '../../lib/i18n';
import { FeatureIcon, type FeatureIconName } from './feature-icons';
import styles from './marketing.module.css';

export interface Feature {
  id: FeatureIconName;
  path: string;
}

/** In the order of docs/product.md §1: AI advice, lawyer network, real-time chat, security, smart scheduling, documents. */
export const FEATURES: readonly Feature[] = [
  { id: 'ai', path: '/ai-chat' },
  { id: 'lawyers', path: '/find-lawyer' },
  { id: 'chat', path: '/chat' },
  { id: 'security', path: '/security' },
  { id: 'scheduling', path: '/scheduling' },
  { id: 'documents', path: '/cases' },
];

export const featureMessages = defineMessages(
  {
    aiTitle: 'AI legal guidance',
    aiText: 'Ask in English or Bangla and get answers that cite the Act and section they rely on.',
    lawyersTitle: 'Verified lawyer network',
    lawyersText: 'Search by specialization and area; our admin checks every lawyer before they are listed.',
    chatTitle: 'Real-time chat',
    chatText: 'Message your lawyer directly; what you write offline is sent when you are back online.',
    securityTitle: 'Security and privacy',
    securityText: 'Encrypted connections, sessions you can end at any time, and private case files.',
    schedulingTitle: 'Smart scheduling',
    schedulingText: 'Book a lawyer’s free slot, get reminders, and meet by video.',
    documentsTitle: 'Document management',
    documentsText: 'Keep notes and documents with each case, shared or private, and search them.',
  },
  {
    aiTitle: 'এআই আইনি নির্দেশনা',
    aiText: 'বাংলা বা ইংরেজিতে প্রশ্ন করুন; উত্তরে কোন আইনের কোন ধারা থেকে বলা হচ্ছে, তা উল্লেখ থাকে।',
    lawyersTitle: 'যাচাইকৃত আইনজীবী নেটওয়ার্ক',
    lawyersText: 'বিশেষজ্ঞতা ও এলাকা অনুযায়ী খুঁজুন; তালিকায় আসার আগে প্রত্যেক আইনজীবীকে আমাদের অ্যাডমিন যাচাই করেন।',
    chatTitle: 'সরাসরি চ্যাট',
    chatText: 'আইনজীবীকে সরাসরি বার্তা পাঠান; অফলাইনে লেখা বার্তা সংযোগ ফিরলেই পৌঁছে যায়।',
    securityTitle: 'নিরাপত্তা ও গোপনীয়তা',
    securityText: 'এনক্রিপ্টেড সংযোগ, যেকোনো সময় বন্ধ করা যায় এমন সেশন, আর ব্যক্তিগত মামলার ফাইল।',
    schedulingTitle: 'স্মার্ট সময়সূচি',
    schedulingText: 'আইনজীবীর ফাঁকা সময় বুক করুন, রিমাইন্ডার পান, আর ভিডিওতে মিটিং করুন।',
    documentsTitle: 'ডকুমেন্ট ব্যবস্থাপনা',
    documentsText: 'প্রতিটি মামলার নোট ও ডকুমেন্ট এক জায়গায় রাখুন — শেয়ার করা বা ব্যক্তিগত — আর সহজেই খুঁজে নিন।',
  },
);

export function FeatureCards() {
  const t = useT(featureMessages);
  return (
    <ul className={styles.grid}>
      {FEATURES.map((feature) => (
        <li key={feature.id}>
          <article className={styles.card}>
            <span className={styles.cardIcon}>
              <FeatureIcon name={feature.id} />
            </span>
            <h3>
              <Link className={styles.cardLink} to={feature.path}>
                {t(`${feature.id}Title`)}
              </Link>
            </h3>
            <p>{t(`${feature.id}Text`)}</p>
          </article>
        </li>
      ))}
    </ul>
  );
}
