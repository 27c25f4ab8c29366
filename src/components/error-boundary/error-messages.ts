/** docs/product.md §2 error boundary texts (contract/error-boundary.ts) with their Bangla. */
import { ErrorBoundaryMessages } from '../../../contract/error-boundary';
import { defineMessages } from '../../lib/i18n';

export const errorMessages = defineMessages(
  {
    title: ErrorBoundaryMessages.title,
    body: ErrorBoundaryMessages.body,
    tryAgain: ErrorBoundaryMessages.tryAgain,
    reload: ErrorBoundaryMessages.reload,
  },
  {
    title: 'কিছু একটা ভুল হয়েছে',
    body: 'একটি অপ্রত্যাশিত ত্রুটি ঘটেছে। অনুগ্রহ করে আবার চেষ্টা করুন।',
    tryAgain: 'আবার চেষ্টা করুন',
    reload: 'পৃষ্ঠাটি আবার লোড করুন',
  },
);
