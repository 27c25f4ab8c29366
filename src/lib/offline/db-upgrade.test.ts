/**
 * Versions 4 and 5 of the device database add `responses` and `files` and keep everything a phone already holds:
 * a database written by the version-3 app (notifications, who is signed in, the outbox, chat) opens
 * with every record intact. Its own file: the database must be created at version 3 before the
 * app's code ever opens it.
 */
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { currentUser, DB_NAME, DB_VERSION, offlineDb } from './db';
import { storedConversations } from './chat-store';
import { storedNotifications } from './notifications-store';
import { saveResponse, storedResponse } from './responses-store';

/** The database exactly as the version-3 app created and filled it. */
async function createVersion3(): Promise<void> {
  const db = await openDB(DB_NAME, 3, {
    upgrade(database) {
      const notifications = database.createObjectStore('notifications', { keyPath: ['userId', 'id'] });
      notifications.createIndex('byUser', ['userId', 'createdAt']);
      database.createObjectStore('meta', { keyPath: 'key' });
      const outbox = database.createObjectStore('outbox', { keyPath: ['userId', 'id'] });
      outbox.createIndex('byUser', ['userId', 'createdAt']);
      database.createObjectStore('conversations', { keyPath: ['userId', 'id'] });
      database.createObjectStore('chatMessages', { keyPath: ['userId', 'conversationId', 'seq'] });
    },
  });
  await db.put('meta', { key: 'currentUser', value: 'alice' });
  await db.put('notifications', {
    userId: 'alice',
    id: '00000000-0000-4000-8000-000000000001',
    type: 'ACCOUNT',
    content: 'Welcome',
    link: null,
    read: false,
    createdAt: '2026-01-01T00:00:00.000Z',
  });
  await db.put('outbox', {
    userId: 'alice',
    id: 'c0ffee00-0000-4000-8000-000000000001',
    kind: 'chat.send',
    payload: { content: 'Hello' },
    createdAt: '2026-01-01T00:00:00.000Z',
    attempts: 0,
    state: 'pending',
    error: null,
  });
  await db.put('conversations', {
    userId: 'alice',
    id: 'conv-1',
    participantOneId: 'alice',
    participantTwoId: 'bob',
    participantOneName: 'Alice',
    participantTwoName: 'Bob',
    latestMessage: 'Hi',
    unreadCount: 0,
    updatedAt: '2026-01-01T00:00:00.000Z',
  });
  db.close();
}

describe('device database upgrade 3 → 5', () => {
  it('keeps every store and record of version 3 and adds responses and files', async () => {
    await createVersion3();
    expect(DB_VERSION).toBe(5);

    const db = await offlineDb();
    expect([...db.objectStoreNames].sort()).toEqual(
      ['chatMessages', 'conversations', 'files', 'meta', 'notifications', 'outbox', 'responses'].sort(),
    );
    expect(await currentUser()).toBe('alice');
    expect((await storedNotifications('alice')).map((n) => n.content)).toEqual(['Welcome']);
    expect((await db.getAll('outbox')).map((entry) => entry.id)).toEqual(['c0ffee00-0000-4000-8000-000000000001']);
    expect((await storedConversations('alice')).map((c) => c.id)).toEqual(['conv-1']);

    await saveResponse({
      userId: 'alice',
      url: '/v1/case',
      body: '{}',
      status: 200,
      contentType: 'application/json',
      storedAt: '2026-01-02T00:00:00.000Z',
    });
    expect((await storedResponse('alice', '/v1/case'))?.storedAt).toBe('2026-01-02T00:00:00.000Z');
  });
});
