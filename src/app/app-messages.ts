/** English and Bangla for the app shell: layout, loading and 404. */
import { defineMessages } from '../lib/i18n';

export const appMessages = defineMessages(
  {
    skipToContent: 'Skip to main content',
    loading: 'Loading…',
    notFoundTitle: 'Page not found',
    notFoundBody: 'We could not find the page you asked for. It may have moved, or the address may be mistyped.',
    notFoundHome: 'Go to the home page',
  },
  {
    skipToContent: 'মূল অংশে যান',
    loading: 'লোড হচ্ছে…',
    notFoundTitle: 'পৃষ্ঠাটি পাওয়া যায়নি',
    notFoundBody: 'আপনি যে পৃষ্ঠাটি চেয়েছেন তা খুঁজে পাওয়া যায়নি। এটি সরানো হয়ে থাকতে পারে, অথবা ঠিকানায় ভুল থাকতে পারে।',
    notFoundHome: 'হোম পৃষ্ঠায় যান',
  },
);
