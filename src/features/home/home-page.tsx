/**
 * The landing page (docs/product.md §1): what LegalConnect is, the marketing stats, a sample of the AI
 * assistant, the six features, how it works and a call to action. Static and small on purpose: it
 * is the first thing a phone on 2G downloads, so no images and no data calls.
 */
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { defineMessages, useLang, useT } from '../../lib/i18n';
import { dashboardPath } from '../../lib/session/dashboard-path';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ButtonLink } from './button-link';
import { FeatureCards } from './feature-cards';
import styles from './marketing.module.css';
import { STAT_NAMES, statValue } from './marketing-stats';
import { SampleChatCard } from './sample-chat-card';
import { useSignedInRole } from './use-signed-in';

export const homeMessages = defineMessages(
  {
    pageTitle: 'Find verified lawyers and legal help in Bangladesh',
    heroTitle: 'Find a verified lawyer in Bangladesh, and get legal answers today',
    heroLead:
      'LegalConnect connects you with lawyers checked by our team, lets you run your case with them from your phone, and answers your questions with an AI assistant that cites the laws of Bangladesh.',
    findLawyer: 'Find a lawyer',
    askAi: 'Ask the AI assistant',
    register: 'Create free account',
    dashboard: 'Go to your dashboard',
    statsHeading: 'LegalConnect in numbers',
    lawyers: 'Expert lawyers',
    cases: 'Cases resolved',
    satisfaction: 'Client satisfaction',
    featuresTitle: 'Everything your legal matter needs, in one app',
    featuresLead: 'Built for phones and slow connections, in English and Bangla.',
    howTitle: 'How it works',
    step1Title: 'Sign up',
    step1Text: 'Create your free account and verify your email with a 6-digit code.',
    step2Title: 'Ask or search',
    step2Text: 'Ask the AI assistant, or find a verified lawyer for your matter.',
    step3Title: 'Book and pay safely',
    step3Text: 'Book a meeting; your payment is held and reaches the lawyer only after it.',
    step4Title: 'Work together',
    step4Text: 'Chat, share notes and documents, and meet by video.',
    howMore: 'See every step, for clients and lawyers',
    ctaTitle: 'Ready to take the first step?',
    ctaText: 'Creating an account is free. You pay a lawyer only for the meetings you book.',
    ctaTextMember: 'Your cases, meetings and messages are waiting in your dashboard.',
  },
  {
    pageTitle: 'বাংলাদেশে যাচাইকৃত আইনজীবী ও আইনি সহায়তা',
    heroTitle: 'বাংলাদেশে যাচাইকৃত আইনজীবী খুঁজুন, আজই পান আইনি প্রশ্নের উত্তর',
    heroLead:
      'LegalConnect আপনাকে আমাদের দলের যাচাই করা আইনজীবীদের সঙ্গে যুক্ত করে, ফোন থেকেই তাঁদের সঙ্গে মামলার কাজ চালানোর সুযোগ দেয়, আর এমন একটি এআই সহকারী দেয় যা বাংলাদেশের আইনের উল্লেখসহ আপনার প্রশ্নের উত্তর দেয়।',
    findLawyer: 'আইনজীবী খুঁজুন',
    askAi: 'এআই সহকারীকে জিজ্ঞাসা করুন',
    register: 'বিনামূল্যে অ্যাকাউন্ট খুলুন',
    dashboard: 'আপনার ড্যাশবোর্ডে যান',
    statsHeading: 'সংখ্যায় LegalConnect',
    lawyers: 'দক্ষ আইনজীবী',
    cases: 'নিষ্পত্তিকৃত মামলা',
    satisfaction: 'ক্লায়েন্ট সন্তুষ্টি',
    featuresTitle: 'আইনি কাজের যা যা দরকার, সবই এক অ্যাপে',
    featuresLead: 'ফোন আর ধীরগতির ইন্টারনেটের কথা মাথায় রেখে তৈরি, বাংলা ও ইংরেজিতে।',
    howTitle: 'যেভাবে কাজ করে',
    step1Title: 'নিবন্ধন করুন',
    step1Text: 'বিনামূল্যে অ্যাকাউন্ট খুলুন এবং ৬ সংখ্যার কোড দিয়ে ইমেইল যাচাই করুন।',
    step2Title: 'জিজ্ঞাসা করুন বা খুঁজুন',
    step2Text: 'এআই সহকারীকে প্রশ্ন করুন, অথবা আপনার বিষয়ের জন্য যাচাইকৃত আইনজীবী খুঁজে নিন।',
    step3Title: 'নিরাপদে বুক ও পেমেন্ট করুন',
    step3Text: 'মিটিং বুক করুন; আপনার পেমেন্ট নিরাপদে আটকে রাখা হয়, আর মিটিং শেষেই তা আইনজীবী পান।',
    step4Title: 'একসঙ্গে কাজ করুন',
    step4Text: 'চ্যাট করুন, নোট ও ডকুমেন্ট শেয়ার করুন, ভিডিওতে মিটিং করুন।',
    howMore: 'ক্লায়েন্ট ও আইনজীবীদের জন্য সব ধাপ দেখুন',
    ctaTitle: 'প্রথম পদক্ষেপ নিতে প্রস্তুত?',
    ctaText: 'অ্যাকাউন্ট খোলা বিনামূল্যে। শুধু যে মিটিং বুক করবেন, তার জন্যই আইনজীবীকে ফি দেবেন।',
    ctaTextMember: 'আপনার মামলা, মিটিং ও বার্তা ড্যাশবোর্ডে অপেক্ষা করছে।',
  },
);

