import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AiChatResponse, AiChatSource, AiHistory, AiSearchResult, AiSessionDocument } from '../../../contract/ai';
import { fakeServer, renderScreen, signInForTest, testUser } from '../../app/testing';
import { aiMessages } from './ai-messages';
import { AiChatPage, AiChatSessionPage } from './ai-chat-page';
import { ChatHistoryPage } from './chat-history-page';
import { DocumentSearchPage } from './document-search-page';
import { precheckFile, textWarning } from './documents-panel';
import { answerParts, snippetParts } from './snippet';

afterEach(() => vi.unstubAllGlobals());

const SESSION = '3f2b8c1e-5d4a-4b6c-9e7f-1a2b3c4d5e6f';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function source(overrides: Partial<AiChatSource> = {}): AiChatSource {
  return {
    id: 'act-1256#3',
    document_name: 'যৌতুক নিরোধ আইন, ২০১৮',
    filename: null,
    page_number: null,
    similarity_score: 1,
    act_id: 1256,
    act_title: 'যৌতুক নিরোধ আইন, ২০১৮',
    section: '৩',
    heading: 'যৌতুক দাবির দণ্ড',
    text: 'কোনো ব্যক্তি যৌতুক দাবি করিলে তিনি অনধিক ৫ বৎসর কারাদণ্ডে দণ্ডিত হইবেন।',
    url: 'http://bdlaws.minlaw.gov.bd/act-details-1256.html',
    language: 'bn',
    status: 'in_force',
    replaced_by: null,
    status_note: null,
    ...overrides,
  };
}

const ANSWER_TEXT = [
  'আপনার প্রশ্নের সঙ্গে সবচেয়ে প্রাসঙ্গিক আইনের ধারাগুলো:',
  '',
  '[1] যৌতুক নিরোধ আইন, ২০১৮, ধারা ৩: “কোনো ব্যক্তি যৌতুক দাবি করিলে …”',
  '',
  'এ বিষয়ে পারিবারিক আইন বিষয়ে অভিজ্ঞ আইনজীবী খুঁজুন: /find-lawyer?spec=FAMILY_LAW',
  'এটি বাংলাদেশের আইন থেকে সাধারণ আইনি তথ্য, আইনি পরামর্শ নয়।',
].join('\n');

function chatAnswer(overrides: Partial<AiChatResponse> = {}): AiChatResponse {
  return {
    response: ANSWER_TEXT,
    session_id: SESSION,
    sources: [source()],
    metadata: {
      language: 'bn',
      found: true,
      specializations: ['FAMILY_LAW', 'CRIMINAL_LAW'],
      find_lawyer_url: '/find-lawyer?spec=FAMILY_LAW',
      generator: 'extractive',
    },
    ...overrides,
  };
}

function history(messages: AiHistory['messages']): AiHistory {
  return {
    session_id: SESSION,
    session_info: {
      id: SESSION,
      session_id: SESSION,
      user_id: testUser().id,
      title: 'যৌতুক',
      created_at: '2026-11-20T10:00:00Z',
      updated_at: '2026-11-20T10:00:00Z',
      message_count: messages.length,
    },
    messages,
    total_messages: messages.length,
  };
}

