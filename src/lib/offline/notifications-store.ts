/**
 * The structured notification store (docs/architecture.md "Read (online or not)"): what the API listed,
 * what the socket delivered and what a push brought while the app was closed, merged per user and
 * per id, newest first, at most NOTIFICATIONS_KEPT a user (docs/product.md §9 keeps 100 in memory; the device
 * keeps as many). A record never goes from read back to unread: a stale copy must not undo a read.
 */
import type { Notification } from '../../../contract/notifications';
import { offlineDb, type StoredNotification } from './db';

export const NOTIFICATIONS_KEPT = 100;

/** Adds or refreshes notifications of `userId`; returns nothing, prunes the oldest beyond the cap. */
export async function saveNotifications(userId: string, notifications: readonly Notification[]): Promise<void> {
  if (notifications.length === 0) return;
  const db = await offlineDb();
  const tx = db.transaction('notifications', 'readwrite');
  const store = tx.store;
  for (const notification of notifications) {
    const existing = await store.get([userId, notification.id]);
    await store.put({ ...notification, read: notification.read || (existing?.read ?? false), userId });
  }
  // Oldest first along the index; delete until only the newest NOTIFICATIONS_KEPT remain.
  const range = IDBKeyRange.bound([userId, ''], [userId, '\uffff']);
  let excess = (await store.index('byUser').count(range)) - NOTIFICATIONS_KEPT;
  let cursor = excess > 0 ? await store.index('byUser').openCursor(range) : null;
  while (cursor && excess > 0) {
    await cursor.delete();
    excess -= 1;
    cursor = await cursor.continue();
  }
  await tx.done;
}

/** The user's stored notifications, newest first. */
export async function storedNotifications(userId: string): Promise<Notification[]> {
  const db = await offlineDb();
  const range = IDBKeyRange.bound([userId, ''], [userId, '\uffff']);
  const rows = await db.getAllFromIndex('notifications', 'byUser', range);
  return rows.reverse().map(withoutUser);
}

export async function markStoredRead(userId: string, id: string | 'all'): Promise<void> {
  const db = await offlineDb();
  const tx = db.transaction('notifications', 'readwrite');
  if (id === 'all') {
    const range = IDBKeyRange.bound([userId, ''], [userId, '\uffff']);
    let cursor = await tx.store.openCursor(range);
    while (cursor) {
      if (!cursor.value.read) await cursor.update({ ...cursor.value, read: true });
      cursor = await cursor.continue();
    }
  } else {
    const row = await tx.store.get([userId, id]);
    if (row && !row.read) await tx.store.put({ ...row, read: true });
  }
  await tx.done;
}

function withoutUser({ userId: _userId, ...notification }: StoredNotification): Notification {
  return notification;
}
