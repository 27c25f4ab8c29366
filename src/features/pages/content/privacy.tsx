/**
 * Privacy policy, in the spirit of Bangladesh's Personal Data Protection Ordinance 2025: what the
 * server keeps and why, what the app keeps on the device (the exact localStorage keys, the
 * notifications, chat, outbox and saved screens in IndexedDB that sign-out deletes, the app shell in
 * Cache Storage) and how to remove
 * it, the legal basis, sharing, location, retention and the data subject's rights, which today are
 * used by writing to support (no in-app export or deletion yet). Facts here must follow the code:
 * change both together.
 */
import { Link } from 'react-router-dom';
import { STORAGE_KEYS } from '../../../../contract/constants';
import { defineMessages, useT } from '../../../lib/i18n';
import { OFFLINE_MODE_KEY } from '../../../lib/offline/offline-mode';
import { SUPPORT_EMAIL } from '../contact-emails';
import styles from '../info-page.module.css';

export const privacyMessages = defineMessages(
  {
    lead: 'This policy explains what LegalConnect stores about you, why, where and for how long, and the rights you have over it. We wrote it in the spirit of Bangladesh’s Personal Data Protection Ordinance 2025: we collect only what the service needs, use it only for that, and let you see, correct, take away or delete it.',
    serverTitle: 'What we store on our servers, and why',
    account:
      'Account: your name, email address, role (client or lawyer), password (kept only as an argon2 hash, never in readable form), email-verification state and profile picture — to sign you in and show who you are.',
    lawyer:
      'Lawyer profile: Bar Council enrolment number, specialization, experience, area, hourly fee, availability and credential documents — so clients can find you and our admin can verify you. Signed-in users see the profile; only our admin sees the credential documents.',
    cases:
      'Case data: your cases, their status, notes, schedules and meetings — so you and your lawyer can work on the case. Notes you mark private are visible only to you.',
    documents:
      'Documents you upload to a case or to an AI session — kept with the case or session; their text is extracted so you can search them. Documents you mark private are visible only to you.',
    messages:
      'Messages: your chats with your lawyer or client, and your conversations with the AI assistant — so the history is there when you come back.',
    payments:
      'Payments: amount, status, the meeting it is for, who paid whom, and the payment provider’s transaction reference. You type your card number on the payment provider’s page; we do not store it.',
    preferences:
      'Notification preferences: which kinds of notice you want by email or by push, and the notifications themselves.',
    push: 'Push subscriptions: the address your browser gives us for sending push notifications to a device. It is deleted when you turn push off or log out on that device.',
    sessions:
      'Sign-in sessions: which devices are signed in, so that logging out or changing your password can end them at once.',
    published: 'Reviews and articles you publish, which other users can read.',
    basisTitle: 'Why we may use it: your consent',
    basisText:
      'We process this data on the basis of the consent you give when you register, and only for the purposes above: running your account, connecting you with lawyers, your cases, meetings, payments and notifications, and keeping the service secure. You may withdraw your consent at any time. Because the service cannot work without this data, withdrawing it means deleting your account: write to us as described under “Your rights” below and we delete it; records the law obliges us to keep, such as payment records, are kept for that purpose only.',
    deviceTitle: 'What the app stores on your device',
    deviceIntro:
      'To keep you signed in and to work on a weak or missing connection, the app keeps the following in this browser:',
    localStorageTitle: 'In local storage',
    keyToken: 'your sign-in key',
    keyRefresh: 'renews the sign-in key without asking for your password',
    keyLoggedIn: 'whether you are signed in',
    keyUserType: 'your role (client, lawyer or admin)',
    keyUserInfo: 'your name, email and role, shown in the header',
    keyTheme: 'light or dark theme',
    keyLanguage: 'Bangla or English',
    keyPushDeclined: 'when you last said “Not now” to push notifications, so the app does not ask again for a week',
    offlineTitle: 'In IndexedDB and Cache Storage',
    offlineText:
      'In IndexedDB: your recent notifications; the chat conversations you opened and their messages, including messages still waiting to be sent; the latest copy of each screen you opened (your dashboard, your cases with their notes, document details and schedules), so that all of these open without a connection; and which account is signed in on this device with its short-lived sign-in key (never the key that renews it), so that a push notification is filed under the right person and messages you wrote offline are sent when the connection returns, even with the app closed. The file of a document is kept only when you choose “Save for offline” on it. In Cache Storage: the app’s own program files, so that it opens quickly and without a connection; they hold nothing about you.',
    logoutText:
      'When you sign out, the sign-in keys are removed, your notifications, chat, unsent messages, saved screens, documents saved for offline and the record of who is signed in are deleted from IndexedDB, and this device stops receiving your push notifications. Only what says nothing about you stays: the theme and language choices, when you last said “Not now” to push notifications, whether this phone uses Offline Mode and keeps offline copies, and the app’s program files.',
    settingsText:
      'In your profile, under “Storage & offline”, you can see what the app keeps on this phone and how much space it takes, clear it with “Clear offline data” (messages waiting to be sent are kept, so they still go out), and turn off “Keep offline copies”: the app then keeps no copies of screens or documents on this phone and deletes those it has. That choice belongs to the phone, not to your account, so it stays after you sign out; it says nothing about you. After you sign in, the app asks the browser once not to clear its storage by itself when the phone runs low on space.',
    keyOfflineMode:
      'whether you turned on “Use Offline Mode”, which shows what this phone saved without waiting for the network',
    removeTitle: 'How to remove it',
    removeSignOut:
      'On a shared or borrowed phone, sign out when you are done (“Sign Out” in the menu): the app then keeps nothing about you there.',
    removeClear:
      'To remove everything, the theme and language choices and the app’s files too, clear this site’s data in your browser settings (in most browsers under Site settings, as “Clear data” or “Clear storage”). You will then need to sign in again.',
    sharingTitle: 'Who can see your data',
    sharing1:
      'Your lawyer or client sees what belongs to your case together: shared notes and documents, messages, meetings and payments between you.',
    sharing2:
      'Our admin sees lawyers’ verification details, and may look at an account to handle your support request or a report of abuse.',
    sharing3:
      'Service providers get only what their job needs: the card payment provider (payments), the email service (verification codes and notices), your browser’s push service (encrypted push notifications) and, when the AI assistant uses an external language model, your question and the law sections needed to answer it.',
    sharing4: 'We do not sell your data, and we show no advertising.',
    whereTitle: 'Where your data is kept',
    whereText:
      'In LegalConnect’s database and file storage, reached only over encrypted (TLS) connections. Card details stay with the payment provider. Before we move your data to another provider or country, we will update this policy.',
    retentionTitle: 'How long we keep it',
    retention1:
      'Account, case data, documents and messages: as long as your account is open. What you delete is removed.',
    retention2: 'Email verification and password-reset codes: 10 minutes.',
    retention3: 'Sign-in sessions: until you log out, or 30 days after the app last used them.',
    retention4: 'Push subscriptions: until you turn push off or log out on that device.',
    retention5:
      'Payment records: as long as the law requires for financial records, even after the account is deleted.',
    retention6: 'When your account is deleted at your request, everything else is deleted with it.',
    rightsTitle: 'Your rights',
    rightAccess: 'Access: ask for a copy of the data we hold about you.',
    rightCorrection:
      'Correction: have wrong data fixed. You can change your name and picture yourself in your profile.',
    rightErasure: 'Erasure: ask us to delete your data, or your whole account.',
    rightPortability: 'Portability: receive your data in a common machine-readable format (JSON) to take elsewhere.',
    rightWithdraw: 'Withdrawing consent: at any time, by asking us to delete your account.',
    rightsHow:
      'The app does not yet let you download your data or delete your account yourself. To use any of these rights, choose “Privacy request” in the contact form or write to us from your account’s email address. We confirm it is you before we act, and we answer without undue delay.',
    contactForm: 'Contact form',
    changesTitle: 'Changes to this policy',
    changesText:
      'The date at the top shows the last change. If a change matters for you, we will tell you in the app before it applies.',
  },
  {
    lead: 'এই নীতিতে ব্যাখ্যা করা হয়েছে LegalConnect আপনার কোন কোন তথ্য রাখে, কেন রাখে, কোথায় ও কত দিন রাখে, এবং সেই তথ্যের ওপর আপনার কী কী অধিকার আছে। বাংলাদেশের ব্যক্তিগত উপাত্ত সুরক্ষা অধ্যাদেশ, ২০২৫-এর মূল চেতনা মেনে আমরা এটি লিখেছি: সেবার জন্য যতটুকু দরকার শুধু ততটুকু তথ্য নিই, শুধু সেই কাজেই ব্যবহার করি, এবং আপনাকে তা দেখার, সংশোধনের, নিয়ে যাওয়ার বা মুছে ফেলার সুযোগ দিই।',
    serverTitle: 'আমাদের সার্ভারে যা রাখা হয়, এবং কেন',
    account:
      'অ্যাকাউন্ট: আপনার নাম, ইমেইল ঠিকানা, ভূমিকা (ক্লায়েন্ট বা আইনজীবী), পাসওয়ার্ড (শুধু argon2 হ্যাশ আকারে, কখনো পড়ার যোগ্য রূপে নয়), ইমেইল যাচাইয়ের অবস্থা ও প্রোফাইল ছবি — আপনাকে সাইন ইন করাতে এবং আপনার পরিচয় দেখাতে।',
    lawyer:
      'আইনজীবীর প্রোফাইল: বার কাউন্সিলের সনদ নম্বর, বিশেষজ্ঞতা, অভিজ্ঞতা, এলাকা, ঘণ্টাপ্রতি ফি, ফাঁকা সময় ও সনদের কাগজপত্র — যাতে ক্লায়েন্টরা আপনাকে খুঁজে পান এবং আমাদের অ্যাডমিন আপনাকে যাচাই করতে পারেন। প্রোফাইলটি সাইন-ইন করা ব্যবহারকারীরা দেখতে পান; সনদের কাগজপত্র দেখেন শুধু অ্যাডমিন।',
    cases:
      'মামলার তথ্য: আপনার মামলা, সেগুলোর অবস্থা, নোট, সময়সূচি ও মিটিং — যাতে আপনি ও আপনার আইনজীবী মামলার কাজ করতে পারেন। যে নোট আপনি ব্যক্তিগত হিসেবে চিহ্নিত করেন, তা শুধু আপনিই দেখতে পান।',
    documents:
      'মামলা বা এআই সেশনে আপলোড করা ডকুমেন্ট — মামলা বা সেশনের সঙ্গেই রাখা হয়; সার্চ করার সুবিধার জন্য এগুলোর লেখা আলাদা করে পড়ে রাখা হয়। যে ডকুমেন্ট আপনি ব্যক্তিগত হিসেবে চিহ্নিত করেন, তা শুধু আপনিই দেখতে পান।',
    messages:
      'বার্তা: আপনার আইনজীবী বা ক্লায়েন্টের সঙ্গে চ্যাট এবং এআই সহকারীর সঙ্গে আপনার কথোপকথন — যাতে ফিরে এসে আগের কথাবার্তা পান।',
    payments:
      'পেমেন্ট: টাকার পরিমাণ, অবস্থা, কোন মিটিংয়ের জন্য, কে কাকে দিয়েছেন, এবং পেমেন্ট প্রতিষ্ঠানের লেনদেন নম্বর। কার্ড নম্বর আপনি পেমেন্ট প্রতিষ্ঠানের পাতায় লেখেন; আমরা তা সংরক্ষণ করি না।',
    preferences: 'নোটিফিকেশনের পছন্দ: কোন ধরনের খবর ইমেইলে বা পুশে পেতে চান, এবং নোটিফিকেশনগুলো।',
    push: 'পুশ সাবস্ক্রিপশন: কোনো ডিভাইসে পুশ নোটিফিকেশন পাঠানোর জন্য আপনার ব্রাউজার আমাদের যে ঠিকানা দেয়। সেই ডিভাইসে পুশ বন্ধ করলে বা লগ আউট করলে এটি মুছে ফেলা হয়।',
    sessions:
      'সাইন-ইন সেশন: কোন কোন ডিভাইসে সাইন ইন করা আছে, যাতে লগ আউট বা পাসওয়ার্ড বদলালে সেগুলো সঙ্গে সঙ্গে বন্ধ করা যায়।',
    published: 'আপনার প্রকাশ করা রিভিউ ও নিবন্ধ, যা অন্য ব্যবহারকারীরা পড়তে পারেন।',
    basisTitle: 'কিসের ভিত্তিতে ব্যবহার করি: আপনার সম্মতি',
    basisText:
      'নিবন্ধনের সময় আপনি যে সম্মতি দেন, তার ভিত্তিতেই আমরা এই তথ্য প্রক্রিয়া করি, এবং শুধু ওপরের উদ্দেশ্যগুলোর জন্য: আপনার অ্যাকাউন্ট চালানো, আইনজীবীর সঙ্গে যুক্ত করা, আপনার মামলা, মিটিং, পেমেন্ট ও নোটিফিকেশন, এবং সেবাটি নিরাপদ রাখা। যেকোনো সময় আপনি সম্মতি প্রত্যাহার করতে পারেন। এই তথ্য ছাড়া সেবাটি চলতে পারে না, তাই সম্মতি প্রত্যাহার মানে অ্যাকাউন্ট মুছে ফেলা: নিচের “আপনার অধিকার” অংশে বলা উপায়ে আমাদের লিখলে আমরা তা মুছে দিই; আইন অনুযায়ী যেসব রেকর্ড রাখতে আমরা বাধ্য, যেমন পেমেন্টের রেকর্ড, তা শুধু সেই উদ্দেশ্যেই রাখা হয়।',
    deviceTitle: 'অ্যাপ আপনার ডিভাইসে যা রাখে',
    deviceIntro: 'আপনাকে সাইন ইন রাখতে এবং দুর্বল বা বিচ্ছিন্ন সংযোগেও কাজ চালাতে অ্যাপটি এই ব্রাউজারে নিচের জিনিসগুলো রাখে:',
    localStorageTitle: 'লোকাল স্টোরেজে',
    keyToken: 'আপনার সাইন-ইন চাবি',
    keyRefresh: 'পাসওয়ার্ড না চেয়েই সাইন-ইন চাবি নবায়ন করে',
    keyLoggedIn: 'আপনি সাইন ইন করা আছেন কি না',
    keyUserType: 'আপনার ভূমিকা (ক্লায়েন্ট, আইনজীবী বা অ্যাডমিন)',
    keyUserInfo: 'হেডারে দেখানোর জন্য আপনার নাম, ইমেইল ও ভূমিকা',
    keyTheme: 'লাইট বা ডার্ক থিম',
    keyLanguage: 'বাংলা বা ইংরেজি',
    keyPushDeclined: 'পুশ নোটিফিকেশনের প্রস্তাবে শেষবার কখন “এখন নয়” বলেছিলেন, যাতে অ্যাপটি এক সপ্তাহ আর জিজ্ঞেস না করে',
    offlineTitle: 'IndexedDB ও Cache Storage-এ',
    offlineText:
      'IndexedDB-এ: আপনার সাম্প্রতিক নোটিফিকেশন; আপনার খোলা চ্যাট কথোপকথন ও সেগুলোর বার্তা, পাঠানোর অপেক্ষায় থাকা বার্তাসহ; আপনার খোলা প্রতিটি পাতার সর্বশেষ কপি (ড্যাশবোর্ড, আপনার মামলা ও সেগুলোর নোট, নথির বিবরণ ও সময়সূচি), যাতে এগুলো সংযোগ ছাড়াও খোলে; এবং এই ডিভাইসে কোন অ্যাকাউন্ট সাইন ইন করা আছে ও তার স্বল্পমেয়াদি সাইন-ইন চাবি (নবায়নের চাবিটি কখনো নয়), যাতে পুশ নোটিফিকেশন সঠিক ব্যক্তির নামে জমা হয় এবং অফলাইনে লেখা বার্তা সংযোগ ফিরলে পাঠানো যায়, অ্যাপ বন্ধ থাকলেও। কোনো নথির ফাইল রাখা হয় শুধু তখনই, যখন আপনি সেটিতে “অফলাইনের জন্য সংরক্ষণ করুন” বেছে নেন। Cache Storage-এ: অ্যাপের নিজস্ব প্রোগ্রাম ফাইল, যাতে অ্যাপটি দ্রুত এবং সংযোগ ছাড়াও খোলে; এগুলোতে আপনার সম্পর্কে কিছু নেই।',
    logoutText:
      'সাইন আউট করলে সাইন-ইন চাবিগুলো সরিয়ে ফেলা হয়, IndexedDB থেকে আপনার নোটিফিকেশন, চ্যাট, না-পাঠানো বার্তা, সংরক্ষিত পাতা, অফলাইনের জন্য সংরক্ষিত নথি ও কে সাইন ইন করা আছেন সেই তথ্য মুছে যায়, এবং এই ডিভাইসে আপনার পুশ নোটিফিকেশন আসা বন্ধ হয়। থেকে যায় শুধু সেসব, যাতে আপনার সম্পর্কে কিছু নেই: থিম ও ভাষার পছন্দ, পুশ নোটিফিকেশনের প্রস্তাবে শেষবার কখন “এখন নয়” বলেছিলেন, এই ফোনে অফলাইন মোড চালু কি না ও অফলাইন কপি রাখা হয় কি না, এবং অ্যাপের প্রোগ্রাম ফাইল।',
    settingsText:
      'আপনার প্রোফাইলের “স্টোরেজ ও অফলাইন” অংশে দেখতে পাবেন অ্যাপটি এই ফোনে কী রাখে ও কত জায়গা নেয়, “অফলাইন ডেটা মুছুন” দিয়ে তা মুছতে পারবেন (পাঠানোর অপেক্ষায় থাকা বার্তাগুলো থেকে যায়, যাতে সেগুলো পাঠানো হয়), এবং “অফলাইন কপি রাখুন” বন্ধ করতে পারবেন: তখন অ্যাপটি এই ফোনে পাতা বা নথির কোনো কপি রাখে না এবং যেগুলো আছে তা মুছে ফেলে। এই পছন্দটি ফোনের, আপনার অ্যাকাউন্টের নয়, তাই সাইন আউটের পরও থাকে; এতে আপনার সম্পর্কে কিছু নেই। সাইন ইন করার পর অ্যাপটি একবার ব্রাউজারকে অনুরোধ করে, যাতে ফোনে জায়গা কমে গেলেও ব্রাউজার নিজে থেকে এর স্টোরেজ না মোছে।',
    keyOfflineMode: '“অফলাইন মোড” চালু করেছেন কি না, যা নেটওয়ার্কের অপেক্ষা না করে এই ফোনে সংরক্ষিত তথ্য দেখায়',
    removeTitle: 'কীভাবে মুছবেন',
    removeSignOut:
      'শেয়ার করা বা ধার করা ফোনে কাজ শেষে সাইন আউট করুন (মেনুতে “সাইন আউট”): তখন অ্যাপটি সেখানে আপনার সম্পর্কে কিছুই রাখে না।',
    removeClear:
      'থিম ও ভাষার পছন্দ এবং অ্যাপের ফাইলসহ সবকিছু মুছতে ব্রাউজারের সেটিংসে এই সাইটের ডেটা মুছে ফেলুন (বেশির ভাগ ব্রাউজারে সাইট সেটিংসে “ডেটা মুছুন” বা “স্টোরেজ মুছুন” নামে থাকে)। এরপর আবার সাইন ইন করতে হবে।',
    sharingTitle: 'আপনার তথ্য কারা দেখতে পান',
    sharing1:
      'আপনার আইনজীবী বা ক্লায়েন্ট দেখতে পান আপনাদের যৌথ মামলার বিষয়গুলো: শেয়ার করা নোট ও ডকুমেন্ট, বার্তা, মিটিং এবং আপনাদের মধ্যকার পেমেন্ট।',
    sharing2:
      'আমাদের অ্যাডমিন আইনজীবীদের যাচাইয়ের তথ্য দেখেন, এবং আপনার সহায়তার অনুরোধ বা অপব্যবহারের অভিযোগ নিষ্পত্তির জন্য কোনো অ্যাকাউন্ট দেখতে পারেন।',
    sharing3:
      'সেবাদাতা প্রতিষ্ঠানগুলো শুধু তাদের কাজের জন্য যতটুকু দরকার ততটুকু পায়: কার্ড পেমেন্ট প্রতিষ্ঠান (পেমেন্ট), ইমেইল সেবা (যাচাই কোড ও বিজ্ঞপ্তি), আপনার ব্রাউজারের পুশ সেবা (এনক্রিপ্ট করা পুশ নোটিফিকেশন), এবং এআই সহকারী কোনো বাইরের ল্যাঙ্গুয়েজ মডেল ব্যবহার করলে, আপনার প্রশ্ন ও উত্তরের জন্য দরকারি আইনের ধারাগুলো।',
    sharing4: 'আমরা আপনার তথ্য বিক্রি করি না, কোনো বিজ্ঞাপনও দেখাই না।',
    whereTitle: 'আপনার তথ্য কোথায় রাখা হয়',
    whereText:
      'LegalConnect-এর ডেটাবেস ও ফাইল স্টোরেজে, যেখানে শুধু এনক্রিপ্ট করা (TLS) সংযোগে পৌঁছানো যায়। কার্ডের তথ্য থাকে পেমেন্ট প্রতিষ্ঠানের কাছে। আপনার তথ্য অন্য কোনো সেবাদাতা বা দেশে সরানোর আগে আমরা এই নীতি হালনাগাদ করব।',
    retentionTitle: 'কত দিন রাখা হয়',
    retention1:
      'অ্যাকাউন্ট, মামলার তথ্য, ডকুমেন্ট ও বার্তা: যত দিন আপনার অ্যাকাউন্ট চালু থাকে। আপনি যা মুছে ফেলেন, তা সরিয়ে ফেলা হয়।',
    retention2: 'ইমেইল যাচাই ও পাসওয়ার্ড রিসেটের কোড: ১০ মিনিট।',
    retention3: 'সাইন-ইন সেশন: লগ আউট না করা পর্যন্ত, অথবা অ্যাপ শেষবার ব্যবহার করার ৩০ দিন পর পর্যন্ত।',
    retention4: 'পুশ সাবস্ক্রিপশন: সেই ডিভাইসে পুশ বন্ধ বা লগ আউট না করা পর্যন্ত।',
    retention5: 'পেমেন্টের রেকর্ড: আর্থিক রেকর্ডের জন্য আইনে যত দিন রাখার বিধান আছে, অ্যাকাউন্ট মুছে ফেলার পরেও তত দিন।',
    retention6: 'আপনার অনুরোধে অ্যাকাউন্ট মুছে ফেলা হলে বাকি সবকিছুও এর সঙ্গে মুছে যায়।',
    rightsTitle: 'আপনার অধিকার',
    rightAccess: 'জানার অধিকার: আপনার সম্পর্কে আমাদের কাছে থাকা তথ্যের একটি কপি চাইতে পারেন।',
    rightCorrection: 'সংশোধনের অধিকার: ভুল তথ্য ঠিক করিয়ে নিতে পারেন। নাম ও ছবি নিজেই প্রোফাইল থেকে বদলাতে পারেন।',
    rightErasure: 'মুছে ফেলার অধিকার: আপনার তথ্য, অথবা পুরো অ্যাকাউন্ট, মুছে ফেলতে বলতে পারেন।',
    rightPortability:
      'তথ্য স্থানান্তরের অধিকার: অন্য কোথাও নেওয়ার জন্য আপনার তথ্য একটি প্রচলিত, যন্ত্রে পাঠযোগ্য ফরম্যাটে (JSON) পেতে পারেন।',
    rightWithdraw: 'সম্মতি প্রত্যাহারের অধিকার: যেকোনো সময়, অ্যাকাউন্ট মুছে ফেলতে বলার মাধ্যমে।',
    rightsHow:
      'অ্যাপে এখনও নিজে নিজে তথ্য ডাউনলোড করার বা অ্যাকাউন্ট মুছে ফেলার ব্যবস্থা নেই। এর যেকোনো অধিকার প্রয়োগ করতে যোগাযোগ ফর্মে “গোপনীয়তা সংক্রান্ত অনুরোধ” বেছে নিন, অথবা আপনার অ্যাকাউন্টের ইমেইল ঠিকানা থেকে আমাদের লিখুন। ব্যবস্থা নেওয়ার আগে আমরা আপনার পরিচয় নিশ্চিত করি এবং অযথা দেরি না করে উত্তর দিই।',
    contactForm: 'যোগাযোগ ফর্ম',
    changesTitle: 'এই নীতির পরিবর্তন',
    changesText:
      'ওপরের তারিখটি শেষ পরিবর্তনের সময় জানায়। কোনো পরিবর্তন আপনার জন্য গুরুত্বপূর্ণ হলে, তা কার্যকর হওয়ার আগেই অ্যাপে আমরা আপনাকে জানাব।',
  },
);

