/** Cookie policy: no tracking cookies; what the app keeps in local storage and IndexedDB instead. */
import { Link } from 'react-router-dom';
import { defineMessages, useT } from '../../../lib/i18n';
import styles from '../info-page.module.css';

export const cookiesMessages = defineMessages(
  {
    lead: 'We set no tracking or advertising cookies, and we use no third-party analytics.',
    insteadTitle: 'What the app uses instead',
    insteadText:
      'Signing in does not use cookies either. The app keeps your sign-in keys and your theme and language choices in the browser’s local storage, and offline copies of the screens you visited, your chats and notifications, and documents you saved for offline in IndexedDB and Cache Storage. The sign-in keys and offline copies are deleted when you log out.',
    privacyLink: 'The full list is in the privacy policy',
    paymentTitle: 'Payment pages',
    paymentText:
      'When you pay, you go to the payment provider’s page, which may set its own cookies for security and fraud prevention. Those are covered by the provider’s own policy.',
    choicesTitle: 'Your choices',
    choicesText:
      'In your profile, under “Storage & offline”, you can clear the offline copies or stop this phone from keeping them. You can also clear this site’s data in your browser settings at any time; you will then need to sign in again, and offline copies will be gone.',
  },
  {
    lead: 'আমরা কোনো ট্র্যাকিং বা বিজ্ঞাপনী কুকি ব্যবহার করি না, তৃতীয় পক্ষের কোনো অ্যানালিটিক্সও নয়।',
    insteadTitle: 'এর বদলে অ্যাপ যা ব্যবহার করে',
    insteadText:
      'সাইন ইন করতেও কুকি লাগে না। অ্যাপটি আপনার সাইন-ইন চাবি এবং থিম ও ভাষার পছন্দ ব্রাউজারের লোকাল স্টোরেজে রাখে, আর আপনার দেখা পাতা, চ্যাট ও নোটিফিকেশনের অফলাইন কপি এবং অফলাইনের জন্য সংরক্ষিত নথি রাখে IndexedDB ও Cache Storage-এ। লগ আউট করলে সাইন-ইন চাবি ও অফলাইন কপি মুছে যায়।',
    privacyLink: 'পুরো তালিকা গোপনীয়তা নীতিতে আছে',
    paymentTitle: 'পেমেন্টের পাতা',
    paymentText:
      'পেমেন্ট করার সময় আপনি পেমেন্ট প্রতিষ্ঠানের পাতায় যান, যা নিরাপত্তা ও প্রতারণা ঠেকানোর জন্য নিজস্ব কুকি ব্যবহার করতে পারে। সেগুলো ওই প্রতিষ্ঠানের নিজস্ব নীতির আওতায় পড়ে।',
    choicesTitle: 'আপনার পছন্দ',
    choicesText:
      'আপনার প্রোফাইলের “স্টোরেজ ও অফলাইন” অংশে অফলাইন কপি মুছতে বা এই ফোনে সেগুলো রাখা বন্ধ করতে পারেন। ব্রাউজারের সেটিংস থেকেও যেকোনো সময় এই সাইটের ডেটা মুছে ফেলতে পারেন; তখন আবার সাইন ইন করতে হবে এবং অফলাইন কপিগুলো থাকবে না।',
  },
);

export function CookiesContent() {
  const t = useT(cookiesMessages);
  return (
    <>
      <p className={styles.lead}>{t('lead')}</p>
      <h2>{t('insteadTitle')}</h2>
      <p>{t('insteadText')}</p>
      <p>
        <Link to="/privacy">{t('privacyLink')}</Link>
      </p>
      <h2>{t('paymentTitle')}</h2>
      <p>{t('paymentText')}</p>
      <h2>{t('choicesTitle')}</h2>
      <p>{t('choicesText')}</p>
    </>
  );
}
