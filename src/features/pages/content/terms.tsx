/**
 * Terms of service: use of the service, what verification means and that LegalConnect is not a law
 * firm, the AI's limits, escrow as the payment module implements it, acceptable use, and Bangladeshi law.
 */
import { defineMessages, useT } from '../../../lib/i18n';
import styles from '../info-page.module.css';

export const termsMessages = defineMessages(
  {
    lead: 'These terms apply when you use LegalConnect. By creating an account you accept them, together with the privacy policy.',
    useTitle: 'Using LegalConnect',
    use1: 'Give true information about yourself, and keep your account to yourself: one person, one account.',
    use2: 'Keep your password secret. If you think someone else has used your account, change the password; that signs out every other device.',
    use3: 'We may change or pause features to improve or protect the service, and will say so in the app when it affects you.',
    firmTitle: 'LegalConnect is not a law firm',
    firmText:
      'We connect clients with lawyers and provide the tools to work together. Lawyers on LegalConnect are independent professionals, responsible for the advice and services they give. Our admin checks a lawyer’s Bar Council enrolment details and credentials before listing them; verification confirms those credentials but does not guarantee a lawyer’s work or the outcome of a case.',
    aiTitle: 'The AI assistant is not legal advice',
    aiText:
      'The AI assistant gives general information based on the laws of Bangladesh and shows its sources. It can be incomplete or wrong, and the law texts it reads are an unofficial copy. Do not rely on it alone for decisions about your case; ask a lawyer.',
    paymentsTitle: 'Fees, payments and escrow',
    payments1: 'Each lawyer sets their own fee, shown in taka before you book.',
    payments2: 'When you book, the amount is held on your card (escrow); the lawyer is not paid yet.',
    payments3:
      'After the meeting you release the payment, or it is released automatically six hours after the meeting ends.',
    payments4:
      'If you cancel before the meeting starts, the hold is cancelled and you are not charged. After that, a dispute about a meeting is handled through support.',
    payments5: 'Card payments are processed by our payment provider; its own terms apply to the card transaction.',
    acceptableTitle: 'Acceptable use',
    acceptableIntro: 'Do not use LegalConnect to:',
    acceptable1: 'break the law, or help anyone else do so;',
    acceptable2: 'harass, threaten or deceive other users, or pretend to be someone else;',
    acceptable3: 'give false credentials or claim to be a lawyer when you are not;',
    acceptable4: 'upload malware, or content you have no right to share;',
    acceptable5: 'try to get around security, reach other people’s data, or overload the service;',
    acceptable6: 'collect other users’ details or send them unsolicited messages.',
    acceptableEnd: 'We may suspend or close accounts that do, and remove the content concerned.',
    contentTitle: 'Your content',
    contentText:
      'What you upload — documents, notes, messages, reviews, articles — remains yours. You let us store it and show it to the people you share it with, only to provide the service.',
    endTitle: 'Ending your account',
    endText:
      'You may close your account at any time through support. What happens to your data is described in the privacy policy.',
    liabilityTitle: 'Limits of our responsibility',
    liabilityText:
      'We work to keep LegalConnect available and correct, but it may sometimes be unavailable or contain mistakes. To the extent the law allows, we are not responsible for losses caused by a lawyer’s advice, by relying on AI answers, or by interruptions beyond our control.',
    lawTitle: 'Governing law',
    lawText:
      'These terms are governed by the laws of Bangladesh, and disputes about them are decided by the courts of Bangladesh.',
    changesTitle: 'Changes',
    changesText:
      'If we change these terms in a way that matters, we will tell you in the app before the change applies.',
  },
  {
    lead: 'LegalConnect ব্যবহার করলে এই শর্তাবলি প্রযোজ্য। অ্যাকাউন্ট খোলার মাধ্যমে আপনি গোপনীয়তা নীতিসহ এই শর্তাবলি মেনে নেন।',
    useTitle: 'LegalConnect ব্যবহার',
    use1: 'নিজের সম্পর্কে সঠিক তথ্য দিন, এবং অ্যাকাউন্টটি শুধু নিজে ব্যবহার করুন: একজন মানুষ, একটি অ্যাকাউন্ট।',
    use2: 'পাসওয়ার্ড গোপন রাখুন। অন্য কেউ আপনার অ্যাকাউন্ট ব্যবহার করেছে মনে হলে পাসওয়ার্ড বদলান; এতে অন্য সব ডিভাইস থেকে সাইন আউট হয়ে যায়।',
    use3: 'সেবা উন্নত বা সুরক্ষিত রাখতে আমরা কোনো সুবিধা বদলাতে বা সাময়িক বন্ধ রাখতে পারি; তাতে আপনার ওপর প্রভাব পড়লে অ্যাপে জানিয়ে দেব।',
    firmTitle: 'LegalConnect কোনো ল ফার্ম নয়',
    firmText:
      'আমরা ক্লায়েন্টদের আইনজীবীর সঙ্গে যুক্ত করি এবং একসঙ্গে কাজ করার সরঞ্জাম দিই। LegalConnect-এর আইনজীবীরা স্বাধীন পেশাজীবী; তাঁদের দেওয়া পরামর্শ ও সেবার দায় তাঁদের নিজেদের। তালিকাভুক্ত করার আগে আমাদের অ্যাডমিন আইনজীবীর বার কাউন্সিলের সনদ-তথ্য ও কাগজপত্র যাচাই করেন; এই যাচাই কাগজপত্রের সত্যতা নিশ্চিত করে, কিন্তু আইনজীবীর কাজের মান বা মামলার ফলাফলের নিশ্চয়তা দেয় না।',
    aiTitle: 'এআই সহকারীর উত্তর আইনি পরামর্শ নয়',
    aiText:
      'এআই সহকারী বাংলাদেশের আইনের ভিত্তিতে সাধারণ তথ্য দেয় এবং সূত্র দেখায়। এর উত্তর অসম্পূর্ণ বা ভুল হতে পারে, এবং এটি যে আইনের পাঠ ব্যবহার করে তা একটি অনানুষ্ঠানিক অনুলিপি। মামলার সিদ্ধান্ত নিতে শুধু এর ওপর নির্ভর করবেন না; একজন আইনজীবীর পরামর্শ নিন।',
    paymentsTitle: 'ফি, পেমেন্ট ও এসক্রো',
    payments1: 'প্রত্যেক আইনজীবী নিজের ফি ঠিক করেন, যা বুক করার আগেই টাকায় দেখানো হয়।',
    payments2: 'বুক করার সময় টাকাটা আপনার কার্ডে আটকে রাখা হয় (এসক্রো); আইনজীবী তখনো তা পান না।',
    payments3: 'মিটিংয়ের পর আপনি পেমেন্ট ছেড়ে দেন, অথবা মিটিং শেষ হওয়ার ছয় ঘণ্টা পর তা আপনা-আপনি ছাড় হয়।',
    payments4:
      'মিটিং শুরুর আগে বাতিল করলে আটকে রাখা টাকা ছেড়ে দেওয়া হয়, আপনার কোনো খরচ হয় না। এরপর কোনো মিটিং নিয়ে বিরোধ হলে সহায়তা দলের মাধ্যমে তা নিষ্পত্তি করা হয়।',
    payments5: 'কার্ড পেমেন্ট প্রক্রিয়া করে আমাদের পেমেন্ট প্রতিষ্ঠান; কার্ডের লেনদেনে তাদের নিজস্ব শর্তও প্রযোজ্য।',
    acceptableTitle: 'গ্রহণযোগ্য ব্যবহার',
    acceptableIntro: 'LegalConnect ব্যবহার করে যা করবেন না:',
    acceptable1: 'আইন ভঙ্গ করা, বা অন্য কাউকে আইন ভঙ্গে সাহায্য করা;',
    acceptable2: 'অন্য ব্যবহারকারীকে হয়রানি, হুমকি বা প্রতারণা করা, কিংবা অন্য কারও পরিচয় ধারণ করা;',
    acceptable3: 'ভুয়া কাগজপত্র দেওয়া, বা আইনজীবী না হয়েও নিজেকে আইনজীবী দাবি করা;',
    acceptable4: 'ম্যালওয়্যার আপলোড করা, বা এমন কিছু শেয়ার করা যা শেয়ারের অধিকার আপনার নেই;',
    acceptable5: 'নিরাপত্তা ব্যবস্থা এড়ানো, অন্যের তথ্যে ঢোকার চেষ্টা করা, বা সেবার ওপর অতিরিক্ত চাপ সৃষ্টি করা;',
    acceptable6: 'অন্য ব্যবহারকারীদের তথ্য সংগ্রহ করা বা তাঁদের অযাচিত বার্তা পাঠানো।',
    acceptableEnd: 'এমন করলে আমরা অ্যাকাউন্ট স্থগিত বা বন্ধ করতে এবং সংশ্লিষ্ট কনটেন্ট সরিয়ে ফেলতে পারি।',
    contentTitle: 'আপনার কনটেন্ট',
    contentText:
      'আপনি যা আপলোড করেন — ডকুমেন্ট, নোট, বার্তা, রিভিউ, নিবন্ধ — তা আপনারই থাকে। শুধু সেবা দেওয়ার জন্য আপনি আমাদের তা সংরক্ষণ করতে এবং যাঁদের সঙ্গে শেয়ার করেন তাঁদের দেখাতে অনুমতি দেন।',
    endTitle: 'অ্যাকাউন্ট বন্ধ করা',
    endText: 'সহায়তা দলের মাধ্যমে যেকোনো সময় অ্যাকাউন্ট বন্ধ করতে পারেন। আপনার তথ্যের কী হয়, তা গোপনীয়তা নীতিতে বলা আছে।',
    liabilityTitle: 'আমাদের দায়ের সীমা',
    liabilityText:
      'LegalConnect সচল ও নির্ভুল রাখতে আমরা চেষ্টা করি, তবে কখনো কখনো এটি বন্ধ থাকতে পারে বা এতে ভুল থাকতে পারে। আইন যতটা অনুমতি দেয়, ততটা পর্যন্ত আইনজীবীর পরামর্শ, এআই-এর উত্তরের ওপর নির্ভরতা, বা আমাদের নিয়ন্ত্রণের বাইরের বিঘ্নের কারণে হওয়া ক্ষতির দায় আমাদের নয়।',
    lawTitle: 'প্রযোজ্য আইন',
    lawText: 'এই শর্তাবলি বাংলাদেশের আইন দ্বারা পরিচালিত, এবং এ নিয়ে কোনো বিরোধ বাংলাদেশের আদালতে নিষ্পত্তি হবে।',
    changesTitle: 'পরিবর্তন',
    changesText: 'এই শর্তাবলিতে গুরুত্বপূর্ণ কোনো পরিবর্তন হলে, তা কার্যকর হওয়ার আগেই অ্যাপে আমরা আপনাকে জানাব।',
  },
);

