import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageProvider, type Lang } from '../../lib/i18n';
import { AboutPage } from './about-page';
import { composeMailto, ContactPage, SUPPORT_EMAIL } from './contact-page';
import { HowItWorksPage } from './how-it-works-page';
import { ServicesPage } from './services-page';

const BENGALI = /[\u0980-\u09FF]/;

function renderPage(Page: ComponentType, lang: Lang) {
  return render(
    <MemoryRouter>
      <LanguageProvider initial={lang}>
        <Page />
      </LanguageProvider>
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const PAGES: [string, ComponentType, string][] = [
  ['AboutPage', AboutPage, 'About LegalConnect'],
  ['ServicesPage', ServicesPage, 'Services'],
  ['HowItWorksPage', HowItWorksPage, 'How LegalConnect works'],
  ['ContactPage', ContactPage, 'Contact us'],
];

describe.each(PAGES)('%s', (_name, Page, englishTitle) => {
  it('has one h1 in English and sets the tab title', () => {
    renderPage(Page, 'en');
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings).toHaveLength(1);
    expect(headings[0]?.textContent).toBe(englishTitle);
    expect(document.title).toBe(`${englishTitle} · LegalConnect`);
  });

  it('renders Bangla text in Bangla', () => {
    renderPage(Page, 'bn');
    const h1 = screen.getByRole('heading', { level: 1 }).textContent ?? '';
    expect(h1).toMatch(BENGALI);
    expect(h1).not.toBe(englishTitle);
  });
});

describe('HowItWorksPage', () => {
  it('has steps for clients and lawyers, admin verification and escrow released after the meeting', () => {
    renderPage(HowItWorksPage, 'en');
    expect(screen.getByRole('heading', { name: 'For clients' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'For lawyers' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Admin verification' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Payment released after the meeting' })).toBeTruthy();
    expect(screen.getAllByText(/escrow/).length).toBeGreaterThan(0);
  });
});

describe('ContactPage', () => {
  it('shows the support email, a phone link, a Dhaka office and hours in Bangladesh time', () => {
    renderPage(ContactPage, 'en');
    expect(screen.getAllByRole('link', { name: SUPPORT_EMAIL })[0]?.getAttribute('href')).toBe(
      `mailto:${SUPPORT_EMAIL}`,
    );
    expect(screen.getByRole('link', { name: /^\+880/ }).getAttribute('href')).toMatch(/^tel:\+880/);
    expect(screen.getByText(/Banani, Dhaka/)).toBeTruthy();
    expect(screen.getByText(/Asia\/Dhaka/)).toBeTruthy();
    expect(screen.getByText(/opens your email app/)).toBeTruthy();
  });

  it('shows the phone number in Bengali digits in Bangla, and dials the same number', () => {
    renderPage(ContactPage, 'bn');
    const phone = screen.getByRole('link', { name: '+৮৮০ ৯৬১০-০০০০০০' });
    expect(phone.getAttribute('href')).toBe('tel:+8809610000000');
  });

  it('asks for the missing fields instead of composing an empty email', () => {
    renderPage(ContactPage, 'en');
    fireEvent.click(screen.getByRole('button', { name: 'Open in my email app' }));
    expect(screen.getByText('Please enter your name.')).toBeTruthy();
    expect(screen.getByText('Please write your message.')).toBeTruthy();
    expect(screen.getByLabelText('Your name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Your name'));
  });

  it('composes a mailto link with subject and body and keeps it visible', () => {
    // jsdom cannot navigate to mailto: and says so on the console.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage(ContactPage, 'en');
    fireEvent.change(screen.getByLabelText('Your name'), { target: { value: 'Rahima Khatun' } });
    fireEvent.change(screen.getByLabelText('Topic'), { target: { value: 'Payment' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Where is my refund?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Open in my email app' }));
    const href = screen.getByRole('link', { name: 'Open the message in my email app' }).getAttribute('href') ?? '';
    const url = new URL(href);
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe(SUPPORT_EMAIL);
    expect(url.searchParams.get('subject')).toBe('LegalConnect: Payments');
    expect(url.searchParams.get('body')).toBe('Where is my refund?\r\n\r\nFrom: Rahima Khatun');
  });

  it('encodes Bangla text and line breaks per RFC 6068', () => {
    const href = composeMailto('a@b.bd', 'বিষয় & প্রশ্ন', 'এক\nদুই');
    expect(href.startsWith('mailto:a@b.bd?subject=')).toBe(true);
    expect(href).not.toMatch(/[ \n]/);
    expect(href.split('&')).toHaveLength(2);
    const url = new URL(href);
    expect(url.searchParams.get('subject')).toBe('বিষয় & প্রশ্ন');
    expect(url.searchParams.get('body')).toBe('এক\r\nদুই');
  });
});
