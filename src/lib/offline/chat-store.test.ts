/** The device's chat copy: per user, threads oldest first and capped, the inbox replaced as a whole. */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { Conversation, Message } from '../../../contract/chat';
import {
  CHAT_KEPT_PER_CONVERSATION,
  saveConversations,
  saveMessages,
  storedConversations,
  storedMessages,
} from './chat-store';
import { wipeUser } from './db';

const CONVERSATION = '33333333-3333-4333-8333-333333333333';
const message = (seq: number, read = false): Message => ({
  id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
  conversationId: CONVERSATION,
  senderId: '11111111-1111-4111-8111-111111111111',
  receiverId: '22222222-2222-4222-8222-222222222222',
  content: `m${seq}`,
  read,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString(),
  seq,
});
const conversation = (id: string, updatedAt: string): Conversation => ({
  id,
  otherParticipantId: '22222222-2222-4222-8222-222222222222',
  otherParticipantName: 'Rafiq',
  otherParticipantProfilePicture: null,
  otherParticipantDeleted: false,
  latestMessage: null,
  unreadCount: 0,
  updatedAt,
});

describe('chat store', () => {
  it('keeps a thread oldest first, the newest 200, and never unreads a read copy', async () => {
    const many = Array.from({ length: CHAT_KEPT_PER_CONVERSATION + 10 }, (_, i) => message(i + 1));
    await saveMessages('amina', many);
    await saveMessages('amina', [message(205, true)]);
    await saveMessages('amina', [message(205, false)]);
    const thread = await storedMessages('amina', CONVERSATION);
    expect(thread).toHaveLength(CHAT_KEPT_PER_CONVERSATION);
    expect(thread[0]?.seq).toBe(11);
    expect(thread.at(-1)?.seq).toBe(210);
    expect(thread.find((m) => m.seq === 205)?.read).toBe(true);
    expect(await storedMessages('bashir', CONVERSATION)).toEqual([]);
  });

  it('replaces the inbox as a whole, newest activity first, and is wiped with the user', async () => {
    await saveConversations('chanda', [conversation('c1', '2026-01-01T00:00:00.000Z')]);
    await saveConversations('chanda', [
      conversation('c2', '2026-01-02T00:00:00.000Z'),
      conversation('c3', '2026-01-03T00:00:00.000Z'),
    ]);
    expect((await storedConversations('chanda')).map((c) => c.id)).toEqual(['c3', 'c2']);
    await saveMessages('chanda', [message(1)]);
    await wipeUser('chanda');
    expect(await storedConversations('chanda')).toEqual([]);
    expect(await storedMessages('chanda', CONVERSATION)).toEqual([]);
  });
});
