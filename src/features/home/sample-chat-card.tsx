/**
 * A static, clearly labelled example of what the AI assistant answers: a cheque-dishonour question
 * and a short answer citing the Negotiable Instruments Act 1881 (ss. 138 and 141, as in force in
 * Bangladesh). It shows the shape of a real answer — cited sections and the not-legal-advice line —
 * without a network call, so the landing page stays light.
 */
import { useId } from 'react';
import { defineMessages, useT } from '../../lib/i18n';
import styles from './marketing.module.css';

export const sampleChatMessages = defineMessages(
  {
    title: 'AI legal assistant',
    sample: 'Sample',
    you: 'You',
    assistant: 'AI assistant',
    question: 'A cheque I received bounced for insufficient funds. What can I do?',
    answer:
      'Under Section 138 of the Negotiable Instruments Act, 1881, a cheque returned for insufficient funds is an offence if it was presented within six months of its date. Send the drawer a written notice within 30 days of hearing from the bank. If they do not pay within 30 days of receiving it, you can file a complaint in court within the following month (Section 141). The penalty is up to one year in prison, a fine of up to three times the cheque amount, or both.',
    sources: 'Sources',
    source138: 'Negotiable Instruments Act, 1881 — Section 138',
    source141: 'Negotiable Instruments Act, 1881 — Section 141',
    disclaimer:
      'General information, not legal advice. A lawyer experienced in banking or criminal cases can help with yours.',
    caption: 'An illustrative conversation, written by us to show how answers look. It is not a real user’s case.',
  },
  {
    title: 'এআই আইনি সহকারী',
    sample: 'নমুনা',
    you: 'আপনি',
    assistant: 'এআই সহকারী',
    question: 'আমাকে দেওয়া একটি চেক অপর্যাপ্ত তহবিলের কারণে ব্যাংক থেকে ফেরত এসেছে। এখন আমি কী করতে পারি?',
    answer:
      'হস্তান্তরযোগ্য দলিল আইন, ১৮৮১-এর ১৩৮ ধারা অনুযায়ী, চেকের তারিখ থেকে ছয় মাসের মধ্যে ব্যাংকে জমা দেওয়া চেক অপর্যাপ্ত তহবিলের কারণে ফেরত এলে তা অপরাধ। চেক ফেরতের খবর ব্যাংক থেকে পাওয়ার ৩০ দিনের মধ্যে চেকদাতাকে লিখিত নোটিশ দিন। নোটিশ পাওয়ার ৩০ দিনের মধ্যে তিনি টাকা পরিশোধ না করলে পরবর্তী এক মাসের মধ্যে আদালতে নালিশ করতে পারবেন (ধারা ১৪১)। শাস্তি: সর্বোচ্চ এক বছর কারাদণ্ড, অথবা চেকের অঙ্কের তিন গুণ পর্যন্ত জরিমানা, অথবা উভয় দণ্ড।',
    sources: 'সূত্র',
    source138: 'হস্তান্তরযোগ্য দলিল আইন, ১৮৮১ — ধারা ১৩৮',
    source141: 'হস্তান্তরযোগ্য দলিল আইন, ১৮৮১ — ধারা ১৪১',
    disclaimer:
      'এটি সাধারণ তথ্য, আইনি পরামর্শ নয়। ব্যাংকিং বা ফৌজদারি মামলায় অভিজ্ঞ একজন আইনজীবী আপনার বিষয়টিতে সাহায্য করতে পারবেন।',
    caption: 'বোঝানোর জন্য আমাদের লেখা একটি উদাহরণ — উত্তর দেখতে কেমন হয় তা দেখাতে। এটি কোনো ব্যবহারকারীর প্রকৃত মামলা নয়।',
  },
);

export function SampleChatCard() {
  const t = useT(sampleChatMessages);
  const id = useId();
  return (
    <figure className={styles.chatCard} aria-labelledby={`${id}-title ${id}-badge`}>
      <div className={styles.chatHeader}>
        <span id={`${id}-title`}>{t('title')}</span>
        <span id={`${id}-badge`} className={styles.badge}>
          {t('sample')}
        </span>
      </div>
      <ol className={styles.bubbles}>
        <li className={`${styles.bubble} ${styles.bubbleUser}`}>
          <span className={styles.speaker}>{t('you')}</span>
          <p>{t('question')}</p>
        </li>
        <li className={`${styles.bubble} ${styles.bubbleAi}`}>
          <span className={styles.speaker}>{t('assistant')}</span>
          <p>{t('answer')}</p>
          <p className={styles.speaker}>{t('sources')}</p>
          <ul className={styles.sources}>
            <li>{t('source138')}</li>
            <li>{t('source141')}</li>
          </ul>
          <p className={styles.disclaimer}>{t('disclaimer')}</p>
        </li>
      </ol>
      <figcaption className={styles.caption}>{t('caption')}</figcaption>
    </figure>
  );
}