const STEPS = ['step1', 'step2', 'step3', 'step4'] as const;

/** The manifest's start_url carries `?source=home-screen` (manifest.webmanifest). */
export const HOME_SCREEN_SOURCE = 'home-screen';

export function HomePage() {
  const t = useT(homeMessages);
  const { lang } = useLang();
  const role = useSignedInRole();
  const [params] = useSearchParams();
  useDocumentTitle(t('pageTitle'));

  // The installed app opens at the manifest's start_url (/?source=home-screen): a member who taps
  // the icon wants their dashboard, not the marketing page.
  if (role && params.get('source') === HOME_SCREEN_SOURCE) return <Navigate to={dashboardPath(role)} replace />;

  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="home-title">
        <div className={`${styles.container} ${styles.heroGrid}`}>
          <div>
            <h1 id="home-title">{t('heroTitle')}</h1>
            <p className={styles.lead}>{t('heroLead')}</p>
            <div className={styles.actions}>
              <ButtonLink primary to="/find-lawyer">
                {t('findLawyer')}
              </ButtonLink>
              <ButtonLink to="/ai-chat">{t('askAi')}</ButtonLink>
              {role === null && <ButtonLink to="/register">{t('register')}</ButtonLink>}
            </div>
            <h2 id="home-stats" className={styles.visuallyHidden}>
              {t('statsHeading')}
            </h2>
            <ul className={styles.stats} aria-labelledby="home-stats">
              {STAT_NAMES.map((name) => (
                <li key={name} className={styles.stat}>
                  <span className={styles.statValue}>{statValue(name, lang)}</span>
                  <span className={styles.statLabel}>{t(name)}</span>
                </li>
              ))}
            </ul>
          </div>
          <SampleChatCard />
        </div>
      </section>

      <section className={styles.section} aria-labelledby="home-features">
        <div className={styles.container}>
          <h2 id="home-features">{t('featuresTitle')}</h2>
          <p className={styles.lead}>{t('featuresLead')}</p>
          <FeatureCards />
        </div>
      </section>

      <section className={styles.sectionAlt} aria-labelledby="home-how">
        <div className={styles.container}>
          <h2 id="home-how">{t('howTitle')}</h2>
          <ol className={`${styles.steps} ${styles.stepsRow}`}>
            {STEPS.map((step) => (
              <li key={step} className={styles.step}>
                <h3>{t(`${step}Title`)}</h3>
                <p>{t(`${step}Text`)}</p>
              </li>
            ))}
          </ol>
          <Link to="/how-it-works">{t('howMore')}</Link>
        </div>
      </section>

      <section className={styles.section} aria-labelledby="home-cta">
        <div className={styles.container}>
          <div className={styles.cta}>
            <h2 id="home-cta">{t('ctaTitle')}</h2>
            <p className={styles.muted}>{role === null ? t('ctaText') : t('ctaTextMember')}</p>
            <div className={styles.actions}>
              {role === null ? (
                <ButtonLink primary to="/register">
                  {t('register')}
                </ButtonLink>
              ) : (
                <ButtonLink primary to={dashboardPath(role)}>
                  {t('dashboard')}
                </ButtonLink>
              )}
              <ButtonLink to="/find-lawyer">{t('findLawyer')}</ButtonLink>
            </div>
          </div>
        </div>
      </section>
    </div>
  );
}
