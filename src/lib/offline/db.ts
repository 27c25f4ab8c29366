/**
 * The device's one IndexedDB database, shared by the page and the service worker (docs/architecture.md:
 * `sw/` may import `src/lib/offline/`, so both sides open the very same schema). Everything in it
 * belongs to one user and is keyed by that user, so a shared phone never shows one person's data to
 * the next; signing out deletes the user's records (wipeUser).
 *
 * Stores:
 * - `notifications`: the user's notifications as the API lists them, merged with what arrives by
 *   socket and by push, so the list is whole when the phone is offline.
 * - `meta`: small facts such as who is signed in (the service worker has no localStorage).
 * - `outbox`: writes made while the network could not take them (chat sends, mark-read), in order,
 *   kept until the server has acknowledged each one (outbox.ts).
 * - `conversations` and `chatMessages`: the chat inbox and the history of every opened thread
 *   (chat-store.ts), so they read the same with no network.
 * - `responses`: the latest JSON answer to each API read (GET /v1/…) the user made, kept by the
 *   service worker (sw/api-cache.ts, responses-store.ts) and answered from there when the network
 *   cannot answer, so every screen visited once reads offline.
 * - `files`: the bytes of documents the user chose to "Save for offline" (files-store.ts), answered
 *   by the service worker in place of the network (sw/saved-files.ts).
 *
 * `meta` also holds one fact about the device rather than a user: whether it keeps offline copies
 * of screens at all (device-storage.ts; the user's choice in "Storage & offline").
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Conversation, Message } from '../../../contract/chat';
import type { Notification } from '../../../contract/notifications';

export const DB_NAME = 'legalconnect';
export const DB_VERSION = 5;

export interface StoredNotification extends Notification {
  userId: string;
}

/** One write waiting for the server (see outbox.ts). */
export interface OutboxEntry {
  userId: string;
  /** Client-made id (a UUID): the message's clientMessageId, the request's Idempotency-Key. */
  id: string;
  /** Which sender handles it, e.g. 'chat.send'. */
  kind: string;
  payload: unknown;
  /** ISO time it was queued; entries go out oldest first. */
  createdAt: string;
  /** Attempts so far, over all rounds. */
  attempts: number;
  /** `failed`: the server refused it (4xx); it waits for the user's Retry or Delete. */
  state: 'pending' | 'failed';
  error: string | null;
}

export interface StoredConversation extends Conversation {
  userId: string;
}

export interface StoredMessage extends Message {
  userId: string;
}

/** The latest answer to one API read, as the service worker stored it (responses-store.ts). */
export interface StoredResponse {
  userId: string;
  /** Path and sorted query, volatile parameters removed (`/v1/case?page=0&size=10`). */
  url: string;
  /** The response body as text (JSON). */
  body: string;
  status: number;
  contentType: string;
  /** ISO time it was stored. */
  storedAt: string;
}

/** A file kept by "Save for offline" (files-store.ts). */
export interface SavedFile {
  userId: string;
  /** The API path that answers with the bytes, keyed like a stored response (`/v1/case-assets/documents/…/view?inline=true`). */
  url: string;
  /** What the user called it (the document's title), for the storage screen. */
  title: string;
  fileName: string;
  contentType: string;
  /** The bytes (an ArrayBuffer clones everywhere IndexedDB runs; a Blob not in every test double). */
  bytes: ArrayBuffer;
  size: number;
  /** ISO time it was saved. */
  savedAt: string;
}

export interface OfflineSchema extends DBSchema {
  notifications: {
    key: [string, string];
    value: StoredNotification;
    indexes: { byUser: [string, string] };
  };
  meta: {
    key: string;
    value: { key: string; value: string };
  };
  outbox: {
    key: [string, string];
    value: OutboxEntry;
    indexes: { byUser: [string, string] };
  };
  conversations: {
    key: [string, string];
    value: StoredConversation;
  };
  chatMessages: {
    key: [string, string, number];
    value: StoredMessage;
  };
  responses: {
    key: [string, string];
    value: StoredResponse;
    indexes: { byUser: [string, string] };
  };
  files: {
    key: [string, string];
    value: SavedFile;
  };
}

