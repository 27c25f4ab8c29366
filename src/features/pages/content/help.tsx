/** Help centre: where to look first, how to reach support, and what support cannot do (legal advice, emergencies). */
import { Link } from 'react-router-dom';
import { defineMessages, useT } from '../../../lib/i18n';
import { SECURITY_EMAIL, SUPPORT_EMAIL } from '../contact-emails';
import styles from '../info-page.module.css';

export const helpMessages = defineMessages(
  {
    lead: 'The quickest ways to get an answer, and how to reach us when you need a person.',
    selfTitle: 'Find an answer yourself',
    faq: 'Frequently asked questions',
    faqText: 'lawyers’ verification, fees and escrow, your data, offline use, languages and the AI assistant.',
    tutorials: 'Tutorials',
    tutorialsText: 'step-by-step guides to sign up, find a lawyer, and install the app for offline use.',
    status: 'System status',
    statusText: 'check whether the service is running if something does not load.',
    askTitle: 'Ask us',
    askText:
      'Use the contact form or write to us. Tell us the email address of your account and what you were trying to do — never your password or card number.',
    contactForm: 'Contact form',
    lawyersTitle: 'For lawyers',
    lawyersText:
      'Questions about the verification of your profile? Choose “Lawyer verification” as the topic in the contact form, and include your Bar Council enrolment number.',
    legalTitle: 'Legal questions',
    legalText:
      'Our support team cannot give legal advice. For general information, ask the AI assistant; for advice on your situation, book a verified lawyer.',
    emergency:
      'LegalConnect is not an emergency service. If you are in danger, call 999. For free government legal aid, call the national legal aid helpline 16430.',
    securityTitle: 'Found a security problem?',
    securityText: 'Please report it privately to',
  },
  {
    lead: 'দ্রুত উত্তর পাওয়ার উপায়, আর দরকার হলে আমাদের কারও সঙ্গে যোগাযোগের পথ।',
    selfTitle: 'নিজেই উত্তর খুঁজে নিন',
    faq: 'সাধারণ জিজ্ঞাসা',
    faqText: 'আইনজীবী যাচাই, ফি ও এসক্রো, আপনার তথ্য, অফলাইন ব্যবহার, ভাষা এবং এআই সহকারী।',
    tutorials: 'নির্দেশিকা',
    tutorialsText: 'নিবন্ধন, আইনজীবী খোঁজা এবং অফলাইনে ব্যবহারের জন্য অ্যাপ ইনস্টল করার ধাপে ধাপে নির্দেশনা।',
    status: 'সিস্টেমের অবস্থা',
    statusText: 'কিছু লোড না হলে সেবাটি চালু আছে কি না দেখে নিন।',
    askTitle: 'আমাদের জিজ্ঞাসা করুন',
    askText:
      'যোগাযোগ ফর্ম ব্যবহার করুন অথবা আমাদের ইমেইল করুন। আপনার অ্যাকাউন্টের ইমেইল ঠিকানা এবং কী করতে চাইছিলেন তা জানান — কিন্তু পাসওয়ার্ড বা কার্ড নম্বর কখনো নয়।',
    contactForm: 'যোগাযোগ ফর্ম',
    lawyersTitle: 'আইনজীবীদের জন্য',
    lawyersText:
      'আপনার প্রোফাইল যাচাই নিয়ে প্রশ্ন আছে? যোগাযোগ ফর্মে বিষয় হিসেবে “আইনজীবী যাচাই” বেছে নিন এবং বার কাউন্সিলের সনদ নম্বর উল্লেখ করুন।',
    legalTitle: 'আইনি প্রশ্ন',
    legalText:
      'আমাদের সহায়তা দল আইনি পরামর্শ দিতে পারে না। সাধারণ তথ্যের জন্য এআই সহকারীকে জিজ্ঞাসা করুন; আপনার নির্দিষ্ট পরিস্থিতিতে পরামর্শের জন্য একজন যাচাইকৃত আইনজীবী বুক করুন।',
    emergency:
      'LegalConnect জরুরি সেবা নয়। আপনি বিপদে থাকলে ৯৯৯-এ কল করুন। বিনামূল্যে সরকারি আইনি সহায়তার জন্য জাতীয় আইনগত সহায়তা হেল্পলাইন ১৬৪৩০-এ কল করুন।',
    securityTitle: 'নিরাপত্তাজনিত কোনো সমস্যা পেয়েছেন?',
    securityText: 'অনুগ্রহ করে গোপনে জানান এই ঠিকানায়:',
  },
);

export function HelpContent() {
  const t = useT(helpMessages);
  return (
    <>
      <p className={styles.lead}>{t('lead')}</p>

      <h2>{t('selfTitle')}</h2>
      <ul>
        <li>
          <Link to="/faq">{t('faq')}</Link>: {t('faqText')}
        </li>
        <li>
          <Link to="/tutorials">{t('tutorials')}</Link>: {t('tutorialsText')}
        </li>
        <li>
          <Link to="/status">{t('status')}</Link>: {t('statusText')}
        </li>
      </ul>

      <h2>{t('askTitle')}</h2>
      <p>{t('askText')}</p>
      <ul>
        <li>
          <Link to="/contact">{t('contactForm')}</Link>
        </li>
        <li>
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        </li>
      </ul>

      <h2>{t('lawyersTitle')}</h2>
      <p>{t('lawyersText')}</p>

      <h2>{t('legalTitle')}</h2>
      <p>{t('legalText')}</p>
      <p className={styles.note}>{t('emergency')}</p>

      <h2>{t('securityTitle')}</h2>
      <p>
        {t('securityText')} <a href={`mailto:${SECURITY_EMAIL}`}>{SECURITY_EMAIL}</a>
      </p>
    </>
  );
}
