/**
 * FAQ: the questions people actually ask before trusting a legal marketplace, each answer behind a
 * native <details> (keyboard and screen-reader friendly without any script).
 */
import { Link } from 'react-router-dom';
import { defineMessages, useT } from '../../../lib/i18n';
import styles from '../info-page.module.css';

export const faqMessages = defineMessages(
  {
    verifyQ: 'How do you verify lawyers?',
    verifyA:
      'Every lawyer who registers gives their Bangladesh Bar Council enrolment number and uploads their credentials. Our admin reviews them and approves or rejects the profile. Only approved lawyers appear in search. Verification confirms credentials; it does not promise the outcome of a case.',
    feesQ: 'How much does a lawyer cost?',
    feesA:
      'Creating an account is free. Each lawyer sets their own hourly fee, shown in taka on their profile before you book, and you pay it for the meetings you book.',
    escrowQ: 'What is escrow, and when does the lawyer get paid?',
    escrowA:
      'When you book, your card payment is held, not paid out. After the meeting you release it to the lawyer, or it is released automatically six hours after the meeting ends. If you cancel before the meeting starts, the hold is cancelled and you are not charged.',
    dataQ: 'What do you do with my data?',
    dataA:
      'We keep what the service needs — your account, cases, documents, messages and payment records — so that you and your lawyer can work on your case. We do not sell data or show ads. Notes and documents you mark private are visible only to you.',
    dataLink: 'Read the privacy policy',
    offlineQ: 'Does it work on a slow connection or offline?',
    offlineA:
      'As far as it can. Screens you have visited open offline with a note saying when they were last updated, and messages you write offline are sent when you reconnect. Booking, paying and video meetings need a connection. You can also install LegalConnect on your home screen.',
    offlineLink: 'How to install and use it offline',
    languagesQ: 'Which languages can I use?',
    languagesA:
      'The whole app is in Bangla and English. Switch from the header at any time; your choice is remembered. The AI assistant answers in the language of your question.',
    aiQ: 'Is the AI assistant’s answer legal advice?',
    aiA: 'No. It gives general information from the laws of Bangladesh and shows the Act and section it used, so you can check them; if it finds no relevant law, it says so. The law texts it reads are an unofficial copy of the official Laws of Bangladesh. For your own situation, talk to a lawyer.',
    deleteQ: 'How do I delete my account?',
    deleteA:
      'Write to us from your account’s email address and choose “Privacy request” as the topic. We confirm it is you, then delete your data, except records the law requires us to keep, such as payment records.',
    deleteLink: 'Contact us',
  },
  {
    verifyQ: 'আপনারা আইনজীবীদের কীভাবে যাচাই করেন?',
    verifyA:
      'নিবন্ধনের সময় প্রত্যেক আইনজীবী বাংলাদেশ বার কাউন্সিলের সনদ নম্বর দেন এবং তাঁর কাগজপত্র আপলোড করেন। আমাদের অ্যাডমিন সেগুলো পরীক্ষা করে প্রোফাইল অনুমোদন বা বাতিল করেন। শুধু অনুমোদিত আইনজীবীরাই সার্চে দেখা যান। যাচাই আইনজীবীর যোগ্যতা নিশ্চিত করে; মামলার ফলাফলের নিশ্চয়তা দেয় না।',
    feesQ: 'একজন আইনজীবীর ফি কত?',
    feesA:
      'অ্যাকাউন্ট খোলা বিনামূল্যে। প্রত্যেক আইনজীবী নিজের ঘণ্টাপ্রতি ফি ঠিক করেন, যা বুক করার আগেই তাঁর প্রোফাইলে টাকায় দেখা যায়; আপনি যে মিটিং বুক করবেন, সেটির জন্য এই ফি দেবেন।',
    escrowQ: 'এসক্রো কী, আর আইনজীবী কখন টাকা পান?',
    escrowA:
      'বুক করার সময় আপনার কার্ডের টাকা আটকে রাখা হয়, আইনজীবীকে দেওয়া হয় না। মিটিং শেষে আপনি তা আইনজীবীকে ছেড়ে দেন, অথবা মিটিং শেষ হওয়ার ছয় ঘণ্টা পর আপনা-আপনি ছাড় হয়ে যায়। মিটিং শুরুর আগে বাতিল করলে আটকে রাখা টাকা ছেড়ে দেওয়া হয়, আপনার কোনো খরচ হয় না।',
    dataQ: 'আমার তথ্য দিয়ে আপনারা কী করেন?',
    dataA:
      'সেবার জন্য যা দরকার, শুধু তা-ই রাখি — আপনার অ্যাকাউন্ট, মামলা, ডকুমেন্ট, বার্তা ও পেমেন্টের রেকর্ড — যাতে আপনি ও আপনার আইনজীবী মামলার কাজ করতে পারেন। আমরা তথ্য বিক্রি করি না, বিজ্ঞাপনও দেখাই না। যে নোট ও ডকুমেন্ট আপনি ব্যক্তিগত হিসেবে চিহ্নিত করেন, সেগুলো শুধু আপনিই দেখতে পান।',
    dataLink: 'গোপনীয়তা নীতি পড়ুন',
    offlineQ: 'ধীরগতির ইন্টারনেটে বা অফলাইনে কি এটি চলে?',
    offlineA:
      'যতটা সম্ভব চলে। আগে দেখা পাতাগুলো অফলাইনেও খোলে, সঙ্গে লেখা থাকে শেষ কবে হালনাগাদ হয়েছে; অফলাইনে লেখা বার্তা সংযোগ ফিরলে পাঠানো হয়। বুকিং, পেমেন্ট ও ভিডিও মিটিংয়ের জন্য সংযোগ লাগে। চাইলে LegalConnect ফোনের হোম স্ক্রিনে ইনস্টলও করতে পারেন।',
    offlineLink: 'কীভাবে ইনস্টল করবেন ও অফলাইনে ব্যবহার করবেন',
    languagesQ: 'কোন কোন ভাষায় ব্যবহার করা যায়?',
    languagesA:
      'পুরো অ্যাপটি বাংলা ও ইংরেজিতে আছে। হেডার থেকে যেকোনো সময় ভাষা বদলাতে পারেন; আপনার পছন্দ মনে রাখা হয়। এআই সহকারী আপনার প্রশ্নের ভাষাতেই উত্তর দেয়।',
    aiQ: 'এআই সহকারীর উত্তর কি আইনি পরামর্শ?',
    aiA: 'না। এটি বাংলাদেশের আইন থেকে সাধারণ তথ্য দেয় এবং কোন আইনের কোন ধারা ব্যবহার করেছে তা দেখায়, যাতে আপনি মিলিয়ে নিতে পারেন; প্রাসঙ্গিক আইন না পেলে সেটাও জানায়। এটি যে আইনের পাঠ ব্যবহার করে, তা সরকারি “বাংলাদেশের আইন” ওয়েবসাইটের একটি অনানুষ্ঠানিক অনুলিপি। নিজের পরিস্থিতির জন্য একজন আইনজীবীর সঙ্গে কথা বলুন।',
    deleteQ: 'আমার অ্যাকাউন্ট কীভাবে মুছব?',
    deleteA:
      'আপনার অ্যাকাউন্টের ইমেইল ঠিকানা থেকে আমাদের লিখুন এবং বিষয় হিসেবে “গোপনীয়তা সংক্রান্ত অনুরোধ” বেছে নিন। আপনার পরিচয় নিশ্চিত করার পর আমরা আপনার তথ্য মুছে ফেলি; শুধু আইন অনুযায়ী যা রাখতে হয়, যেমন পেমেন্টের রেকর্ড, তা রেখে দিই।',
    deleteLink: 'যোগাযোগ করুন',
  },
);

type FaqKey = keyof typeof faqMessages.en;

type QuestionId = 'verify' | 'fees' | 'escrow' | 'data' | 'offline' | 'languages' | 'ai' | 'delete';

const QUESTIONS: readonly { id: QuestionId; link?: { to: string; label: FaqKey } }[] = [
  { id: 'verify' },
  { id: 'fees' },
  { id: 'escrow' },
  { id: 'data', link: { to: '/privacy', label: 'dataLink' } },
  { id: 'offline', link: { to: '/tutorials', label: 'offlineLink' } },
  { id: 'languages' },
  { id: 'ai' },
  { id: 'delete', link: { to: '/contact', label: 'deleteLink' } },
];

export function FaqContent() {
  const t = useT(faqMessages);
  return (
    <div className={styles.faq}>
      {QUESTIONS.map(({ id, link }) => (
        <details key={id}>
          <summary>{t(`${id}Q`)}</summary>
          <div>
            <p>{t(`${id}A`)}</p>
            {link && (
              <p>
                <Link to={link.to}>{t(link.label)}</Link>
              </p>
            )}
          </div>
        </details>
      ))}
    </div>
  );
}