export type OfflineDb = IDBPDatabase<OfflineSchema>;

let opening: Promise<OfflineDb> | null = null;

/** The database, opened once per page or worker; rejects where IndexedDB is unavailable. */
export function offlineDb(): Promise<OfflineDb> {
  opening ??= openDB<OfflineSchema>(DB_NAME, DB_VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        const notifications = db.createObjectStore('notifications', { keyPath: ['userId', 'id'] });
        notifications.createIndex('byUser', ['userId', 'createdAt']);
        db.createObjectStore('meta', { keyPath: 'key' });
      }
      if (oldVersion < 2) {
        const outbox = db.createObjectStore('outbox', { keyPath: ['userId', 'id'] });
        outbox.createIndex('byUser', ['userId', 'createdAt']);
      }
      if (oldVersion < 3) {
        db.createObjectStore('conversations', { keyPath: ['userId', 'id'] });
        db.createObjectStore('chatMessages', { keyPath: ['userId', 'conversationId', 'seq'] });
      }
      if (oldVersion < 4) {
        // Only a new store: every store above, and what it holds, is kept as it is.
        const responses = db.createObjectStore('responses', { keyPath: ['userId', 'url'] });
        responses.createIndex('byUser', ['userId', 'storedAt']);
      }
      if (oldVersion < 5) {
        db.createObjectStore('files', { keyPath: ['userId', 'url'] });
      }
    },
    // Another tab holds an older version open and a newer release wants to upgrade: let go.
    blocking() {
      void opening?.then((db) => db.close());
      opening = null;
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

/**
 * The `meta` key naming who is signed in. A write that must not outlive a sign-out reads it in its
 * own transaction (responses-store.ts, files-store.ts): transactions over `meta` run one after the
 * other, so a wipe (wipeUser, which deletes it) is either wholly before such a write or after it.
 */
export const CURRENT_USER = 'currentUser';

/** Records who is signed in on this device (the service worker files pushes under them). */
export async function setCurrentUser(userId: string | null): Promise<void> {
  const db = await offlineDb();
  if (userId) await db.put('meta', { key: CURRENT_USER, value: userId });
  else await db.delete('meta', CURRENT_USER);
}

export async function currentUser(): Promise<string | null> {
  const db = await offlineDb();
  return (await db.get('meta', CURRENT_USER))?.value ?? null;
}

const tokenKey = (userId: string) => `accessToken:${userId}`;

/**
 * The signed-in user's current access token, for the service worker to send the outbox when no
 * window of the app is open (it has no localStorage). Short-lived and revocable like the copy in
 * localStorage; never the refresh token, so the worker cannot extend a session. Null removes it.
 */
export async function setDeviceToken(userId: string, token: string | null): Promise<void> {
  const db = await offlineDb();
  if (token) await db.put('meta', { key: tokenKey(userId), value: token });
  else await db.delete('meta', tokenKey(userId));
}

export async function deviceToken(userId: string): Promise<string | null> {
  const db = await offlineDb();
  return (await db.get('meta', tokenKey(userId)))?.value ?? null;
}

/** Deletes every record of `userId` on this device (sign-out, account switch). */
export async function wipeUser(userId: string): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction(
    ['notifications', 'outbox', 'conversations', 'chatMessages', 'responses', 'files', 'meta'],
    'readwrite',
  );
  const range = IDBKeyRange.bound([userId, ''], [userId, '\uffff']);
  await tx.objectStore('notifications').delete(range);
  await tx.objectStore('outbox').delete(range);
  await tx.objectStore('conversations').delete(range);
  await tx.objectStore('responses').delete(range);
  await tx.objectStore('files').delete(range);
  await tx.objectStore('chatMessages').delete(IDBKeyRange.bound([userId, '', 0], [userId, '\uffff', Infinity]));
  const meta = tx.objectStore('meta');
  await meta.delete(tokenKey(userId));
  if ((await meta.get(CURRENT_USER))?.value === userId) await meta.delete(CURRENT_USER);
  await tx.done;
}
