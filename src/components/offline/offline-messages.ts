/** English and Bangla for the offline notes and the header's network indicator. */
import { defineMessages } from '../../lib/i18n';

export const offlineMessages = defineMessages(
  {
    savedOffline: 'Offline — showing what was saved {when}',
    savedNoAnswer: 'The connection is not answering — showing what was saved {when}',
    networkOffline: 'Offline',
    networkOfflineHint: 'No internet connection. Screens you have opened before still show what was saved.',
    networkSlow: 'Slow connection',
    networkSlowHint: 'The connection is slow. Things may take longer to load.',
    savedChosen: 'Offline mode — showing what was saved {when}',
    offlineMode: 'Offline mode',
    offlineModeHint: 'Showing what this phone saved. Turn it off to load the latest.',
    offlineModeOff: 'Go online',
    needsNetwork: 'Needs an internet connection. You are offline.',
    showPhoto: 'Show photo of {name}',
  },
  {
    savedOffline: 'অফলাইন — {when} সংরক্ষিত তথ্য দেখানো হচ্ছে',
    savedNoAnswer: 'সংযোগ সাড়া দিচ্ছে না — {when} সংরক্ষিত তথ্য দেখানো হচ্ছে',
    networkOffline: 'অফলাইন',
    networkOfflineHint: 'ইন্টারনেট সংযোগ নেই। আগে খোলা পাতাগুলোতে সংরক্ষিত তথ্য দেখা যাবে।',
    networkSlow: 'ধীর সংযোগ',
    networkSlowHint: 'সংযোগ ধীর। লোড হতে সময় লাগতে পারে।',
    savedChosen: 'অফলাইন মোড — {when} সংরক্ষিত তথ্য দেখানো হচ্ছে',
    offlineMode: 'অফলাইন মোড',
    offlineModeHint: 'এই ফোনে সংরক্ষিত তথ্য দেখানো হচ্ছে। সর্বশেষ তথ্য পেতে এটি বন্ধ করুন।',
    offlineModeOff: 'অনলাইনে যান',
    needsNetwork: 'ইন্টারনেট সংযোগ প্রয়োজন। আপনি এখন অফলাইনে আছেন।',
    showPhoto: '{name}-এর ছবি দেখান',
  },
);