type TermsKey = keyof typeof termsMessages.en;

function Bullets({ keys }: { keys: readonly TermsKey[] }) {
  const t = useT(termsMessages);
  return (
    <ul>
      {keys.map((key) => (
        <li key={key}>{t(key)}</li>
      ))}
    </ul>
  );
}

export function TermsContent() {
  const t = useT(termsMessages);
  return (
    <>
      <p className={styles.lead}>{t('lead')}</p>

      <h2>{t('useTitle')}</h2>
      <Bullets keys={['use1', 'use2', 'use3']} />

      <div className={styles.note}>
        <h2>{t('firmTitle')}</h2>
        <p>{t('firmText')}</p>
      </div>

      <h2>{t('aiTitle')}</h2>
      <p>{t('aiText')}</p>

      <h2>{t('paymentsTitle')}</h2>
      <Bullets keys={['payments1', 'payments2', 'payments3', 'payments4', 'payments5']} />

      <h2>{t('acceptableTitle')}</h2>
      <p>{t('acceptableIntro')}</p>
      <Bullets keys={['acceptable1', 'acceptable2', 'acceptable3', 'acceptable4', 'acceptable5', 'acceptable6']} />
      <p>{t('acceptableEnd')}</p>

      <h2>{t('contentTitle')}</h2>
      <p>{t('contentText')}</p>

      <h2>{t('endTitle')}</h2>
      <p>{t('endText')}</p>

      <h2>{t('liabilityTitle')}</h2>
      <p>{t('liabilityText')}</p>

      <h2>{t('lawTitle')}</h2>
      <p>{t('lawText')}</p>

      <h2>{t('changesTitle')}</h2>
      <p>{t('changesText')}</p>
    </>
  );
}
