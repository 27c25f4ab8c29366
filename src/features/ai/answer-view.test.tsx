/**
 * The answer as a reader meets it (issue 21): the lead first, at most three cited sections each with
 * its most relevant sentence marked and the rest folded behind an expand button, and the lawyer
 * hand-off as a button into the directory filtered by one specialization — in English and Bangla,
 * never a raw address in the text.
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AiChatSource, AiHistory } from '../../../contract/ai';
import { fakeServer, renderScreen, signInForTest, testUser } from '../../app/testing';
import { AiChatSessionPage } from './ai-chat-page';
import { highlightRange } from './answer-view';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const SESSION = '3f2b8c1e-5d4a-4b6c-9e7f-1a2b3c4d5e6f';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const THEFT_379 =
  'Whoever commits theft shall be punished with imprisonment of either description for a term which may extend to three years, or with fine, or with both.';

function law(n: number, overrides: Partial<AiChatSource>): AiChatSource {
  return {
    id: `act-11#${n}`,
    document_name: 'The Penal Code, 1860',
    filename: null,
    page_number: null,
    similarity_score: 1,
    act_id: 11,
    act_title: 'The Penal Code, 1860',
    section: String(n),
    heading: '',
    text: '',
    url: 'http://bdlaws.minlaw.gov.bd/act-details-11.html',
    language: 'en',
    status: 'in_force',
    replaced_by: null,
    status_note: null,
    ...overrides,
  };
}

const SOURCES: AiChatSource[] = [
  law(379, {
    heading: 'Punishment for theft',
    text: `379. ${THEFT_379}`,
    highlight: THEFT_379,
    highlight_start: 5,
  }),
  law(378, {
    heading: 'Theft',
    text: 'Whoever, intending to take dishonestly any movable property out of the possession of any person without that person’s consent, moves that property in order to such taking, is said to commit theft. Explanation 1.—A thing so long as it is attached to the earth, not being movable property, is not the subject of theft.',
    highlight:
      'Whoever, intending to take dishonestly any movable property out of the possession of any person without that person’s consent, moves that property in order to such taking, is said to commit theft.',
    highlight_start: 0,
  }),
  law(380, { heading: 'Theft in dwelling house, etc.', text: 'Whoever commits theft in any building …' }),
  law(381, { heading: 'Theft by clerk or servant', text: 'Whoever, being a clerk or servant …' }),
];

const LEAD =
  'Theft is punished with imprisonment of up to three years, a fine, or both (Penal Code, 1860, section 379) [1].';
const RESPONSE = [
  LEAD,
  '',
  'Where the law says so:',
  `[1] The Penal Code, 1860, section 379 (Punishment for theft): “${THEFT_379}”`,
  '',
  'A lawyer practising Criminal Law can help with your situation.',
  'This is general legal information from the laws of Bangladesh, not legal advice. For your situation, consult a lawyer.',
].join('\n');

function answerHistory(): AiHistory {
  const messages: AiHistory['messages'] = [
    {
      id: 'q1',
      role: 'user',
      content: 'What is the punishment for theft?',
      metadata: {},
      created_at: '2026-11-28T10:00:00Z',
    },
    {
      id: 'a1',
      role: 'assistant',
      content: RESPONSE,
      metadata: {
        sources: SOURCES,
        answer: {
          language: 'en',
          found: true,
          specializations: ['CRIMINAL_LAW'],
          find_lawyer_url: '/find-lawyer?spec=CRIMINAL_LAW',
          generator: 'extractive',
          lead: LEAD,
          intent: 'punishment',
          lawyer: { specialization: 'CRIMINAL_LAW', label: 'Find a Criminal Law lawyer' },
        },
      },
      created_at: '2026-11-28T10:00:01Z',
    },
  ];
  const session = {
    id: SESSION,
    session_id: SESSION,
    user_id: testUser().id,
    title: 'Theft',
    created_at: '2026-11-28T10:00:00Z',
    updated_at: '2026-11-28T10:00:01Z',
    message_count: 2,
  };
  return { session_id: SESSION, session_info: session, messages, total_messages: 2 };
}

function serveAnswer() {
  signInForTest('USER');
  fakeServer((call) => {
    if (call.path.endsWith('/history')) return json(200, answerHistory());
    return json(200, { session_id: SESSION, documents: [] });
  });
}

describe('an answer with a lead', () => {
  it('reads the lead first, then at most three sections, each with its key sentence marked and the rest folded', async () => {
    serveAnswer();
    const { container } = renderScreen(`/ai-chat/${SESSION}`, <AiChatSessionPage />, { route: '/ai-chat/:sessionId' });
    const lead = await screen.findByText(/Theft is punished with imprisonment of up to three years/);
    const answer = lead.closest('.ai-answer');
    expect(answer).not.toBeNull();
    // The lead is the answer's first paragraph; the quoted list of the plain text is not repeated.
    expect(answer?.querySelector('p')).toBe(lead);
    expect(within(answer as HTMLElement).queryByText(/Where the law says so/)).toBeNull();
    expect(within(lead).getByRole('link', { name: '[1]' }).getAttribute('href')).toBe('#src-a1-1');

    const sources = screen.getByRole('region', { name: 'Sources' });
    const cards = within(sources).getAllByRole('article');
    expect(cards).toHaveLength(3);
    expect(cards[0]?.getAttribute('aria-label')).toBe('The Penal Code, 1860, section 379');

    // Section 378: the definition sentence is marked, its explanation folded until asked for.
    const definition = cards[1] as HTMLElement;
    expect(definition.querySelector('mark')?.textContent).toMatch(/^Whoever, intending to take dishonestly/);
    expect(within(definition).queryByText(/Explanation 1/)).toBeNull();
    const expand = within(definition).getByRole('button', { name: 'Show the whole section' });
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(expand);
    const fold = within(definition).getByRole('button', { name: 'Show less' });
    expect(fold.getAttribute('aria-expanded')).toBe('true');
    expect(within(definition).getByText(/Explanation 1/)).toBeTruthy();
    expect(definition.querySelector('mark')?.textContent).toMatch(/is said to commit theft\.$/);
    expect(document.getElementById(fold.getAttribute('aria-controls') ?? '-')).not.toBeNull();

    // The lawyer hand-off is one button to the filtered directory, and no address is ever shown.
    const lawyer = screen.getByRole('link', { name: 'Find a Criminal Law lawyer' });
    expect(lawyer.getAttribute('href')).toBe('/find-lawyer?spec=CRIMINAL_LAW');
    expect(lawyer.className).toMatch(/MuiButton/);
    expect(container.textContent).not.toMatch(/\/find-lawyer|https?:\/\//);
    expect(within(answer as HTMLElement).getByText(/not legal advice/)).toBeTruthy();
  });

  it('speaks Bangla with Bengali digits on a Bangla screen', async () => {
    serveAnswer();
    renderScreen(`/ai-chat/${SESSION}`, <AiChatSessionPage />, { route: '/ai-chat/:sessionId', lang: 'bn' });
    await screen.findByText(/Theft is punished with imprisonment/);
    expect(screen.getByRole('article', { name: 'The Penal Code, 1860, ধারা ৩৭৯' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'পুরো ধারাটি দেখুন' }).length).toBeGreaterThan(0);
    const lawyer = screen.getByRole('link', { name: 'ফৌজদারি আইন বিষয়ের আইনজীবী খুঁজুন' });
    expect(lawyer.getAttribute('href')).toBe('/find-lawyer?spec=CRIMINAL_LAW');
  });
});

describe('highlightRange', () => {
  it('uses the offset the server sent, falls back to finding the sentence, and gives up when absent', () => {
    expect(highlightRange({ text: 'ab. cd.', highlight: 'cd.', highlight_start: 4 })).toEqual({ start: 4, end: 7 });
    expect(highlightRange({ text: 'ab. cd.', highlight: 'cd.', highlight_start: 0 })).toEqual({ start: 4, end: 7 });
    expect(highlightRange({ text: 'ab. cd.', highlight: 'xy.' })).toBeNull();
    expect(highlightRange({ text: 'ab. cd.' })).toBeNull();
  });
});
