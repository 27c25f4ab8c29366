/**
 * Tutorials: three short step lists — register and verify, find and book a lawyer, install the app
 * and use it offline — matching what the screens actually ask for (password rules, 6-digit code).
 */
import { Link } from 'react-router-dom';
import { defineMessages, useT } from '../../../lib/i18n';

export const tutorialsMessages = defineMessages(
  {
    registerTitle: 'Register and verify your email',
    register1: 'Open the registration page.',
    register2: 'Choose whether you are a client or a lawyer.',
    register3:
      'Enter your first and last name, your email and a password. The checklist shows what the password still needs: 8 to 100 characters, an upper-case and a lower-case letter, a digit and a special character, and no spaces.',
    register4: 'Accept the terms of service and the privacy policy, then create the account.',
    register5: 'Open the email from LegalConnect and enter the 6-digit code. It is valid for 10 minutes.',
    register6: 'No email? Check your spam folder. After 60 seconds you can ask for a new code.',
    registerLink: 'Create free account',
    findTitle: 'Find a lawyer and book a meeting',
    find1: 'Sign in and open “Find lawyers”.',
    find2: 'Filter by specialization and area.',
    find3: 'Open a profile to see the lawyer’s experience, hourly fee and reviews.',
    find4:
      'Pick a free time and send your request. Once the lawyer accepts, pay by card or bKash: the payment is held until after the meeting.',
    find5: 'At the booked time, join the video meeting from “My meetings”.',
    findLink: 'Find a lawyer',
    installTitle: 'Install the app and use it offline',
    install1:
      'Android (Chrome): tap “Install” in the header when it appears, or open the ⋮ menu and choose “Install app” or “Add to Home screen”.',
    install2: 'iPhone (Safari): tap the Share button, then “Add to Home Screen”.',
    install3: 'Open LegalConnect from its home-screen icon; it starts like any other app.',
    install4:
      'While online, visit the screens you will need. They then open offline too, with a note saying when they were last updated.',
    install5: 'Write chat messages even when offline; they are sent as soon as you reconnect.',
    install6: 'Offline copies are deleted when you log out, so log out when you finish on a shared phone.',
    installLink: 'What is stored on your device',
  },
  {
    registerTitle: 'নিবন্ধন ও ইমেইল যাচাই',
    register1: 'নিবন্ধনের পাতাটি খুলুন।',
    register2: 'আপনি ক্লায়েন্ট না আইনজীবী, তা বেছে নিন।',
    register3:
      'আপনার নামের প্রথম ও শেষ অংশ, ইমেইল এবং একটি পাসওয়ার্ড দিন। পাসওয়ার্ডে আর কী লাগবে, চেকলিস্টে তা দেখা যাবে: ৮ থেকে ১০০ অক্ষর, অন্তত একটি বড় হাতের ও একটি ছোট হাতের ইংরেজি অক্ষর, একটি সংখ্যা ও একটি বিশেষ চিহ্ন, আর কোনো ফাঁকা জায়গা নয়।',
    register4: 'ব্যবহারের শর্তাবলি ও গোপনীয়তা নীতিতে সম্মতি দিয়ে অ্যাকাউন্ট খুলুন।',
    register5: 'LegalConnect-এর পাঠানো ইমেইলটি খুলে ৬ সংখ্যার কোডটি লিখুন। কোডটি ১০ মিনিট বৈধ থাকে।',
    register6: 'ইমেইল পাননি? স্প্যাম ফোল্ডার দেখুন। ৬০ সেকেন্ড পর নতুন কোড চাইতে পারবেন।',
    registerLink: 'বিনামূল্যে অ্যাকাউন্ট খুলুন',
    findTitle: 'আইনজীবী খোঁজা ও মিটিং বুক করা',
    find1: 'সাইন ইন করে “আইনজীবী খুঁজুন” খুলুন।',
    find2: 'বিশেষজ্ঞতা ও এলাকা অনুযায়ী বাছাই করুন।',
    find3: 'প্রোফাইল খুলে আইনজীবীর অভিজ্ঞতা, ঘণ্টাপ্রতি ফি ও রিভিউ দেখুন।',
    find4:
      'একটি ফাঁকা সময় বেছে নিয়ে অনুরোধ পাঠান। আইনজীবী গ্রহণ করলে কার্ড বা বিকাশে পেমেন্ট করুন: মিটিং শেষ হওয়া পর্যন্ত টাকাটা আটকে থাকে।',
    find5: 'নির্ধারিত সময়ে “আমার মিটিং” থেকে ভিডিও মিটিংয়ে যোগ দিন।',
    findLink: 'আইনজীবী খুঁজুন',
    installTitle: 'অ্যাপ ইনস্টল ও অফলাইনে ব্যবহার',
    install1:
      'অ্যান্ড্রয়েড (Chrome): হেডারে “ইনস্টল” বোতাম দেখা গেলে সেটিতে চাপুন, অথবা ⋮ মেনু খুলে “অ্যাপ ইনস্টল করুন” বা “হোম স্ক্রিনে যোগ করুন” বেছে নিন।',
    install2: 'আইফোন (Safari): শেয়ার বোতামে চেপে “হোম স্ক্রিনে যোগ করুন” (Add to Home Screen) বেছে নিন।',
    install3: 'হোম স্ক্রিনের আইকন থেকে LegalConnect খুলুন; এটি অন্য যেকোনো অ্যাপের মতোই চালু হবে।',
    install4:
      'অনলাইনে থাকতে থাকতে দরকারি পাতাগুলো একবার ঘুরে আসুন। এরপর সেগুলো অফলাইনেও খুলবে, সঙ্গে লেখা থাকবে শেষ কবে হালনাগাদ হয়েছে।',
    install5: 'অফলাইনেও চ্যাটে বার্তা লিখতে পারেন; সংযোগ ফেরামাত্র সেগুলো পাঠানো হবে।',
    install6: 'লগ আউট করলে অফলাইন কপিগুলো মুছে যায়, তাই শেয়ার করা ফোনে কাজ শেষে লগ আউট করুন।',
    installLink: 'আপনার ডিভাইসে কী কী রাখা হয়',
  },
);

type TutorialKey = keyof typeof tutorialsMessages.en;

const TUTORIALS: readonly {
  title: TutorialKey;
  steps: readonly TutorialKey[];
  link: { to: string; label: TutorialKey };
}[] = [
  {
    title: 'registerTitle',
    steps: ['register1', 'register2', 'register3', 'register4', 'register5', 'register6'],
    link: { to: '/register', label: 'registerLink' },
  },
  {
    title: 'findTitle',
    steps: ['find1', 'find2', 'find3', 'find4', 'find5'],
    link: { to: '/find-lawyer', label: 'findLink' },
  },
  {
    title: 'installTitle',
    steps: ['install1', 'install2', 'install3', 'install4', 'install5', 'install6'],
    link: { to: '/privacy', label: 'installLink' },
  },
];

export function TutorialsContent() {
  const t = useT(tutorialsMessages);
  return (
    <>
      {TUTORIALS.map(({ title, steps, link }) => (
        <section key={title} aria-labelledby={`tutorial-${title}`}>
          <h2 id={`tutorial-${title}`}>{t(title)}</h2>
          <ol>
            {steps.map((step) => (
              <li key={step}>{t(step)}</li>
            ))}
          </ol>
          <p>
            <Link to={link.to}>{t(link.label)}</Link>
          </p>
        </section>
      ))}
    </>
  );
}
