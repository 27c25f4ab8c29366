import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider, toBengaliDigits, type Lang } from '../../lib/i18n';
import { Footer, footerMessages } from './footer';

const FOOTER_PATHS = {
  Services: ['/services', '/lawyers', '/ai-chat', '/document-management', '/scheduling'],
  Support: ['/help', '/contact', '/faq', '/tutorials', '/status'],
  Company: ['/about', '/careers', '/press', '/partners', '/blog'],
  Legal: ['/privacy', '/terms', '/cookies', '/security', '/compliance'],
};

function renderFooter(lang: Lang) {
  return render(
    <MemoryRouter>
      <LanguageProvider initial={lang}>
        <Footer />
      </LanguageProvider>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Footer', () => {
  it('is a footer landmark with the brand and its description', () => {
    renderFooter('en');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'LegalConnect' }).getAttribute('href')).toBe('/');
    expect(
      within(footer).getByText(
        'AI-powered legal assistance, finding lawyers, document management and appointment booking',
      ),
    ).toBeTruthy();
  });

  it('has one named navigation per group, covering exactly the footer paths', () => {
    renderFooter('en');
    for (const [group, paths] of Object.entries(FOOTER_PATHS)) {
      const nav = screen.getByRole('navigation', { name: group });
      const hrefs = within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href'));
      expect(hrefs).toEqual(paths);
    }
    const all = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(all.filter((href) => href !== '/').sort()).toEqual(Object.values(FOOTER_PATHS).flat().sort());
  });

  it('shows the current year and the all-rights-reserved line', () => {
    const year = new Date().getFullYear();
    renderFooter('en');
    expect(screen.getByText(`© ${year} LegalConnect. All rights reserved.`)).toBeTruthy();
  });

  it('takes the year from the clock, not from the build', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-01T00:00:00Z'));
    renderFooter('en');
    expect(screen.getByText('© 2031 LegalConnect. All rights reserved.')).toBeTruthy();
  });

  it('renders Bangla, with the year in Bengali digits', () => {
    const year = new Date().getFullYear();
    renderFooter('bn');
    expect(screen.getByText(`© ${toBengaliDigits(String(year))} LegalConnect। সর্বস্বত্ব সংরক্ষিত।`)).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'আইনি তথ্য' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'গোপনীয়তা নীতি' }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByRole('link', { name: 'আইনজীবী খুঁজুন' }).getAttribute('href')).toBe('/lawyers');
  });

  it('has the same keys in the en and bn catalogues', () => {
    expect(Object.keys(footerMessages.bn).sort()).toEqual(Object.keys(footerMessages.en).sort());
  });
});
