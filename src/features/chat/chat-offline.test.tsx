/**
 * A thread read from the phone says so (issue 7, "a UI that tells the truth"): when the phone is
 * connected but the server does not answer, the history comes from the device's chat store and the
 * screen marks it as the saved copy (or, once the link counts as dead, as offline) — never as if it
 * were live.
 */
import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../../contract/chat';
import { renderScreen, signInForTest, testUser } from '../../app/testing';
import { saveMessages } from '../../lib/offline/chat-store';
import { ChatConversationPage } from './chat-conversation-page';

const CONVERSATION = '33333333-3333-4333-8333-333333333333';
const OTHER = '22222222-2222-4222-8222-222222222222';
const SAVED_MARKER =
  /^(Showing the messages saved on this phone — the connection is not answering\.|You are offline\. Messages you write now are sent when the connection returns\.)$/;

const saved = (seq: number, content: string): Message => ({
  id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  conversationId: CONVERSATION,
  senderId: OTHER,
  receiverId: testUser().id,
  content,
  read: true,
  createdAt: new Date(Date.UTC(2026, 10, 24, 6, 0, seq)).toISOString(),
  seq,
  clientMessageId: null,
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('a chat thread read from the phone', () => {
  it('shows the saved history with a note that it is the saved copy when the server does not answer', async () => {
    signInForTest();
    await saveMessages(testUser().id, [saved(1, 'Bring the school records on Sunday.')]);
    // Connected (navigator.onLine stays true), but no request gets an answer.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    // jsdom lays nothing out and has no scrollIntoView (the thread keeps its newest message in view).
    Element.prototype.scrollIntoView = vi.fn();
    renderScreen(`/chat/${CONVERSATION}`, <ChatConversationPage />, { route: '/chat/:id' });

    expect(await screen.findByText('Bring the school records on Sunday.')).toBeTruthy();
    const marker = await screen.findByText(SAVED_MARKER);
    expect(marker.getAttribute('role')).toBe('status');
  });
});
