/**
 * How it works, step by step for clients and for lawyers: admin verification of lawyers before they
 * are listed, and the escrow rule (paid before, released after the meeting) as the payment module
 * implements it (docs/api.md §4 Payments).
 */
import { defineMessages, useT } from '../../lib/i18n';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ButtonLink } from './button-link';
import styles from './marketing.module.css';

export const howItWorksMessages = defineMessages(
  {
    title: 'How LegalConnect works',
    lead: 'Whether you need a lawyer or you are one, here is each step from sign-up to a finished meeting.',
    clientsTitle: 'For clients',
    c1Title: 'Create your account',
    c1Text:
      'Choose “Client” when you register, enter your name, email and a password, and accept the terms and privacy policy.',
    c2Title: 'Verify your email',
    c2Text:
      'Enter the 6-digit code we email you. It is valid for 10 minutes; you can ask for a new one after 60 seconds.',
    c3Title: 'Understand your matter',
    c3Text:
      'Ask the AI assistant. It answers from the laws of Bangladesh, cites its sources and says what kind of lawyer can help. It is not legal advice.',
    c4Title: 'Choose a lawyer',
    c4Text: 'Search verified lawyers by specialization and area, and compare experience, hourly fee and reviews.',
    c5Title: 'Book and pay',
    c5Text:
      'Pick a free time and send your request. Once the lawyer accepts, pay by card or bKash. The amount is held in escrow: the lawyer does not receive it yet.',
    c6Title: 'Meet',
    c6Text: 'Join the video meeting in the app at the booked time. We remind you 15 minutes before.',
    c7Title: 'Payment released after the meeting',
    c7Text:
      'After the meeting you release the payment to the lawyer, or it is released automatically six hours after the meeting ends.',
    c8Title: 'Keep working together',
    c8Text: 'Chat with your lawyer, keep notes and documents in your case, and leave a review.',
    lawyersTitle: 'For lawyers',
    l1Title: 'Register as a lawyer',
    l1Text: 'Choose “Lawyer” when you register and verify your email with the 6-digit code.',
    l2Title: 'Create your profile',
    l2Text:
      'Add your Bar Council enrolment number, specialization, experience, area and hourly fee, and upload your credentials.',
    l3Title: 'Admin verification',
    l3Text:
      'Our admin reviews your enrolment details and documents, then approves or rejects your profile. Only approved lawyers appear in search.',
    l4Title: 'Publish your availability',
    l4Text: 'Add the time slots when clients can book you.',
    l5Title: 'Meet clients',
    l5Text: 'Clients pay when they book. The payment is held in escrow and released to you after the meeting.',
    l6Title: 'Run cases and share knowledge',
    l6Text: 'Work on client cases with notes and documents, chat with clients, and publish law insights.',
    escrowTitle: 'How escrow protects both sides',
    escrowText:
      'The card payment is authorised when you book, so the lawyer knows the meeting is paid for, but the money is taken only when it is released after the meeting. If you cancel before the meeting starts, the hold is cancelled and you are not charged.',
    ctaTitle: 'Ready when you are',
    register: 'Create free account',
    findLawyer: 'Find a lawyer',
    faq: 'Read the FAQ',
  },
  {
    title: 'LegalConnect যেভাবে কাজ করে',
    lead: 'আপনার আইনজীবী দরকার হোক বা আপনি নিজেই আইনজীবী হোন — নিবন্ধন থেকে মিটিং শেষ হওয়া পর্যন্ত প্রতিটি ধাপ এখানে।',
    clientsTitle: 'ক্লায়েন্টদের জন্য',
    c1Title: 'অ্যাকাউন্ট খুলুন',
    c1Text: 'নিবন্ধনের সময় “ক্লায়েন্ট” বেছে নিন, নাম, ইমেইল ও পাসওয়ার্ড দিন, এবং শর্তাবলি ও গোপনীয়তা নীতিতে সম্মতি দিন।',
    c2Title: 'ইমেইল যাচাই করুন',
    c2Text: 'ইমেইলে পাঠানো ৬ সংখ্যার কোডটি লিখুন। কোডটি ১০ মিনিট বৈধ থাকে; ৬০ সেকেন্ড পর নতুন কোড চাইতে পারবেন।',
    c3Title: 'আপনার বিষয়টি বুঝে নিন',
    c3Text:
      'এআই সহকারীকে প্রশ্ন করুন। এটি বাংলাদেশের আইন থেকে উত্তর দেয়, সূত্র উল্লেখ করে এবং কোন ধরনের আইনজীবী সাহায্য করতে পারবেন তা জানায়। এটি আইনি পরামর্শ নয়।',
    c4Title: 'আইনজীবী বেছে নিন',
    c4Text: 'বিশেষজ্ঞতা ও এলাকা অনুযায়ী যাচাইকৃত আইনজীবী খুঁজুন; অভিজ্ঞতা, ঘণ্টাপ্রতি ফি ও রিভিউ মিলিয়ে দেখুন।',
    c5Title: 'বুক ও পেমেন্ট করুন',
    c5Text:
      'একটি ফাঁকা সময় বেছে নিয়ে অনুরোধ পাঠান। আইনজীবী গ্রহণ করলে কার্ড বা বিকাশে পেমেন্ট করুন। টাকাটা এসক্রোতে আটকে থাকে — আইনজীবী এখনই তা পান না।',
    c6Title: 'মিটিং করুন',
    c6Text: 'নির্ধারিত সময়ে অ্যাপেই ভিডিও মিটিংয়ে যোগ দিন। ১৫ মিনিট আগে আমরা আপনাকে মনে করিয়ে দেব।',
    c7Title: 'মিটিংয়ের পর পেমেন্ট ছাড়',
    c7Text: 'মিটিং শেষে আপনি আইনজীবীকে পেমেন্ট ছেড়ে দেন, অথবা মিটিং শেষ হওয়ার ছয় ঘণ্টা পর তা আপনা-আপনি ছাড় হয়ে যায়।',
    c8Title: 'একসঙ্গে কাজ চালিয়ে যান',
    c8Text: 'আইনজীবীর সঙ্গে চ্যাট করুন, মামলায় নোট ও ডকুমেন্ট রাখুন, আর একটি রিভিউ দিন।',
    lawyersTitle: 'আইনজীবীদের জন্য',
    l1Title: 'আইনজীবী হিসেবে নিবন্ধন করুন',
    l1Text: 'নিবন্ধনের সময় “আইনজীবী” বেছে নিন এবং ৬ সংখ্যার কোড দিয়ে ইমেইল যাচাই করুন।',
    l2Title: 'প্রোফাইল তৈরি করুন',
    l2Text: 'বার কাউন্সিলের সনদ নম্বর, বিশেষজ্ঞতা, অভিজ্ঞতা, এলাকা ও ঘণ্টাপ্রতি ফি দিন, এবং আপনার কাগজপত্র আপলোড করুন।',
    l3Title: 'অ্যাডমিনের যাচাই',
    l3Text:
      'আমাদের অ্যাডমিন আপনার সনদের তথ্য ও কাগজপত্র যাচাই করে প্রোফাইল অনুমোদন বা বাতিল করেন। শুধু অনুমোদিত আইনজীবীরাই সার্চে দেখা যান।',
    l4Title: 'ফাঁকা সময় জানান',
    l4Text: 'কোন কোন সময়ে ক্লায়েন্টরা আপনাকে বুক করতে পারবেন, তা যোগ করুন।',
    l5Title: 'ক্লায়েন্টের সঙ্গে মিটিং',
    l5Text: 'বুক করার সময়েই ক্লায়েন্ট পেমেন্ট করেন। টাকাটা এসক্রোতে আটকে থাকে এবং মিটিংয়ের পর আপনাকে দেওয়া হয়।',
    l6Title: 'মামলা পরিচালনা ও জ্ঞান ভাগাভাগি',
    l6Text: 'নোট ও ডকুমেন্টসহ ক্লায়েন্টের মামলায় কাজ করুন, ক্লায়েন্টের সঙ্গে চ্যাট করুন, আর আইনি নিবন্ধ প্রকাশ করুন।',
    escrowTitle: 'এসক্রো যেভাবে দুই পক্ষকেই সুরক্ষা দেয়',
    escrowText:
      'বুক করার সময় কার্ডে টাকাটা আটকে রাখার অনুমোদন নেওয়া হয়, তাই আইনজীবী জানেন মিটিংয়ের টাকা নিশ্চিত; কিন্তু মিটিংয়ের পর ছাড় দেওয়ার সময়েই কেবল টাকা কাটা হয়। মিটিং শুরুর আগে বাতিল করলে আটকে রাখা টাকা ছেড়ে দেওয়া হয়, আপনার কোনো খরচ হয় না।',
    ctaTitle: 'আপনি প্রস্তুত হলেই শুরু',
    register: 'বিনামূল্যে অ্যাকাউন্ট খুলুন',
    findLawyer: 'আইনজীবী খুঁজুন',
    faq: 'সাধারণ জিজ্ঞাসা পড়ুন',
  },
);

