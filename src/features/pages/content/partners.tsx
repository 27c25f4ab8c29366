/** Partners: an invitation to bar associations and legal aid organisations — no partner is claimed. */
import { defineMessages, useT } from '../../../lib/i18n';
import { SUPPORT_EMAIL } from '../contact-emails';
import styles from '../info-page.module.css';

export const partnersMessages = defineMessages(
  {
    lead: 'We would like to work with the organisations that already help people reach justice in Bangladesh.',
    whoTitle: 'Who we want to hear from',
    who1: 'bar associations, to help their members join and be verified quickly;',
    who2: 'district legal aid committees and legal aid organisations, to connect people with lawyers and free help;',
    who3: 'law faculties and legal clinics, to write clear law insights for the public;',
    who4: 'NGOs that support women, workers, tenants and others who need legal help.',
    howTitle: 'Ways we could work together',
    how1: 'Referring people who need a lawyer, including those eligible for legal aid.',
    how2: 'Publishing articles in Bangla and English on everyday legal questions.',
    how3: 'Telling us what the people you serve need from the app, so we build it.',
    listedTitle: 'Our partners',
    listedText: 'We list a partner here only once an agreement is in place. None is listed yet.',
    contactText: 'To talk about working together, write with “Partnership” in the subject to',
  },
  {
    lead: 'বাংলাদেশে যে প্রতিষ্ঠানগুলো ইতিমধ্যে মানুষকে ন্যায়বিচার পেতে সাহায্য করছে, আমরা তাদের সঙ্গে কাজ করতে চাই।',
    whoTitle: 'যাঁদের কাছ থেকে শুনতে চাই',
    who1: 'আইনজীবী সমিতি — যাতে সদস্যরা দ্রুত যুক্ত ও যাচাইকৃত হতে পারেন;',
    who2: 'জেলা লিগ্যাল এইড কমিটি ও আইনি সহায়তা সংস্থা — মানুষকে আইনজীবী ও বিনামূল্যে সহায়তার সঙ্গে যুক্ত করতে;',
    who3: 'আইন অনুষদ ও লিগ্যাল ক্লিনিক — সাধারণ মানুষের জন্য সহজ ভাষায় আইনি নিবন্ধ লিখতে;',
    who4: 'নারী, শ্রমিক, ভাড়াটিয়া ও আইনি সহায়তা প্রয়োজন এমন মানুষের পাশে থাকা এনজিও।',
    howTitle: 'যেভাবে একসঙ্গে কাজ করা যায়',
    how1: 'যাঁদের আইনজীবী দরকার, বিশেষ করে আইনি সহায়তা পাওয়ার যোগ্য মানুষদের, আমাদের কাছে পাঠানো।',
    how2: 'দৈনন্দিন আইনি প্রশ্ন নিয়ে বাংলা ও ইংরেজিতে নিবন্ধ প্রকাশ করা।',
    how3: 'আপনারা যাঁদের সেবা দেন, অ্যাপে তাঁদের কী দরকার তা আমাদের জানানো, যাতে আমরা সেটি তৈরি করতে পারি।',
    listedTitle: 'আমাদের অংশীদার',
    listedText: 'চুক্তি হওয়ার পরেই কেবল আমরা এখানে কোনো অংশীদারের নাম দিই। এখনো কারও নাম তালিকায় নেই।',
    contactText: 'একসঙ্গে কাজের বিষয়ে কথা বলতে বিষয়ে “Partnership” লিখে ইমেইল করুন এই ঠিকানায়:',
  },
);

export function PartnersContent() {
  const t = useT(partnersMessages);
  return (
    <>
      <p className={styles.lead}>{t('lead')}</p>
      <h2>{t('whoTitle')}</h2>
      <ul>
        <li>{t('who1')}</li>
        <li>{t('who2')}</li>
        <li>{t('who3')}</li>
        <li>{t('who4')}</li>
      </ul>
      <h2>{t('howTitle')}</h2>
      <ul>
        <li>{t('how1')}</li>
        <li>{t('how2')}</li>
        <li>{t('how3')}</li>
      </ul>
      <h2>{t('listedTitle')}</h2>
      <p>{t('listedText')}</p>
      <p>
        {t('contactText')} <a href={`mailto:${SUPPORT_EMAIL}?subject=Partnership`}>{SUPPORT_EMAIL}</a>
      </p>
    </>
  );
}
