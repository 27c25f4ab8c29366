/** English and Bangla for "Your data" on /profile: the download and the account deletion. */
import { defineMessages } from '../../lib/i18n';

export const dataRightsMessages = defineMessages(
  {
    title: 'Your data',
    intro:
      'Under the Personal Data Protection Ordinance 2025 you can take a copy of everything LegalConnect holds about you, and delete your account.',
    download: 'Download my data',
    downloading: 'Preparing your file…',
    downloaded: 'Your data was saved as {file}.',
    downloadFailed: 'Your data could not be downloaded.',
    downloadHint:
      'A JSON file with your profile, cases, notes, messages, payments, AI chats and more. Passwords and keys are never in it.',
    deleteTitle: 'Delete account',
    deleteIntro: 'Deleting your account cannot be undone.',
    deleteOpen: 'Delete my account…',
    dialogTitle: 'Delete your account?',
    whatGoes: 'Deleted for good',
    goesProfile: 'Your profile, photo and sign-in; a lawyer profile leaves the directory.',
    goesPrivate: 'Your private notes and private documents, your AI chats, blog posts, notifications and feedback.',
    goesDevices: 'You are signed out everywhere at once, and this device forgets your saved data.',
    whatStays: 'Kept, without your name',
    staysCases:
      'Cases you share with a lawyer or client stay in their records, with your shared notes and documents; you appear as “Deleted user”.',
    staysMessages:
      'Your messages stay in the other person’s conversation, shown as from “Deleted user”; they can no longer write to you.',
    staysPayments: 'Payment records stay for the accounts the law requires us to keep, without your name or email.',
    heldPayments:
      'A payment that is pending or held in escrow must be cancelled, released or settled first; until then the deletion is refused.',
    emailFree: 'Your email address is freed, so you can register again with it later.',
    exportFirst: 'You may want to download your data first.',
    password: 'Your password',
    confirmLabel: 'Type DELETE to confirm',
    confirmMismatch: 'Type DELETE in capital letters.',
    cancel: 'Cancel',
    confirmDelete: 'Delete my account',
    deleting: 'Deleting…',
    deleteFailed: 'Your account could not be deleted.',
  },
  {
    title: 'আপনার তথ্য',
    intro:
      'ব্যক্তিগত উপাত্ত সুরক্ষা অধ্যাদেশ ২০২৫ অনুযায়ী LegalConnect আপনার সম্পর্কে যা রাখে তার সম্পূর্ণ কপি নিতে পারেন এবং আপনার অ্যাকাউন্ট মুছে ফেলতে পারেন।',
    download: 'আমার তথ্য ডাউনলোড করুন',
    downloading: 'আপনার ফাইল তৈরি হচ্ছে…',
    downloaded: 'আপনার তথ্য {file} নামে সংরক্ষিত হয়েছে।',
    downloadFailed: 'আপনার তথ্য ডাউনলোড করা যায়নি।',
    downloadHint:
      'একটি JSON ফাইল: আপনার প্রোফাইল, মামলা, নোট, বার্তা, পেমেন্ট, এআই চ্যাট ও আরও অনেক কিছু। পাসওয়ার্ড বা চাবি এতে কখনও থাকে না।',
    deleteTitle: 'অ্যাকাউন্ট মুছুন',
    deleteIntro: 'অ্যাকাউন্ট মুছে ফেললে তা আর ফেরানো যায় না।',
    deleteOpen: 'আমার অ্যাকাউন্ট মুছুন…',
    dialogTitle: 'আপনার অ্যাকাউন্ট মুছে ফেলবেন?',
    whatGoes: 'স্থায়ীভাবে মুছে যাবে',
    goesProfile: 'আপনার প্রোফাইল, ছবি ও সাইন-ইন; আইনজীবী প্রোফাইল ডিরেক্টরি থেকে সরে যাবে।',
    goesPrivate: 'আপনার ব্যক্তিগত নোট ও ব্যক্তিগত নথি, এআই চ্যাট, ব্লগ পোস্ট, নোটিফিকেশন ও মতামত।',
    goesDevices: 'সব ডিভাইস থেকে সঙ্গে সঙ্গে সাইন আউট হবেন, আর এই ডিভাইস আপনার সংরক্ষিত তথ্য ভুলে যাবে।',
    whatStays: 'থেকে যাবে, আপনার নাম ছাড়া',
    staysCases:
      'কোনো আইনজীবী বা ক্লায়েন্টের সঙ্গে শেয়ার করা মামলা তাঁদের নথিতে থেকে যাবে, আপনার শেয়ার করা নোট ও নথিসহ; সেখানে আপনাকে “মুছে ফেলা ব্যবহারকারী” দেখাবে।',
    staysMessages:
      'আপনার বার্তাগুলো অন্যজনের কথোপকথনে থেকে যাবে, প্রেরক দেখাবে “মুছে ফেলা ব্যবহারকারী”; তাঁরা আর আপনাকে বার্তা পাঠাতে পারবেন না।',
    staysPayments: 'আইন অনুযায়ী হিসাবের জন্য পেমেন্টের রেকর্ড থেকে যাবে, আপনার নাম বা ইমেইল ছাড়া।',
    heldPayments:
      'কোনো পেমেন্ট অপেক্ষমাণ বা এসক্রোতে জমা থাকলে আগে সেটি বাতিল, ছাড় বা নিষ্পত্তি করতে হবে; ততক্ষণ অ্যাকাউন্ট মোছা যাবে না।',
    emailFree: 'আপনার ইমেইল ঠিকানা মুক্ত হবে, পরে চাইলে এটি দিয়ে আবার নিবন্ধন করতে পারবেন।',
    exportFirst: 'চাইলে আগে আপনার তথ্য ডাউনলোড করে নিন।',
    password: 'আপনার পাসওয়ার্ড',
    confirmLabel: 'নিশ্চিত করতে DELETE লিখুন',
    confirmMismatch: 'বড় হাতের অক্ষরে DELETE লিখুন।',
    cancel: 'বাতিল',
    confirmDelete: 'আমার অ্যাকাউন্ট মুছুন',
    deleting: 'মুছে ফেলা হচ্ছে…',
    deleteFailed: 'আপনার অ্যাকাউন্ট মুছে ফেলা যায়নি।',
  },
);
