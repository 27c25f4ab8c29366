/** Compliance: Bar Council verification of lawyers, data protection, payments and the source of law texts. */
import { Link } from 'react-router-dom';
import { defineMessages, useT } from '../../../lib/i18n';
import { SUPPORT_EMAIL } from '../contact-emails';
import styles from '../info-page.module.css';

export const complianceMessages = defineMessages(
  {
    lead: 'How LegalConnect follows the rules that matter for a legal marketplace in Bangladesh.',
    barTitle: 'Verification of lawyers by Bar Council enrolment',
    barText:
      'Only lawyers enrolled with the Bangladesh Bar Council may be listed. Each lawyer gives their enrolment number and uploads their credentials; our admin reviews them and approves or rejects the profile before it appears in search. If we learn that a lawyer’s enrolment is no longer valid, we remove the listing.',
    conductText:
      'Lawyers on LegalConnect remain bound by the Bar Council’s rules of professional conduct. LegalConnect does not take part in the advice they give.',
    dataTitle: 'Data protection',
    dataText:
      'We handle personal data in the spirit of the Personal Data Protection Ordinance 2025: processing based on consent given at registration, use limited to stated purposes, security measures, and your rights of access, correction, erasure, portability and withdrawal of consent.',
    dataLink: 'Privacy policy',
    paymentsTitle: 'Payments',
    paymentsText:
      'Card payments are processed by a payment provider, and we do not store card numbers. Amounts are in Bangladeshi taka. Payments are held in escrow and released to the lawyer after the meeting, and payment records are kept as the law requires.',
    lawTitle: 'Law texts used by the AI assistant',
    lawText:
      'The AI assistant reads an unofficial copy of the laws published on the government’s Laws of Bangladesh website (bdlaws.minlaw.gov.bd). Each answer shows its sources, which should be checked against the official text.',
    questions: 'Questions about compliance? Write to',
  },
  {
    lead: 'বাংলাদেশে একটি আইনি সেবার প্ল্যাটফর্মের জন্য যে নিয়মগুলো গুরুত্বপূর্ণ, LegalConnect সেগুলো যেভাবে মেনে চলে।',
    barTitle: 'বার কাউন্সিলের সনদের ভিত্তিতে আইনজীবী যাচাই',
    barText:
      'শুধু বাংলাদেশ বার কাউন্সিলে তালিকাভুক্ত আইনজীবীরাই এখানে তালিকাভুক্ত হতে পারেন। প্রত্যেক আইনজীবী তাঁর সনদ নম্বর দেন ও কাগজপত্র আপলোড করেন; সার্চে দেখানোর আগে আমাদের অ্যাডমিন সেগুলো পরীক্ষা করে প্রোফাইল অনুমোদন বা বাতিল করেন। কোনো আইনজীবীর সনদ আর বৈধ নেই জানতে পারলে আমরা তাঁকে তালিকা থেকে সরিয়ে দিই।',
    conductText:
      'LegalConnect-এর আইনজীবীরা বার কাউন্সিলের পেশাগত আচরণবিধি মেনে চলতে বাধ্য। তাঁদের দেওয়া পরামর্শে LegalConnect-এর কোনো ভূমিকা নেই।',
    dataTitle: 'তথ্য সুরক্ষা',
    dataText:
      'ব্যক্তিগত উপাত্ত সুরক্ষা অধ্যাদেশ, ২০২৫-এর মূল চেতনা মেনে আমরা ব্যক্তিগত তথ্য ব্যবহার করি: নিবন্ধনের সময় দেওয়া সম্মতির ভিত্তিতে প্রক্রিয়াকরণ, ঘোষিত উদ্দেশ্যের মধ্যে সীমিত ব্যবহার, নিরাপত্তা ব্যবস্থা, এবং তথ্য জানা, সংশোধন, মুছে ফেলা, স্থানান্তর ও সম্মতি প্রত্যাহারের অধিকার।',
    dataLink: 'গোপনীয়তা নীতি',
    paymentsTitle: 'পেমেন্ট',
    paymentsText:
      'কার্ড পেমেন্ট প্রক্রিয়া করে একটি পেমেন্ট প্রতিষ্ঠান, আর আমরা কার্ড নম্বর সংরক্ষণ করি না। সব অঙ্ক বাংলাদেশি টাকায়। পেমেন্ট এসক্রোতে আটকে থাকে এবং মিটিংয়ের পর আইনজীবীকে দেওয়া হয়; পেমেন্টের রেকর্ড আইন অনুযায়ী সংরক্ষণ করা হয়।',
    lawTitle: 'এআই সহকারী যে আইনের পাঠ ব্যবহার করে',
    lawText:
      'এআই সহকারী সরকারের “বাংলাদেশের আইন” ওয়েবসাইটে (bdlaws.minlaw.gov.bd) প্রকাশিত আইনের একটি অনানুষ্ঠানিক অনুলিপি পড়ে। প্রতিটি উত্তরে সূত্র দেখানো হয়, যা সরকারি পাঠের সঙ্গে মিলিয়ে নেওয়া উচিত।',
    questions: 'কমপ্লায়েন্স নিয়ে প্রশ্ন আছে? লিখুন এই ঠিকানায়:',
  },
);

export function ComplianceContent() {
  const t = useT(complianceMessages);
  return (
    <>
      <p className={styles.lead}>{t('lead')}</p>
      <h2>{t('barTitle')}</h2>
      <p>{t('barText')}</p>
      <p>{t('conductText')}</p>
      <h2>{t('dataTitle')}</h2>
      <p>{t('dataText')}</p>
      <p>
        <Link to="/privacy">{t('dataLink')}</Link>
      </p>
      <h2>{t('paymentsTitle')}</h2>
      <p>{t('paymentsText')}</p>
      <h2>{t('lawTitle')}</h2>
      <p>{t('lawText')}</p>
      <p>
        {t('questions')} <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
      </p>
    </>
  );
}
