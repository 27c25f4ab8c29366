/**
 * The chat client's own rules: a thread keeps one copy per message (a pending copy and the server's
 * are the same message), oldest first, at most 200; the list's badges cap at 9+; the composer sends
 * on Enter, keeps Shift+Enter for new lines, and refuses more than 1000 characters with the reason;
 * signing out with unsent messages is warned about in the user's language.
 */
import 'fake-indexeddb/auto';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import type { Conversation, Message } from '../../../contract/chat';
import { LanguageProvider } from '../../lib/i18n';
import { enqueue } from '../../lib/offline/outbox';
import { CHAT_MESSAGES_KEPT, isLocalCopy, mergeMessages } from './api/chat-api';
import { CHAT_SEND, unsentWarning } from './chat-live';
import { Composer } from './composer';
import { ConversationList } from './conversation-list';

const ME = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

const message = (seq: number, extra: Partial<Message> = {}): Message => ({
  id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  conversationId: '33333333-3333-4333-8333-333333333333',
  senderId: ME,
  receiverId: OTHER,
  content: `m${seq}`,
  read: false,
  createdAt: new Date(Date.UTC(2026, 10, 24, 6, 0, seq)).toISOString(),
  seq,
  clientMessageId: null,
  ...extra,
});

describe('mergeMessages', () => {
  it('orders by seq, keeps one copy per id or clientMessageId, and a read copy stays read', () => {
    const client = '44444444-4444-4444-8444-444444444444';
    const merged = mergeMessages(
      [message(2, { read: true }), message(1)],
      [message(3, { clientMessageId: client }), message(3, { clientMessageId: client }), message(2)],
    );
    expect(merged.map((m) => [m.seq, m.read])).toEqual([
      [1, false],
      [2, true],
      [3, false],
    ]);
  });

  it('is one message per id even when only one copy carries its clientMessageId', () => {
    const client = '44444444-4444-4444-8444-444444444444';
    const merged = mergeMessages([message(1, { clientMessageId: client })], [message(1, { read: true })]);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ seq: 1, clientMessageId: client, read: true });
    expect(mergeMessages([message(1)], [message(1, { clientMessageId: client })])).toHaveLength(1);
  });

  it('never merges two senders who happen to use the same clientMessageId', () => {
    const client = '44444444-4444-4444-8444-444444444444';
    const mine = message(1, { clientMessageId: client });
    const theirs = message(2, { senderId: OTHER, receiverId: ME, clientMessageId: client });
    expect(mergeMessages([mine], [theirs]).map((m) => m.id)).toEqual([mine.id, theirs.id]);
  });

  it('the stored copy replaces a pending local copy, in either order, at its seq', () => {
    const client = '44444444-4444-4444-8444-444444444444';
    // A local copy: no server id yet (its id is its clientMessageId), placed after what was held.
    const local = message(3, { id: client, clientMessageId: client, content: 'hello' });
    expect(isLocalCopy(local)).toBe(true);
    const stored = message(5, { clientMessageId: client, content: 'hello' });
    const held = [message(1), message(2, { senderId: OTHER, receiverId: ME })];
    const others = [message(4, { senderId: OTHER, receiverId: ME }), message(6, { senderId: OTHER, receiverId: ME })];
    for (const merged of [
      mergeMessages([...held, local], [...others, stored]),
      mergeMessages([...held, stored, ...others], [local]),
      mergeMessages(held, [stored, local, ...others]),
    ]) {
      expect(merged.map((m) => [m.seq, m.id === stored.id ? 'stored' : m.id === local.id ? 'local' : 'other'])).toEqual(
        [
          [1, 'other'],
          [2, 'other'],
          [4, 'other'],
          [5, 'stored'],
          [6, 'other'],
        ],
      );
    }
  });

  it('keeps at most the newest 200', () => {
    const many = Array.from({ length: CHAT_MESSAGES_KEPT + 30 }, (_, i) => message(i + 1));
    const merged = mergeMessages([], many);
    expect(merged).toHaveLength(CHAT_MESSAGES_KEPT);
    expect(merged[0]?.seq).toBe(31);
  });
});

describe('ConversationList', () => {
  it('shows "You:" before my last message and caps a conversation badge at 9+', () => {
    const conversation: Conversation = {
      id: '33333333-3333-4333-8333-333333333333',
      otherParticipantId: OTHER,
      otherParticipantName: 'Nasrin Akter',
      otherParticipantProfilePicture: null,
      otherParticipantDeleted: false,
      latestMessage: message(4, { content: 'See you at the hearing' }),
      unreadCount: 12,
      updatedAt: new Date().toISOString(),
    };
    render(
      <LanguageProvider initial="en">
        <MemoryRouter>
          <ConversationList conversations={[conversation]} me={ME} />
        </MemoryRouter>
      </LanguageProvider>,
    );
    expect(screen.getByText('You: See you at the hearing')).toBeTruthy();
    expect(screen.getByLabelText('12 unread').textContent).toBe('9+');
    expect(screen.getByText('Just now')).toBeTruthy();
  });
});

describe('Composer', () => {
  function renderComposer(onSend = vi.fn(async () => undefined)) {
    render(
      <LanguageProvider initial="en">
        <Composer initial="Hello" onSend={onSend} />
      </LanguageProvider>,
    );
    return { onSend, box: screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement };
  }

  it('sends on Enter and clears; Shift+Enter does not send', async () => {
    const { onSend, box } = renderComposer();
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(onSend).toHaveBeenCalledWith('Hello'));
    await waitFor(() => expect(box.value).toBe(''));
  });

  it('refuses more than 1000 characters and says why', () => {
    const { onSend, box } = renderComposer();
    fireEvent.change(box, { target: { value: 'x'.repeat(1001) } });
    expect(screen.getByRole('alert').textContent).toContain('A message can be at most 1000 characters.');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
  });
});

describe('the sign-out warning about unsent messages', () => {
  it('counts the unsent chat messages of this user, in English and Bangla, and says nothing when none', async () => {
    const user = '55555555-5555-4555-8555-555555555555';
    expect(await unsentWarning(user, 'en')).toBeNull();
    const queue = (id: string, kind = CHAT_SEND) =>
      enqueue({
        userId: user,
        id,
        kind,
        payload: { receiverId: OTHER, content: id, clientMessageId: id, conversationId: null },
      });
    await queue('a1');
    expect(await unsentWarning(user, 'en')).toBe('You have 1 unsent message. Signing out deletes it from this device.');
    await queue('a2');
    await queue('a3');
    await queue('other-kind', 'test.other');
    await enqueue({ userId: ME, id: 'not-mine', kind: CHAT_SEND, payload: {} });
    expect(await unsentWarning(user, 'en')).toBe(
      'You have 3 unsent messages. Signing out deletes them from this device.',
    );
    expect(await unsentWarning(user, 'bn')).toBe(
      'আপনার ৩টি বার্তা এখনও পাঠানো হয়নি। সাইন আউট করলে সেগুলো এই ডিভাইস থেকে মুছে যাবে।',
    );
  });
});