type PrivacyKey = keyof typeof privacyMessages.en;

const SERVER_DATA: readonly PrivacyKey[] = [
  'account',
  'lawyer',
  'cases',
  'documents',
  'messages',
  'payments',
  'preferences',
  'push',
  'sessions',
  'published',
];

/** Every key the app keeps in localStorage, with what it is for. */
const DEVICE_KEYS: readonly { key: string; label: PrivacyKey }[] = [
  { key: STORAGE_KEYS.token, label: 'keyToken' },
  { key: STORAGE_KEYS.refreshToken, label: 'keyRefresh' },
  { key: STORAGE_KEYS.isLoggedIn, label: 'keyLoggedIn' },
  { key: STORAGE_KEYS.userType, label: 'keyUserType' },
  { key: STORAGE_KEYS.userInfo, label: 'keyUserInfo' },
  { key: STORAGE_KEYS.theme, label: 'keyTheme' },
  { key: STORAGE_KEYS.language, label: 'keyLanguage' },
  // Written by the notifications feature (features/notifications/push.ts), which this one may not import.
  { key: 'push_declined_at', label: 'keyPushDeclined' },
  { key: OFFLINE_MODE_KEY, label: 'keyOfflineMode' },
];

const RETENTION: readonly PrivacyKey[] = [
  'retention1',
  'retention2',
  'retention3',
  'retention4',
  'retention5',
  'retention6',
];
const RIGHTS: readonly PrivacyKey[] = [
  'rightAccess',
  'rightCorrection',
  'rightErasure',
  'rightPortability',
  'rightWithdraw',
];
const SHARING: readonly PrivacyKey[] = ['sharing1', 'sharing2', 'sharing3', 'sharing4'];

