/** Careers: an honest invitation — no invented openings, how to write to us, and a warning about recruitment scams. */
import { defineMessages, useT } from '../../../lib/i18n';
import { SUPPORT_EMAIL } from '../contact-emails';
import styles from '../info-page.module.css';

export const careersMessages = defineMessages(
  {
    lead: 'We are building LegalConnect to make legal help easier to reach across Bangladesh: in Bangla and English, on phones, on slow networks.',
    openingsTitle: 'Open positions',
    openingsText: 'There are no openings listed right now. When there is one, it will be described on this page.',
    whoTitle: 'We like to hear from',
    who1: 'lawyers who want to help shape how people find legal help;',
    who2: 'writers who can explain the law clearly in Bangla and English;',
    who3: 'engineers and designers who care about access to justice and about users on 2G.',
    howTitle: 'How to get in touch',
    howText: 'Send a short note about yourself and what you would like to do, with “Careers” in the subject, to',
    scamTitle: 'Beware of fake offers',
    scamText:
      'We never ask applicants for money, and we write to you only from an address ending in @legalconnect.com.bd.',
  },
  {
    lead: 'বাংলাদেশের সবার কাছে আইনি সহায়তা সহজে পৌঁছে দিতে আমরা LegalConnect তৈরি করছি: বাংলা ও ইংরেজিতে, ফোনে, ধীরগতির নেটওয়ার্কেও।',
    openingsTitle: 'খালি পদ',
    openingsText: 'এই মুহূর্তে কোনো খালি পদের বিজ্ঞপ্তি নেই। পদ খালি হলে এই পাতাতেই তার বিবরণ দেওয়া হবে।',
    whoTitle: 'যাঁদের কাছ থেকে শুনতে চাই',
    who1: 'যে আইনজীবীরা মানুষের আইনি সহায়তা খুঁজে পাওয়ার পথ সহজ করতে চান;',
    who2: 'যে লেখকেরা বাংলা ও ইংরেজিতে আইনকে সহজ করে বোঝাতে পারেন;',
    who3: 'যে প্রকৌশলী ও ডিজাইনাররা ন্যায়বিচারে সবার প্রবেশাধিকার এবং ২জি ব্যবহারকারীদের কথা ভাবেন।',
    howTitle: 'যেভাবে যোগাযোগ করবেন',
    howText: 'নিজের সম্পর্কে আর আপনি কী করতে চান তা নিয়ে ছোট একটি চিঠি লিখুন, বিষয়ে “Careers” লিখে পাঠান এই ঠিকানায়:',
    scamTitle: 'ভুয়া চাকরির প্রস্তাব থেকে সাবধান',
    scamText:
      'আমরা আবেদনকারীদের কাছে কখনো টাকা চাই না, এবং শুধু @legalconnect.com.bd দিয়ে শেষ হওয়া ঠিকানা থেকেই আপনাকে লিখি।',
  },
);

export function CareersContent() {
  const t = useT(careersMessages);
  return (
    <>
      <p className={styles.lead}>{t('lead')}</p>
      <h2>{t('openingsTitle')}</h2>
      <p>{t('openingsText')}</p>
      <h2>{t('whoTitle')}</h2>
      <ul>
        <li>{t('who1')}</li>
        <li>{t('who2')}</li>
        <li>{t('who3')}</li>
      </ul>
      <h2>{t('howTitle')}</h2>
      <p>
        {t('howText')} <a href={`mailto:${SUPPORT_EMAIL}?subject=Careers`}>{SUPPORT_EMAIL}</a>
      </p>
      <div className={styles.note}>
        <h2>{t('scamTitle')}</h2>
        <p>{t('scamText')}</p>
      </div>
    </>
  );
}
