/**
 * What the app keeps on this phone, and the user's say over it ("Storage & offline" in the profile,
 * src/components/offline/storage-settings.tsx):
 *
 * - Persistent storage: asked for once, after the first sign-in on this device
 *   (`navigator.storage.persist`), so the browser does not evict the case a user saved for the bus
 *   when the phone runs low. Browsers grant it silently or ask; either way once is enough.
 * - Counts per store for the signed-in user and the browser's estimate of all the app uses.
 * - "Keep offline copies": a fact about the device (IndexedDB `meta`, so the service worker can read
 *   it; it has no localStorage). Off: the worker stores no API answers (sw/api-cache.ts) and the
 *   copies kept so far are deleted. It is not a per-user setting on purpose: a record naming a user
 *   must not outlive their sign-out (wipeUser), and the person who owns the phone is the one who
 *   decides whether it keeps copies.
 * - "Clear offline data": deletes the user's copies — screens, saved documents, notifications, chat
 *   history — but never the outbox: messages written offline and not yet sent are the user's words,
 *   not a copy of anything.
 */
import { offlineDb } from './db';

export const KEEP_COPIES_KEY = 'keepOfflineCopies';
export const PERSIST_ASKED_KEY = 'storagePersistAsked';

/** The stores shown per user, in the order the screen lists them. */
export const USER_STORES = ['responses', 'files', 'notifications', 'conversations', 'chatMessages', 'outbox'] as const;
export type UserStore = (typeof USER_STORES)[number];

/** `persist` is in the page's library, not the worker's; only the page calls it. */
type PageStorageManager = StorageManager & { persist?: () => Promise<boolean> };
const storageManager = (): PageStorageManager | undefined =>
  typeof navigator === 'undefined' ? undefined : (navigator.storage as PageStorageManager | undefined);

const userRange = (userId: string) => IDBKeyRange.bound([userId, ''], [userId, '\uffff']);
const messagesRange = (userId: string) => IDBKeyRange.bound([userId, '', 0], [userId, '\uffff', Infinity]);

/** Whether this device keeps offline copies of screens (default: yes). */
export async function keepOfflineCopies(): Promise<boolean> {
  const db = await offlineDb();
  return (await db.get('meta', KEEP_COPIES_KEY))?.value !== '0';
}

/** Turns copies on or off; off also deletes what `userId` has kept so far. */
export async function setKeepOfflineCopies(on: boolean, userId: string | null): Promise<void> {
  const db = await offlineDb();
  if (on) await db.delete('meta', KEEP_COPIES_KEY);
  else {
    await db.put('meta', { key: KEEP_COPIES_KEY, value: '0' });
    if (userId) await deleteCopies(userId, ['responses', 'files']);
  }
}

/** How many records each store holds for `userId`. */
export async function userStoreCounts(userId: string): Promise<Record<UserStore, number>> {
  const db = await offlineDb();
  const counts = await Promise.all(
    USER_STORES.map((store) => db.count(store, store === 'chatMessages' ? messagesRange(userId) : userRange(userId))),
  );
  return Object.fromEntries(USER_STORES.map((store, i) => [store, counts[i] ?? 0])) as Record<UserStore, number>;
}

async function deleteCopies(userId: string, stores: readonly Exclude<UserStore, 'outbox'>[]): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction([...stores], 'readwrite');
  await Promise.all(
    stores.map((store) =>
      tx.objectStore(store).delete(store === 'chatMessages' ? messagesRange(userId) : userRange(userId)),
    ),
  );
  await tx.done;
}

/** "Clear offline data": every copy of `userId`'s data, but not the messages waiting to be sent. */
export async function clearOfflineData(userId: string): Promise<void> {
  await deleteCopies(userId, ['responses', 'files', 'notifications', 'conversations', 'chatMessages']);
}

export interface StorageUse {
  usage: number;
  quota: number;
  persisted: boolean;
}

/** The browser's estimate of what the app's origin uses; null where the browser does not say. */
export async function storageUse(): Promise<StorageUse | null> {
  const storage = storageManager();
  if (!storage?.estimate) return null;
  const [estimate, persisted] = await Promise.all([
    storage.estimate(),
    storage.persisted ? storage.persisted() : Promise.resolve(false),
  ]);
  return { usage: estimate.usage ?? 0, quota: estimate.quota ?? 0, persisted };
}

/** Asks once per device for storage the browser will not evict; the answer does not matter after. */
export async function askPersistentStorageOnce(): Promise<void> {
  const storage = storageManager();
  if (!storage?.persist) return;
  const db = await offlineDb();
  if (await db.get('meta', PERSIST_ASKED_KEY)) return;
  await db.put('meta', { key: PERSIST_ASKED_KEY, value: new Date().toISOString() });
  if (storage.persisted && (await storage.persisted())) return;
  await storage.persist();
}
