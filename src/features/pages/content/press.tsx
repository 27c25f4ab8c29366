/** Press: who to write to, a factual description to quote, and how to write the name. */
import { defineMessages, useT } from '../../../lib/i18n';
import { SUPPORT_EMAIL } from '../contact-emails';
import styles from '../info-page.module.css';

export const pressMessages = defineMessages(
  {
    lead: 'Journalists and researchers are welcome to ask us about LegalConnect.',
    contactTitle: 'Press contact',
    contactText: 'For interviews, information or a comment, write with “Press” in the subject to',
    aboutTitle: 'LegalConnect in brief',
    aboutText:
      'LegalConnect is a web app for people in Bangladesh to find verified lawyers, hire them and work on their case with them — cases, documents, scheduling, video meetings with escrowed payments and direct chat — with an AI legal assistant grounded in the laws of Bangladesh. It works in Bangla and English and can be installed on a phone.',
    nameTitle: 'Our name',
    nameText: 'Please write it as one word with two capitals: LegalConnect.',
    notTitle: 'Not a press question?',
    notText: 'Questions about an account, a lawyer or a payment are answered fastest through the contact page.',
  },
  {
    lead: 'সাংবাদিক ও গবেষকেরা LegalConnect সম্পর্কে আমাদের কাছে জানতে চাইলে স্বাগত।',
    contactTitle: 'সংবাদমাধ্যমের জন্য যোগাযোগ',
    contactText: 'সাক্ষাৎকার, তথ্য বা মন্তব্যের জন্য বিষয়ে “Press” লিখে ইমেইল করুন এই ঠিকানায়:',
    aboutTitle: 'সংক্ষেপে LegalConnect',
    aboutText:
      'LegalConnect একটি ওয়েব অ্যাপ, যার মাধ্যমে বাংলাদেশের মানুষ যাচাইকৃত আইনজীবী খুঁজে নিয়োগ দিতে এবং তাঁদের সঙ্গে মামলার কাজ চালাতে পারেন — মামলা, ডকুমেন্ট, সময়সূচি, এসক্রো পেমেন্টসহ ভিডিও মিটিং ও সরাসরি চ্যাট — সঙ্গে আছে বাংলাদেশের আইনভিত্তিক একটি এআই আইনি সহকারী। এটি বাংলা ও ইংরেজিতে চলে এবং ফোনে ইনস্টল করা যায়।',
    nameTitle: 'আমাদের নাম',
    nameText: 'অনুগ্রহ করে ইংরেজিতে এক শব্দে, দুটি বড় হাতের অক্ষরসহ লিখুন: LegalConnect।',
    notTitle: 'প্রশ্নটি সংবাদমাধ্যম সংক্রান্ত নয়?',
    notText: 'অ্যাকাউন্ট, আইনজীবী বা পেমেন্ট নিয়ে প্রশ্নের সবচেয়ে দ্রুত উত্তর পাবেন যোগাযোগ পাতা থেকে।',
  },
);

export function PressContent() {
  const t = useT(pressMessages);
  return (
    <>
      <p className={styles.lead}>{t('lead')}</p>
      <h2>{t('contactTitle')}</h2>
      <p>
        {t('contactText')} <a href={`mailto:${SUPPORT_EMAIL}?subject=Press`}>{SUPPORT_EMAIL}</a>
      </p>
      <h2>{t('aboutTitle')}</h2>
      <p>{t('aboutText')}</p>
      <h2>{t('nameTitle')}</h2>
      <p>{t('nameText')}</p>
      <h2>{t('notTitle')}</h2>
      <p>{t('notText')}</p>
    </>
  );
}
