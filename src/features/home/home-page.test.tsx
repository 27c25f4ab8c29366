import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LanguageProvider, type Lang, type Messages } from '../../lib/i18n';
import { writeStoredSession } from '../../lib/session/storage';
import { aboutMessages } from './about-page';
import { contactMessages } from './contact-page';
import { FEATURES, featureMessages } from './feature-cards';
import { HomePage, homeMessages } from './home-page';
import { howItWorksMessages } from './how-it-works-page';
import { formatStat } from './marketing-stats';
import { sampleChatMessages } from './sample-chat-card';
import { servicesMessages } from './services-page';

const BENGALI = /[\u0980-\u09FF]/;

function renderHome(lang: Lang, entry = '/') {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <LanguageProvider initial={lang}>
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route path="/dashboard/lawyer" element={<p>Lawyer dashboard</p>} />
        </Routes>
      </LanguageProvider>
    </MemoryRouter>,
  );
}

function signInLawyer() {
  writeStoredSession({
    token: 'token',
    refreshToken: null,
    user: {
      id: '6f1c2d3e-0000-4000-8000-000000000001',
      firstName: 'Nasrin',
      lastName: 'Akter',
      email: 'nasrin@example.com',
      role: 'LAWYER',
      emailVerified: true,
      createdAt: '2026-11-01T10:00:00+06:00',
      updatedAt: '2026-11-01T10:00:00+06:00',
    },
  });
}

function linkTo(name: string | RegExp) {
  return screen.getByRole('link', { name }).getAttribute('href');
}

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('HomePage (English)', () => {
  it('shows the hero with its calls to action for a visitor', () => {
    renderHome('en');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/verified lawyer in Bangladesh/);
    const hero = screen.getByRole('region', { name: /verified lawyer in Bangladesh/ });
    expect(within(hero).getAllByRole('link', { name: 'Find a lawyer' })[0]?.getAttribute('href')).toBe('/find-lawyer');
    expect(within(hero).getByRole('link', { name: 'Ask the AI assistant' }).getAttribute('href')).toBe('/ai-chat');
    expect(within(hero).getByRole('link', { name: 'Create free account' }).getAttribute('href')).toBe('/register');
  });

  it('shows exactly the marketing stats', () => {
    renderHome('en');
    const stats = within(screen.getByRole('list', { name: 'LegalConnect in numbers' })).getAllByRole('listitem');
    expect(stats.map((li) => li.textContent)).toEqual([
      '500+Expert lawyers',
      '10K+Cases resolved',
      '98%Client satisfaction',
    ]);
  });

  it('shows the sample chatbot card, labelled as a sample, with a cited answer', () => {
    renderHome('en');
    const card = screen.getByRole('figure', { name: /AI legal assistant Sample/ });
    expect(card.textContent).toMatch(/Section 138 of the Negotiable Instruments Act, 1881/);
    expect(card.textContent).toMatch(/not legal advice/);
    expect(within(card).getByText('Sample')).toBeTruthy();
  });

  it('shows the six feature cards, each linking to its screen', () => {
    renderHome('en');
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(6);
    const links = cards.map((card) => {
      const link = within(card).getByRole('link');
      return [link.textContent, link.getAttribute('href')];
    });
    expect(links).toEqual([
      ['AI legal guidance', '/ai-chat'],
      ['Verified lawyer network', '/find-lawyer'],
      ['Real-time chat', '/chat'],
      ['Security and privacy', '/security'],
      ['Smart scheduling', '/scheduling'],
      ['Document management', '/cases'],
    ]);
    expect(FEATURES).toHaveLength(6);
    for (const card of cards) expect(card.querySelector('svg')).not.toBeNull();
  });

  it('shows how it works and links to the full steps', () => {
    renderHome('en');
    expect(screen.getByRole('heading', { name: 'How it works' })).toBeTruthy();
    expect(linkTo(/See every step/)).toBe('/how-it-works');
  });

  it('sends a member who opens the installed app (the start URL) to their dashboard', () => {
    signInLawyer();
    renderHome('en', '/?source=home-screen');
    expect(screen.getByText('Lawyer dashboard')).toBeTruthy();
  });

  it('shows a visitor who opens the installed app the home page', () => {
    renderHome('en', '/?source=home-screen');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/verified lawyer in Bangladesh/);
  });

  it('offers the dashboard instead of registration to a signed-in member', () => {
    signInLawyer();
    renderHome('en');
    expect(screen.queryByRole('link', { name: 'Create free account' })).toBeNull();
    expect(linkTo('Go to your dashboard')).toBe('/dashboard/lawyer');
  });

  it('treats a half-written session as a visitor', () => {
    localStorage.setItem('auth_isLoggedIn', 'true');
    renderHome('en');
    expect(screen.getAllByRole('link', { name: 'Create free account' }).length).toBeGreaterThan(0);
  });
});

describe('HomePage (Bangla)', () => {
  it('renders Bangla text with the stats in Bengali digits', () => {
    renderHome('bn');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'বাংলাদেশে যাচাইকৃত আইনজীবী খুঁজুন, আজই পান আইনি প্রশ্নের উত্তর',
    );
    const stats = within(screen.getByRole('list', { name: 'সংখ্যায় LegalConnect' })).getAllByRole('listitem');
    expect(stats.map((li) => li.textContent)).toEqual([
      '৫০০+দক্ষ আইনজীবী',
      '১০ হাজার+নিষ্পত্তিকৃত মামলা',
      '৯৮%ক্লায়েন্ট সন্তুষ্টি',
    ]);
    expect(screen.getAllByRole('link', { name: 'আইনজীবী খুঁজুন' }).length).toBeGreaterThan(0);
    expect(screen.getByText('নমুনা')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(6);
  });

  it('formats stats for each language', () => {
    expect(formatStat('10K+', 'en')).toBe('10K+');
    expect(formatStat('10K+', 'bn')).toBe('১০ হাজার+');
    expect(formatStat('500+', 'bn')).toBe('৫০০+');
    expect(formatStat('98%', 'bn')).toBe('৯৮%');
  });
});

describe('home catalogues', () => {
  const catalogues: Record<string, Messages<string>> = {
    homeMessages,
    featureMessages,
    sampleChatMessages,
    aboutMessages,
    servicesMessages,
    howItWorksMessages,
    contactMessages,
  };

  const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

  it.each(Object.entries(catalogues))('%s has the same keys and placeholders in en and bn', (_name, messages) => {
    expect(Object.keys(messages.bn).sort()).toEqual(Object.keys(messages.en).sort());
    for (const [key, en] of Object.entries(messages.en)) {
      const bn = messages.bn[key] ?? '';
      expect(en.trim(), key).not.toBe('');
      expect(bn.trim(), key).not.toBe('');
      expect(placeholders(bn), key).toEqual(placeholders(en));
    }
    const bengaliShare = Object.values(messages.bn).filter((text) => BENGALI.test(text)).length;
    expect(bengaliShare / Object.keys(messages.bn).length).toBeGreaterThan(0.9);
  });
});
