import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../contract/constants';
import { LanguageProvider, type Lang, type Messages } from '../../lib/i18n';
import { careersMessages } from './content/careers';
import { complianceMessages } from './content/compliance';
import { cookiesMessages } from './content/cookies';
import { faqMessages } from './content/faq';
import { helpMessages } from './content/help';
import { partnersMessages } from './content/partners';
import { pressMessages } from './content/press';
import { privacyMessages } from './content/privacy';
import { securityMessages } from './content/security';
import { statusMessages } from './content/status';
import { termsMessages } from './content/terms';
import { tutorialsMessages } from './content/tutorials';
import { SUPPORT_EMAIL } from './contact-emails';
import { infoLayoutMessages } from './info-layout';
import { INFO_SLUGS, InfoPage, type InfoSlug } from './info-page';

const BENGALI = /[\u0980-\u09FF]/;
const POLICIES: readonly InfoSlug[] = ['privacy', 'terms', 'cookies', 'security', 'compliance'];

function renderInfo(slug: InfoSlug, lang: Lang = 'en') {
  return render(
    <MemoryRouter>
      <LanguageProvider initial={lang}>
        <InfoPage slug={slug} />
      </LanguageProvider>
    </MemoryRouter>,
  );
}

function healthResponse(status: number, data?: object) {
  const body = data
    ? { version: 'v1', status, data, timestamp: new Date().toISOString(), path: '/v1/health' }
    : { version: 'v1', status, error: { code: status, message: 'Service unavailable' }, timestamp: '', path: '' };
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => healthResponse(200, { status: 'UP', database: 'UP', version: '0.1.0' }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('INFO_SLUGS', () => {
  it('lists the twelve footer pages once each', () => {
    expect([...INFO_SLUGS].sort()).toEqual([
      'careers',
      'compliance',
      'cookies',
      'faq',
      'help',
      'partners',
      'press',
      'privacy',
      'security',
      'status',
      'terms',
      'tutorials',
    ]);
  });
});

describe.each(INFO_SLUGS)('InfoPage %s', (slug) => {
  it('has one h1 in English, a related-pages navigation and a tab title', async () => {
    renderInfo(slug, 'en');
    const h1s = screen.getAllByRole('heading', { level: 1 });
    expect(h1s).toHaveLength(1);
    expect(h1s[0]?.textContent).toBe(infoLayoutMessages.en[slug]);
    expect(screen.getByRole('navigation', { name: 'Related pages' }).querySelectorAll('a').length).toBeGreaterThan(1);
    expect(document.title).toBe(`${infoLayoutMessages.en[slug]} · LegalConnect`);
    if (slug === 'status') await screen.findByText('Operational');
  });

  it('has one h1 in Bangla, in Bangla', async () => {
    renderInfo(slug, 'bn');
    const h1 = screen.getByRole('heading', { level: 1 }).textContent ?? '';
    expect(h1).toMatch(BENGALI);
    expect(h1).toBe(infoLayoutMessages.bn[slug]);
    expect(screen.getByRole('navigation', { name: 'সম্পর্কিত পাতা' })).toBeTruthy();
    if (slug === 'status') await screen.findByText('সচল');
  });
});

describe('last updated', () => {
  it.each(POLICIES)('%s shows November 2026', (slug) => {
    renderInfo(slug, 'en');
    const time = screen.getByText('Last updated: November 2026');
    expect(time.getAttribute('dateTime')).toBe('2026-11');
  });

  it('is in Bangla in Bangla', () => {
    renderInfo('privacy', 'bn');
    expect(screen.getByText('সর্বশেষ হালনাগাদ: নভেম্বর ২০২৬')).toBeTruthy();
  });
});

describe('privacy policy', () => {
  it('names every key kept on the device and the offline stores', () => {
    renderInfo('privacy');
    const keys = ['auth_token', 'auth_isLoggedIn', 'auth_userType', 'auth_userInfo', 'theme', 'language'];
    for (const key of [...keys, 'push_declined_at']) {
      expect(screen.getByText(key).tagName).toBe('CODE');
    }
    expect(screen.getByText(STORAGE_KEYS.refreshToken)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'In IndexedDB and Cache Storage' })).toBeTruthy();
    expect(screen.getByText(/^In IndexedDB: your recent notifications/)).toBeTruthy();
    expect(screen.getByText(/the latest copy of each screen you opened/)).toBeTruthy();
    expect(screen.getByText(/In Cache Storage: the app’s own program files/)).toBeTruthy();
    expect(
      screen.getByText(
        /When you sign out, the sign-in keys are removed, your notifications, chat, unsent messages, saved screens.* are deleted from IndexedDB/,
      ),
    ).toBeTruthy();
    expect(screen.getByText(/Personal Data Protection Ordinance 2025/)).toBeTruthy();
  });

  it('tells how to remove it today: sign out, or clear the site data in the browser', () => {
    renderInfo('privacy');
    expect(screen.getByRole('heading', { name: 'How to remove it' })).toBeTruthy();
    expect(screen.getByText(/sign out when you are done/)).toBeTruthy();
    expect(screen.getByText(/clear this site’s data in your browser settings/)).toBeTruthy();
  });

  it.each(['en', 'bn'] as const)('promises in %s no account closing the app does not have', (lang) => {
    const { container } = renderInfo('privacy', lang);
    const text = container.textContent ?? '';
    // Closing the account in the app does not exist yet.
    for (const promise of [/closing your account/i, /close your account/i]) {
      expect(text).not.toMatch(promise);
    }
    expect(text).not.toContain('অ্যাকাউন্ট বন্ধ');
  });

  it.each([
    ['en', 'Storage & offline', 'Keep offline copies', 'Clear offline data', 'Save for offline'],
    ['bn', 'স্টোরেজ ও অফলাইন', 'অফলাইন কপি রাখুন', 'অফলাইন ডেটা মুছুন', 'অফলাইনের জন্য সংরক্ষণ করুন'],
  ] as const)('in %s, describes the offline settings by the names the profile gives them', (lang, ...names) => {
    const { container } = renderInfo('privacy', lang);
    for (const name of names) expect(container.textContent).toContain(name);
    expect(screen.getByText('offlineMode').tagName).toBe('CODE');
  });

  it('sends deletion and correction requests to the support address', () => {
    renderInfo('privacy');
    expect(screen.getByText(/^Erasure: ask us to delete your data, or your whole account\./)).toBeTruthy();
    expect(screen.getByText(/^Withdrawing consent: at any time, by asking us to delete your account\./)).toBeTruthy();
    expect(screen.getByText(/does not yet let you download your data or delete your account yourself/)).toBeTruthy();
    const mail = screen.getByRole('link', { name: SUPPORT_EMAIL });
    expect(mail.getAttribute('href')).toBe(`mailto:${SUPPORT_EMAIL}?subject=Privacy%20request`);
    expect(screen.getByRole('link', { name: 'Contact form' }).getAttribute('href')).toBe('/contact');
  });

  it('lists the data subject rights and how to use them', () => {
    renderInfo('privacy');
    for (const right of ['Access', 'Correction', 'Erasure', 'Portability', 'Withdrawing consent']) {
      expect(screen.getByText(new RegExp(`^${right}:`))).toBeTruthy();
    }
    expect(screen.getByText(/on the basis of the consent you give when you register/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Where your data is kept' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'How long we keep it' })).toBeTruthy();
  });
});

describe('FAQ', () => {
  it('answers each question in a details element', () => {
    renderInfo('faq');
    const details = document.querySelectorAll('details');
    expect(details.length).toBe(8);
    for (const item of details) expect(item.querySelector('summary')?.textContent).toMatch(/\?$/);
    expect(screen.getByText('Is the AI assistant’s answer legal advice?')).toBeTruthy();
  });
});

describe('security', () => {
  it('gives the responsible disclosure address', () => {
    renderInfo('security');
    expect(screen.getByRole('link', { name: 'security@legalconnect.com.bd' }).getAttribute('href')).toBe(
      'mailto:security@legalconnect.com.bd',
    );
    expect(screen.getByText(/argon2id/)).toBeTruthy();
  });
});

describe('status', () => {
  it('asks /v1/health and shows Operational with the check time in Bangladesh time', async () => {
    renderInfo('status');
    expect(screen.getByText('Checking…')).toBeTruthy();
    expect(await screen.findByText('Operational')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/v1/health', expect.objectContaining({ cache: 'no-store' }));
    expect(screen.getByText(/^Checked at .+ \(Bangladesh time\)$/)).toBeTruthy();
    expect(screen.getByText('Server version 0.1.0')).toBeTruthy();
  });

  it('shows Unavailable when the service answers with an error', async () => {
    fetchMock.mockImplementation(async () => healthResponse(503));
    renderInfo('status');
    expect(await screen.findByText('Unavailable')).toBeTruthy();
  });

  it('shows Unavailable when the service cannot be reached while online', async () => {
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    renderInfo('status');
    expect(await screen.findByText('Unavailable')).toBeTruthy();
  });

  it('says the device is offline instead of blaming the service, and checks again when back online', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderInfo('status');
    expect(await screen.findByText('You are offline')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    onLine.mockReturnValue(true);
    fireEvent(window, new Event('online'));
    expect(await screen.findByText('Operational')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('checks again on request', async () => {
    renderInfo('status');
    await screen.findByText('Operational');
    fetchMock.mockImplementation(async () => healthResponse(503));
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(screen.getByText('Unavailable')).toBeTruthy());
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('shows the check time with Bengali digits in Bangla', async () => {
    renderInfo('status', 'bn');
    await screen.findByText('সচল');
    const line = screen.getByText(/^যাচাইয়ের সময়:/).textContent ?? '';
    expect(line).toMatch(/[০-৯]/);
    expect(line).not.toMatch(/[0-9]/);
  });
});

describe('information page catalogues', () => {
  const catalogues: Record<string, Messages<string>> = {
    infoLayoutMessages,
    helpMessages,
    faqMessages,
    tutorialsMessages,
    statusMessages,
    careersMessages,
    pressMessages,
    partnersMessages,
    privacyMessages,
    termsMessages,
    cookiesMessages,
    securityMessages,
    complianceMessages,
  };

  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

  it.each(Object.entries(catalogues))('%s has the same keys and placeholders in en and bn', (_name, messages) => {
    expect(Object.keys(messages.bn).sort()).toEqual(Object.keys(messages.en).sort());
    for (const [key, en] of Object.entries(messages.en)) {
      const bn = messages.bn[key] ?? '';
      expect(en.trim(), key).not.toBe('');
      expect(bn, key).toMatch(BENGALI);
      expect(placeholders(bn), key).toEqual(placeholders(en));
    }
  });
});
