/**
 * The device's notification store: per user, newest first, capped, a read copy never turned unread
 * by a stale one, and a user's records gone after wipeUser (shared phones).
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { Notification } from '../../../contract/notifications';
import { currentUser, setCurrentUser, wipeUser } from './db';
import { markStoredRead, NOTIFICATIONS_KEPT, saveNotifications, storedNotifications } from './notifications-store';

const note = (n: number, read = false): Notification => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  type: 'ACCOUNT',
  content: `Note ${n}`,
  link: null,
  read,
  createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
});

describe('notification store', () => {
  it('keeps each user apart, newest first, and caps what it keeps', async () => {
    const many = Array.from({ length: NOTIFICATIONS_KEPT + 5 }, (_, i) => note(i + 1));
    await saveNotifications('alice', many);
    await saveNotifications('bob', [note(1)]);
    const alice = await storedNotifications('alice');
    expect(alice).toHaveLength(NOTIFICATIONS_KEPT);
    expect(alice[0]?.content).toBe(`Note ${NOTIFICATIONS_KEPT + 5}`);
    expect(alice.at(-1)?.content).toBe('Note 6');
    expect(await storedNotifications('bob')).toEqual([note(1)]);
  });

  it('never lets a stale unread copy undo a read', async () => {
    await saveNotifications('carol', [note(1), note(2)]);
    await markStoredRead('carol', note(1).id);
    await saveNotifications('carol', [note(1, false)]);
    expect((await storedNotifications('carol')).map((n) => n.read)).toEqual([false, true]);
    await markStoredRead('carol', 'all');
    expect((await storedNotifications('carol')).every((n) => n.read)).toBe(true);
  });

  it('wipes every record of a user, and forgets them as the signed-in user', async () => {
    await setCurrentUser('dave');
    await saveNotifications('dave', [note(1), note(2)]);
    await saveNotifications('erin', [note(3)]);
    await wipeUser('dave');
    expect(await storedNotifications('dave')).toEqual([]);
    expect(await storedNotifications('erin')).toHaveLength(1);
    expect(await currentUser()).toBeNull();
  });
});
