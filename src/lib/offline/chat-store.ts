/**
 * The device's copy of the chat (issue 6: history readable offline): the inbox as last listed, and
 * every opened thread's messages as the API and the socket delivered them, per user, at most
 * CHAT_KEPT_PER_CONVERSATION a conversation (docs/product.md §9 keeps 200), the newest kept.
 */
import type { Conversation, Message } from '../../../contract/chat';
import { offlineDb } from './db';

export const CHAT_KEPT_PER_CONVERSATION = 200;

const threadRange = (userId: string, conversationId: string) =>
  IDBKeyRange.bound([userId, conversationId, 0], [userId, conversationId, Infinity]);

/** Replaces the stored inbox with the server's list. */
export async function saveConversations(userId: string, conversations: readonly Conversation[]): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction('conversations', 'readwrite');
  await tx.store.delete(IDBKeyRange.bound([userId, ''], [userId, '\uffff']));
  for (const conversation of conversations) await tx.store.put({ ...conversation, userId });
  await tx.done;
}

export async function storedConversations(userId: string): Promise<Conversation[]> {
  const db = await offlineDb();
  const rows = await db.getAll('conversations', IDBKeyRange.bound([userId, ''], [userId, '\uffff']));
  return rows
    .map(({ userId: _userId, ...conversation }) => conversation)
    .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}

/** Adds or refreshes messages (a read copy stays read), keeping the newest of each thread. */
export async function saveMessages(userId: string, messages: readonly Message[]): Promise<void> {
  if (messages.length === 0) return;
  const db = await offlineDb();
  const tx = db.transaction('chatMessages', 'readwrite');
  const threads = new Set<string>();
  for (const message of messages) {
    const known = await tx.store.get([userId, message.conversationId, message.seq]);
    await tx.store.put({ ...message, read: message.read || (known?.read ?? false), userId });
    threads.add(message.conversationId);
  }
  for (const conversationId of threads) {
    let excess = (await tx.store.count(threadRange(userId, conversationId))) - CHAT_KEPT_PER_CONVERSATION;
    let cursor = excess > 0 ? await tx.store.openCursor(threadRange(userId, conversationId)) : null;
    while (cursor && excess > 0) {
      await cursor.delete();
      excess -= 1;
      cursor = await cursor.continue();
    }
  }
  await tx.done;
}

/** A thread as stored, oldest first. */
export async function storedMessages(userId: string, conversationId: string): Promise<Message[]> {
  const db = await offlineDb();
  const rows = await db.getAll('chatMessages', threadRange(userId, conversationId));
  return rows.map(({ userId: _userId, ...message }) => message);
}