describe('AiChatPage', () => {
  it('asks in Bangla and moves to the new session with the answer', async () => {
    signInForTest('USER');
    const calls = fakeServer((call) => {
      if (call.path === '/ai/v1/chat') return json(200, chatAnswer());
      if (call.path === `/ai/v1/sessions/${SESSION}/documents`)
        return json(200, { session_id: SESSION, documents: [] });
      return json(404, { detail: 'Not found' });
    });
    renderScreen('/ai-chat', <AiChatPage />);
    fireEvent.change(screen.getByLabelText('Your question'), { target: { value: 'যৌতুক চাইলে শাস্তি কী?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));

    // The answer moves the address to the new session.
    await waitFor(() => expect(screen.getByTestId('landed').textContent).toBe(`/ai-chat/${SESSION}`));
    const chat = calls.find((c) => c.path === '/ai/v1/chat');
    expect(chat?.method).toBe('POST');
    expect(chat?.body).toEqual({ message: 'যৌতুক চাইলে শাস্তি কী?', context_limit: 8 });
    expect(chat?.authorization).toBe('Bearer access-token');
  });

  it('renders an answer from the history: citation link, section text behind a disclosure, chips', async () => {
    signInForTest('USER');
    fakeServer((call) => {
      if (call.path === `/ai/v1/sessions/${SESSION}/history`) {
        return json(
          200,
          history([
            {
              id: 'q1',
              role: 'user',
              content: 'যৌতুক চাইলে শাস্তি কী?',
              metadata: {},
              created_at: '2026-11-20T10:00:00Z',
            },
            {
              id: 'a1',
              role: 'assistant',
              content: ANSWER_TEXT,
              metadata: { sources: chatAnswer().sources, answer: chatAnswer().metadata },
              created_at: '2026-11-20T10:00:01Z',
            },
          ]),
        );
      }
      if (call.path === `/ai/v1/sessions/${SESSION}/documents`)
        return json(200, { session_id: SESSION, documents: [] });
      return json(404, { detail: 'Not found' });
    });
    renderScreen(`/ai-chat/${SESSION}`, <AiChatSessionPage />, { route: '/ai-chat/:sessionId' });
    expect(await screen.findByRole('heading', { level: 1, name: 'যৌতুক' })).toBeTruthy();
    const cite = screen.getByRole('link', { name: '[1]' });
    expect(cite.getAttribute('href')).toBe('#src-a1-1');
    const card = screen.getByRole('article', { name: 'যৌতুক নিরোধ আইন, ২০১৮, section ৩' });
    const summary = within(card).getByText('Show the section text');
    const details = summary.closest('details');
    expect(details?.open).toBe(false);
    fireEvent.click(summary);
    expect(details?.open).toBe(true);
    expect(within(card).getByText(/অনধিক ৫ বৎসর/)).toBeTruthy();
    const official = within(card).getByRole('link', { name: /Official text of/ });
    expect(official.getAttribute('href')).toBe('http://bdlaws.minlaw.gov.bd/act-details-1256.html');
    expect(official.getAttribute('rel')).toBe('noopener noreferrer');
    const chips = screen.getByRole('navigation', { name: 'Lawyers for this' });
    expect(within(chips).getByRole('link', { name: 'Find a Family Law lawyer' }).getAttribute('href')).toBe(
      '/find-lawyer?spec=FAMILY_LAW',
    );
    expect(screen.getAllByText(/আইনি পরামর্শ নয়/).length).toBeGreaterThan(0);
  });

  it('says when a law was replaced, and when nothing relevant was found', async () => {
    signInForTest('USER');
    const repealed = source({
      id: 'act-1261#25',
      act_id: 1261,
      act_title: 'Digital Security Act, 2018',
      section: '25',
      heading: '',
      language: 'en',
      status: 'repealed',
      replaced_by: 1538,
      status_note: 'Repealed by the Cyber Security Act 2023, itself replaced by the Cyber Suraksha Ordinance 2025.',
    });
    fakeServer((call) => {
      if (call.path.endsWith('/history')) {
        return json(
          200,
          history([
            {
              id: 'a1',
              role: 'assistant',
              content: 'Sections:\n[1] Digital Security Act, 2018, section 25\n\nNot legal advice.',
              metadata: { sources: [repealed], answer: { ...chatAnswer().metadata, language: 'en' } },
              created_at: '2026-11-20T10:00:01Z',
            },
            {
              id: 'a2',
              role: 'assistant',
              content: 'I could not find a section.\n\nNot legal advice.',
              metadata: { sources: [], answer: { ...chatAnswer().metadata, found: false, language: 'en' } },
              created_at: '2026-11-20T10:00:02Z',
            },
          ]),
        );
      }
      return json(200, { session_id: SESSION, documents: [] });
    });
    renderScreen(`/ai-chat/${SESSION}`, <AiChatSessionPage />, { route: '/ai-chat/:sessionId' });
    expect(await screen.findByText(/Cyber Suraksha Ordinance 2025/)).toBeTruthy();
    expect(screen.getByText('No longer in force.')).toBeTruthy();
    expect(screen.getByText('Nothing relevant found')).toBeTruthy();
  });

  it("says a chat that is not the user's does not exist", async () => {
    signInForTest('USER');
    fakeServer(() => json(404, { detail: 'Chat session not found' }));
    renderScreen(`/ai-chat/${SESSION}`, <AiChatSessionPage />, { route: '/ai-chat/:sessionId' });
    expect(await screen.findByText(aiMessages.en.sessionMissing)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start a new chat' }).getAttribute('href')).toBe('/ai-chat');
  });

  it('writes section numbers in Bengali digits in a Bangla interface (issue 20)', async () => {
    signInForTest('USER');
    const theft = source({
      id: 'act-11#379',
      act_id: 11,
      act_title: 'The Penal Code, 1860',
      section: '379',
      heading: 'Punishment for theft',
      language: 'en',
    });
    fakeServer((call) =>
      call.path.endsWith('/history')
        ? json(
            200,
            history([
              {
                id: 'a1',
                role: 'assistant',
                content: 'চুরির শাস্তি (The Penal Code, 1860, ধারা ৩৭৯) [1]',
                metadata: { sources: [theft], answer: chatAnswer().metadata },
                created_at: '2026-11-20T10:00:01Z',
              },
            ]),
          )
        : json(200, { session_id: SESSION, documents: [] }),
    );
    renderScreen(`/ai-chat/${SESSION}`, <AiChatSessionPage />, { route: '/ai-chat/:sessionId', lang: 'bn' });
    expect(await screen.findByText('The Penal Code, 1860, ধারা ৩৭৯')).toBeTruthy();
    expect(screen.queryByText(/ধারা 379/)).toBeNull();
  });

  it('shows a Bijoy warning for an attached document whose text cannot be read', async () => {
    signInForTest('USER');
    const bijoy: AiSessionDocument = {
      document_id: 'd1',
      session_id: SESSION,
      filename: 'order.pdf',
      content_type: 'application/pdf',
      size: 2048,
      text_status: 'UNSEARCHABLE_ENCODING',
      created_at: '2026-11-20T10:00:00Z',
    };
    fakeServer((call) =>
      call.path.endsWith('/history') ? json(200, history([])) : json(200, { session_id: SESSION, documents: [bijoy] }),
    );
    renderScreen(`/ai-chat/${SESSION}`, <AiChatSessionPage />, { route: '/ai-chat/:sessionId', lang: 'bn' });
    expect(await screen.findByText(/বিজয় ফন্ট/)).toBeTruthy();
  });
});

describe('ChatHistoryPage', () => {
  const sessions = (titles: string[]) => ({
    user_id: testUser().id,
    sessions: titles.map((title, i) => ({
      session_id: `session_1700000000_${i}abc`,
      user_id: testUser().id,
      title,
      created_at: '2026-11-20T10:00:00Z',
      updated_at: '2026-11-20T10:00:00Z',
      message_count: 2,
    })),
    total_sessions: titles.length,
  });

  it('lists, renames and deletes (after confirming) my chats', async () => {
    signInForTest('USER');
    let titles = ['Dowry', 'Tenancy'];
    const calls = fakeServer((call) => {
      if (call.method === 'PATCH') {
        titles = ['Dowry question', 'Tenancy'];
        return json(200, sessions(titles).sessions[0]);
      }
      if (call.method === 'DELETE') {
        titles = ['Dowry question'];
        return json(200, { session_id: 'session_1700000000_1abc', message: 'Session deleted' });
      }
      return json(200, sessions(titles));
    });
    renderScreen('/chat-history', <ChatHistoryPage />);
    const open = await screen.findByRole('link', { name: 'Dowry' });
    expect(open.getAttribute('href')).toBe('/ai-chat/session_1700000000_0abc');
    expect(calls[0]?.path).toBe(`/ai/v1/users/${testUser().id}/sessions`);
    expect(calls[0]?.query).toEqual({ limit: '100' });

    fireEvent.click(screen.getByRole('button', { name: 'Rename “Dowry”' }));
    fireEvent.change(screen.getByLabelText('New name'), { target: { value: 'Dowry question' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('link', { name: 'Dowry question' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ title: 'Dowry question' });

    fireEvent.click(screen.getByRole('button', { name: 'Delete “Tenancy”' }));
    const dialog = screen.getByRole('alertdialog');
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Tenancy' })).toBeNull());
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/ai/v1/sessions/session_1700000000_1abc');
  });
});

describe('DocumentSearchPage', () => {
  const result = (overrides: Partial<AiSearchResult> = {}): AiSearchResult => ({
    id: 'act-748#18',
    source: 'law',
    score: 1,
    text: 'The tenant shall pay the rent.',
    snippet: 'The <mark>tenant</mark> shall pay &lt;img src=x onerror=alert(1)&gt; the rent.',
    document_name: 'Premises Rent Control Act, 1991',
    title: 'Premises Rent Control Act, 1991',
    heading: 'Payment of rent',
    act_id: 748,
    section: '18',
    url: 'http://bdlaws.minlaw.gov.bd/act-details-748.html',
    language: 'en',
    status: 'in_force',
    replaced_by: null,
    status_note: null,
    document_id: null,
    case_id: null,
    ...overrides,
  });

  it('searches with the filters in the address and marks matches without rendering HTML', async () => {
    signInForTest('USER');
    const calls = fakeServer(() =>
      json(200, {
        results: [
          result(),
          result({
            id: 'doc-1#0',
            source: 'document',
            title: 'Lease deed',
            snippet: 'Lease with the <mark>tenant</mark>',
            act_id: null,
            section: null,
            url: null,
            language: null,
            status: null,
            document_id: '1',
            case_id: 'c1',
          }),
        ],
        query: 'tenant',
        total_found: 2,
      }),
    );
    const { container } = renderScreen('/document-search?q=tenant&scope=all&lang=en', <DocumentSearchPage />);
    expect(await screen.findByRole('heading', { name: 'Premises Rent Control Act, 1991, section 18' })).toBeTruthy();
    expect(calls[0]?.body).toEqual({ query: 'tenant', scope: 'all', language: 'en', top_k: 20, threshold: 0 });
    const marks = [...container.querySelectorAll('mark')].map((m) => m.textContent);
    expect(marks).toEqual(['tenant', 'tenant']);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText(/<img src=x onerror=alert\(1\)>/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the case' }).getAttribute('href')).toBe('/case/c1?tab=documents');

    fireEvent.click(screen.getByRole('button', { name: 'Only this Act' }));
    await waitFor(() => expect(calls.length).toBe(2));
    expect(calls[1]?.body).toMatchObject({ query: 'tenant', scope: 'laws', act_id: 748 });
    expect(screen.getByText('Only Premises Rent Control Act, 1991')).toBeTruthy();
  });

  it('does not search without words', () => {
    signInForTest('USER');
    const calls = fakeServer(() => json(500, {}));
    renderScreen('/document-search', <DocumentSearchPage />);
    expect(screen.getByRole('search')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});

describe('helpers', () => {
  it('splits snippets into text and marks, decoding entities', () => {
    expect(snippetParts('a &amp; <mark>b&lt;</mark> c')).toEqual([
      { text: 'a & ', match: false },
      { text: 'b<', match: true },
      { text: ' c', match: false },
    ]);
  });

  it('finds citation markers and the directory link in an answer line', () => {
    expect(answerParts('Dowry [1][2]: /find-lawyer?spec=FAMILY_LAW')).toEqual([
      { kind: 'text', text: 'Dowry ' },
      { kind: 'cite', n: 1 },
      { kind: 'cite', n: 2 },
      { kind: 'text', text: ': ' },
      { kind: 'lawyers', href: '/find-lawyer?spec=FAMILY_LAW' },
    ]);
  });

  it('checks a file on the phone and words the text warnings', () => {
    const t = (key: keyof typeof aiMessages.en, vars?: Record<string, string | number>) =>
      aiMessages.en[key].replace('{name}', String(vars?.name ?? ''));
    expect(precheckFile(new File(['x'], 'a.png'), t)).toBe('Attach a PDF, DOCX or TXT file.');
    expect(precheckFile(new File(['x'], 'a.pdf'), t)).toBeNull();
    const doc = {
      document_id: 'd',
      session_id: SESSION,
      filename: 'a.pdf',
      content_type: 'application/pdf',
      size: 1,
      created_at: '',
    };
    expect(textWarning({ ...doc, text_status: 'UNSEARCHABLE_ENCODING' }, t)).toMatch(/Bijoy font/);
    expect(textWarning({ ...doc, text_status: 'EXTRACTED' }, t)).toBeNull();
  });
});
