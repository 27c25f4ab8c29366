/**
 * The device's copy of API reads (docs/architecture.md "Read (online or not)"): the latest JSON answer to
 * each GET /v1/… a user made, per (user, URL), written and read by the service worker
 * (sw/api-cache.ts). The page never reads this store itself: it learns that an answer came from here
 * by the headers of answer-headers.ts, which the worker puts on every answer it makes itself.
 *
 * At most RESPONSES_KEPT answers are kept per user (the oldest go first): a phone's storage is small,
 * and a list page visited once months ago is worth less than the case opened yesterday.
 */
import { CURRENT_USER, offlineDb, type StoredResponse } from './db';

export const RESPONSES_KEPT = 300;

const userRange = (userId: string) => IDBKeyRange.bound([userId, ''], [userId, '\uffff']);

/**
 * Stores (or replaces) the answer to `url` for `userId`, then trims the user's oldest answers.
 * `onlyWhileSignedIn` (the service worker's late answers): only if `userId` is still the signed-in
 * user, checked in the same transaction as the write, so an answer that arrives while the user signs
 * out is never kept after the wipe. Returns whether it was stored.
 */
export async function saveResponse(
  entry: StoredResponse,
  { onlyWhileSignedIn = false }: { onlyWhileSignedIn?: boolean } = {},
): Promise<boolean> {
  const db = await offlineDb();
  const tx = db.transaction(['responses', 'meta'], 'readwrite');
  if (onlyWhileSignedIn && (await tx.objectStore('meta').get(CURRENT_USER))?.value !== entry.userId) {
    await tx.done;
    return false;
  }
  const store = tx.objectStore('responses');
  await store.put(entry);
  const byUser = store.index('byUser');
  const range = userRange(entry.userId);
  let excess = (await byUser.count(range)) - RESPONSES_KEPT;
  let cursor = excess > 0 ? await byUser.openCursor(range) : null;
  while (cursor && excess > 0) {
    await cursor.delete();
    excess -= 1;
    cursor = await cursor.continue();
  }
  await tx.done;
  return true;
}

/** The stored answer to `url` for `userId` — never another user's. */
export async function storedResponse(userId: string, url: string): Promise<StoredResponse | null> {
  const db = await offlineDb();
  return (await db.get('responses', [userId, url])) ?? null;
}

/** Every URL stored for `userId` (tests, and a later "what this phone keeps" screen). */
export async function storedResponseUrls(userId: string): Promise<string[]> {
  const db = await offlineDb();
  return (await db.getAllKeys('responses', userRange(userId))).map(([, url]) => url);
}
