/**
 * Every English string of this part of the client has a real Bangla counterpart: same keys, no
 * empty text, the same {placeholders}, and Bangla script (a copy of the English would type-check).
 */
import { describe, expect, it } from 'vitest';
import { errorMessages } from '../components/error-boundary/error-messages';
import { lawyerFactsMessages } from '../components/lawyer/lawyer-facts-messages';
import { offlineMessages } from '../components/offline/offline-messages';
import { storageMessages } from '../components/offline/storage-messages';
import { uiMessages } from '../components/ui-messages';
import { adminMessages } from '../features/admin/admin-messages';
import { bookingsMessages } from '../features/bookings/bookings-messages';
import { aiMessages } from '../features/ai/ai-messages';
import { formMessages } from '../components/form/form-messages';
import { headerMessages } from '../components/header/header-messages';
import { authMessages } from '../features/auth/auth-messages';
import { casesMessages } from '../features/cases/cases-messages';
import { dashboardMessages } from '../features/dashboard/dashboard-messages';
import { feedbackMessages } from '../features/feedback/feedback-messages';
import { callMessages } from '../features/meetings/call/call-messages';
import { meetingsMessages } from '../features/meetings/meetings-messages';
import { lawyerDashboardMessages } from '../features/lawyers/dashboard/lawyer-dashboard-messages';
import { detailsMessages } from '../features/lawyers/details/details-messages';
import { directoryMessages } from '../features/lawyers/directory/directory-messages';
import { lawyerProfileMessages } from '../features/lawyers/profile/lawyer-profile-messages';
import { profileMessages } from '../features/profile/profile-messages';
import { scheduleMessages } from '../features/schedule/schedule-messages';
import type { Messages } from '../lib/i18n';
import { appMessages } from './app-messages';

const CATALOGUES: Record<string, Messages<string>> = {
  app: appMessages,
  header: headerMessages,
  form: formMessages,
  error: errorMessages,
  auth: authMessages,
  dashboard: dashboardMessages,
  profile: profileMessages,
  ui: uiMessages,
  lawyerFacts: lawyerFactsMessages,
  lawyerProfile: lawyerProfileMessages,
  lawyerDashboard: lawyerDashboardMessages,
  directory: directoryMessages,
  details: detailsMessages,
  admin: adminMessages,
  feedback: feedbackMessages,
  cases: casesMessages,
  schedule: scheduleMessages,
  ai: aiMessages,
  meetings: meetingsMessages,
  bookings: bookingsMessages,
  call: callMessages,
  offline: offlineMessages,
  storage: storageMessages,
};

/** Texts that are the same in both languages on purpose. */
const SAME_IN_BOTH = new Set(['header.brand', 'header.switchToBangla', 'header.switchToEnglish']);

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
/** A template of placeholders and punctuation only ("{day} {month} {year}") has no words to translate. */
const hasWords = (text: string) => /\p{L}/u.test(text.replace(/\{\w+\}/g, ''));

describe.each(Object.entries(CATALOGUES))('%s catalogue', (name, messages) => {
  it('has the same keys in English and Bangla', () => {
    expect(Object.keys(messages.bn).sort()).toEqual(Object.keys(messages.en).sort());
  });

  it.each(Object.keys(messages.en))('%s is translated', (key) => {
    const en = messages.en[key] ?? '';
    const bn = messages.bn[key] ?? '';
    expect(en.trim()).not.toBe('');
    expect(bn.trim()).not.toBe('');
    expect(placeholders(bn)).toEqual(placeholders(en));
    if (!SAME_IN_BOTH.has(`${name}.${key}`) && hasWords(en)) expect(bn).toMatch(/[\u0980-\u09FF]/);
  });
});