export function PrivacyContent() {
  const t = useT(privacyMessages);
  return (
    <>
      <p className={styles.lead}>{t('lead')}</p>

      <h2>{t('serverTitle')}</h2>
      <ul>
        {SERVER_DATA.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>

      <h2>{t('basisTitle')}</h2>
      <p>{t('basisText')}</p>

      <h2>{t('deviceTitle')}</h2>
      <p>{t('deviceIntro')}</p>
      <h3>{t('localStorageTitle')}</h3>
      <ul>
        {DEVICE_KEYS.map(({ key, label }) => (
          <li key={key}>
            <code>{key}</code> — {t(label)}
          </li>
        ))}
      </ul>
      <h3>{t('offlineTitle')}</h3>
      <p>{t('offlineText')}</p>
      <p>{t('logoutText')}</p>
      <p>{t('settingsText')}</p>
      <h3>{t('removeTitle')}</h3>
      <div className={styles.note}>
        <p>{t('removeSignOut')}</p>
        <p>{t('removeClear')}</p>
      </div>

      <h2>{t('sharingTitle')}</h2>
      <ul>
        {SHARING.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>

      <h2>{t('whereTitle')}</h2>
      <p>{t('whereText')}</p>

      <h2>{t('retentionTitle')}</h2>
      <ul>
        {RETENTION.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>

      <h2>{t('rightsTitle')}</h2>
      <ul>
        {RIGHTS.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
      <p>{t('rightsHow')}</p>
      <ul>
        <li>
          <Link to="/contact">{t('contactForm')}</Link>
        </li>
        <li>
          <a href={`mailto:${SUPPORT_EMAIL}?subject=Privacy%20request`}>{SUPPORT_EMAIL}</a>
        </li>
      </ul>

      <h2>{t('changesTitle')}</h2>
      <p>{t('changesText')}</p>
    </>
  );
}
