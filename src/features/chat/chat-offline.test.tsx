/**
 * A thread tells the truth about what can be done with it. Read from the phone (issue 7): when the
 * phone is connected but the server does not answer, the history comes from the device's chat store
 * and the screen marks it as the saved copy (or, once the link counts as dead, as offline) — never as
 * if it were live. With someone who deleted their account (issue 11, data rights): the history is
 * there, and in place of the composer a note says why nothing more can be sent.
 */
import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, Message } from '../../../contract/chat';
import { DELETED_USER_NAME } from '../../../contract/data-rights';
import { envelope, fakeApi, renderScreen, signInForTest, testUser } from '../../app/testing';
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

describe('a chat thread with someone who deleted their account', () => {
  it('shows the history and, in place of the composer, why nothing more can be sent (in Bangla too)', async () => {
    signInForTest();
    const conversation: Conversation = {
      id: CONVERSATION,
      otherParticipantId: OTHER,
      otherParticipantName: `${DELETED_USER_NAME.firstName} ${DELETED_USER_NAME.lastName}`,
      otherParticipantProfilePicture: null,
      otherParticipantDeleted: true,
      latestMessage: saved(1, 'Thank you for everything.'),
      unreadCount: 0,
      updatedAt: new Date().toISOString(),
    };
    fakeApi(({ path }) =>
      path.endsWith('/messages')
        ? envelope(200, { data: { messages: [saved(1, 'Thank you for everything.')] } })
        : path.endsWith('/chat/conversations')
          ? envelope(200, { data: { conversations: [conversation] } })
          : envelope(200, { data: { count: 0 } }),
    );
    Element.prototype.scrollIntoView = vi.fn();
    const view = renderScreen(`/chat/${CONVERSATION}`, <ChatConversationPage />, { route: '/chat/:id' });

    expect(await screen.findByText('Thank you for everything.')).toBeTruthy();
    const note = await screen.findByText(
      'This person has deleted their account. You can still read this conversation, but new messages cannot be sent.',
    );
    expect(note.getAttribute('role')).toBe('note');
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    view.unmount();

    localStorage.setItem('language', 'bn');
    renderScreen(`/chat/${CONVERSATION}`, <ChatConversationPage />, { route: '/chat/:id', lang: 'bn' });
    expect(await screen.findByText(/এই ব্যক্তি তাঁর অ্যাকাউন্ট মুছে ফেলেছেন।/)).toBeTruthy();
  });
});