const CLIENT_STEPS = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8'] as const;
const LAWYER_STEPS = ['l1', 'l2', 'l3', 'l4', 'l5', 'l6'] as const;

type StepId = (typeof CLIENT_STEPS)[number] | (typeof LAWYER_STEPS)[number];

function Steps({ steps }: { steps: readonly StepId[] }) {
  const t = useT(howItWorksMessages);
  return (
    <ol className={styles.steps}>
      {steps.map((step) => (
        <li key={step} className={styles.step}>
          <h3>{t(`${step}Title`)}</h3>
          <p>{t(`${step}Text`)}</p>
        </li>
      ))}
    </ol>
  );
}

export function HowItWorksPage() {
  const t = useT(howItWorksMessages);
  useDocumentTitle(t('title'));
  return (
    <div className={styles.page}>
      <div className={styles.pageBody}>
        <h1>{t('title')}</h1>
        <p className={styles.lead}>{t('lead')}</p>

        <div className={styles.twoCols}>
          <section aria-labelledby="how-clients">
            <h2 id="how-clients">{t('clientsTitle')}</h2>
            <Steps steps={CLIENT_STEPS} />
          </section>
          <section aria-labelledby="how-lawyers">
            <h2 id="how-lawyers">{t('lawyersTitle')}</h2>
            <Steps steps={LAWYER_STEPS} />
          </section>
        </div>

        <section className={`${styles.note} ${styles.prose}`} aria-labelledby="how-escrow">
          <h2 id="how-escrow">{t('escrowTitle')}</h2>
          <p>{t('escrowText')}</p>
        </section>

        <div className={styles.section}>
          <div className={styles.cta}>
            <h2>{t('ctaTitle')}</h2>
            <div className={styles.actions}>
              <ButtonLink primary to="/register">
                {t('register')}
              </ButtonLink>
              <ButtonLink to="/find-lawyer">{t('findLawyer')}</ButtonLink>
              <ButtonLink to="/faq">{t('faq')}</ButtonLink>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
