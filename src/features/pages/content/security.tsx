/**
 * Security: the protections the server actually applies (argon2id, revocable sessions, TLS, files
 * typed by content, per-object access checks, CSP), the user's part, and responsible disclosure.
 */
import { defineMessages, useT } from '../../../lib/i18n';
import { SECURITY_EMAIL } from '../contact-emails';
import styles from '../info-page.module.css';

export const securityMessages = defineMessages(
  {
    lead: 'How we protect your account, your case files and your messages.',
    measuresTitle: 'What we do',
    passwords:
      'Passwords are hashed with argon2id, a deliberately slow algorithm; they are never stored in readable form.',
    sessions:
      'Every sign-in is a session checked on each request. Logging out ends it at once, changing your password ends your other sessions, and a reused renewal key ends the whole session.',
    attempts: 'Repeated failed sign-ins are slowed down, and email codes expire after 10 minutes or 5 wrong tries.',
    tls: 'All connections are encrypted with TLS (HTTPS and secure WebSockets).',
    files:
      'Uploaded files are checked by their content, not their name, against a list of allowed types and size limits, stored under generated names and always downloaded as attachments.',
    access:
      'Every record is checked against the person asking: no one can open a case, note, document or message that is not theirs, and a private note or document is visible only to its owner.',
    headers:
      'A strict Content Security Policy and other security headers guard against injected scripts and clickjacking.',
    cards: 'Card details are entered with the payment provider, never with us.',
    yourPartTitle: 'What you can do',
    you1: 'Use a password you use nowhere else.',
    you2: 'Log out when you finish on a shared device: that deletes the offline copies kept there.',
    you3: 'We will never ask for your password or verification code by phone, SMS or email. Do not share them with anyone.',
    disclosureTitle: 'Report a vulnerability',
    disclosureText: 'If you find a security problem, please write to us with the steps to reproduce it:',
    rule1: 'give us reasonable time to fix it before you tell anyone else;',
    rule2: 'use only your own test accounts; do not access, change or delete other people’s data;',
    rule3: 'do not disrupt the service: no denial-of-service tests and no spam.',
    thanks: 'We will acknowledge your report and keep you informed while we fix it.',
  },
  {
    lead: 'আপনার অ্যাকাউন্ট, মামলার ফাইল ও বার্তা আমরা কীভাবে সুরক্ষিত রাখি।',
    measuresTitle: 'আমরা যা করি',
    passwords:
      'পাসওয়ার্ড argon2id দিয়ে হ্যাশ করা হয়, যা ইচ্ছাকৃতভাবে ধীর একটি অ্যালগরিদম; পাসওয়ার্ড কখনো পড়ার যোগ্য রূপে রাখা হয় না।',
    sessions:
      'প্রতিটি সাইন-ইন একটি সেশন, যা প্রতিটি অনুরোধে যাচাই করা হয়। লগ আউট করলে সেশন সঙ্গে সঙ্গে শেষ হয়, পাসওয়ার্ড বদলালে অন্য সব সেশন শেষ হয়, আর কোনো নবায়ন চাবি দ্বিতীয়বার ব্যবহৃত হলে পুরো সেশনটাই বাতিল হয়।',
    attempts: 'বারবার ভুল সাইন-ইনের চেষ্টা ধীর করে দেওয়া হয়, আর ইমেইলের কোড ১০ মিনিট পর বা ৫ বার ভুল দিলে বাতিল হয়ে যায়।',
    tls: 'সব সংযোগ TLS দিয়ে এনক্রিপ্ট করা (HTTPS ও সুরক্ষিত WebSocket)।',
    files:
      'আপলোড করা ফাইল নাম দেখে নয়, ভেতরের কনটেন্ট দেখে অনুমোদিত ধরন ও আকারের সীমার সঙ্গে মিলিয়ে পরীক্ষা করা হয়, তৈরি করা নামে সংরক্ষণ করা হয় এবং সবসময় অ্যাটাচমেন্ট হিসেবে ডাউনলোড হয়।',
    access:
      'প্রতিটি রেকর্ড যিনি চাইছেন তাঁর সঙ্গে মিলিয়ে দেখা হয়: কেউ অন্যের মামলা, নোট, ডকুমেন্ট বা বার্তা খুলতে পারেন না, আর ব্যক্তিগত নোট বা ডকুমেন্ট শুধু এর মালিকই দেখতে পান।',
    headers: 'কঠোর কনটেন্ট সিকিউরিটি পলিসি ও অন্যান্য নিরাপত্তা হেডার বাইরের স্ক্রিপ্ট ঢোকানো ও ক্লিকজ্যাকিং ঠেকায়।',
    cards: 'কার্ডের তথ্য দেওয়া হয় পেমেন্ট প্রতিষ্ঠানের কাছে, কখনো আমাদের কাছে নয়।',
    yourPartTitle: 'আপনি যা করতে পারেন',
    you1: 'এমন পাসওয়ার্ড ব্যবহার করুন, যা অন্য কোথাও ব্যবহার করেন না।',
    you2: 'শেয়ার করা ডিভাইসে কাজ শেষে লগ আউট করুন: তাতে সেখানে রাখা অফলাইন কপিগুলো মুছে যায়।',
    you3: 'আমরা কখনো ফোন, এসএমএস বা ইমেইলে আপনার পাসওয়ার্ড বা যাচাই কোড চাইব না। এগুলো কাউকে দেবেন না।',
    disclosureTitle: 'নিরাপত্তা ত্রুটি জানান',
    disclosureText: 'কোনো নিরাপত্তা ত্রুটি পেলে, সমস্যাটি কীভাবে ঘটানো যায় সেই ধাপগুলোসহ আমাদের লিখুন:',
    rule1: 'অন্য কাউকে জানানোর আগে ত্রুটিটি ঠিক করার জন্য আমাদের যুক্তিসংগত সময় দিন;',
    rule2: 'শুধু নিজের পরীক্ষামূলক অ্যাকাউন্ট ব্যবহার করুন; অন্যের তথ্য দেখবেন না, বদলাবেন না বা মুছবেন না;',
    rule3: 'সেবায় বিঘ্ন ঘটাবেন না: কোনো ডিনায়াল-অব-সার্ভিস পরীক্ষা বা স্প্যাম নয়।',
    thanks: 'আপনার রিপোর্ট পাওয়ার কথা আমরা জানাব এবং ঠিক করার সময় আপনাকে অগ্রগতি জানাতে থাকব।',
  },
);

type SecurityKey = keyof typeof securityMessages.en;

const MEASURES: readonly SecurityKey[] = [
  'passwords',
  'sessions',
  'attempts',
  'tls',
  'files',
  'access',
  'headers',
  'cards',
];

export function SecurityContent() {
  const t = useT(securityMessages);
  return (
    <>
      <p className={styles.lead}>{t('lead')}</p>
      <h2>{t('measuresTitle')}</h2>
      <ul>
        {MEASURES.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
      <h2>{t('yourPartTitle')}</h2>
      <ul>
        <li>{t('you1')}</li>
        <li>{t('you2')}</li>
        <li>{t('you3')}</li>
      </ul>
      <div className={styles.note}>
        <h2>{t('disclosureTitle')}</h2>
        <p>
          {t('disclosureText')} <a href={`mailto:${SECURITY_EMAIL}`}>{SECURITY_EMAIL}</a>
        </p>
        <ul>
          <li>{t('rule1')}</li>
          <li>{t('rule2')}</li>
          <li>{t('rule3')}</li>
        </ul>
        <p>{t('thanks')}</p>
      </div>
    </>
  );
}
