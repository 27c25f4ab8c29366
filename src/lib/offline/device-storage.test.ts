/**
 * What the phone keeps and the user's say over it: counts per store for one user only; "Clear
 * offline data" keeps the messages waiting to be sent; "Keep offline copies" off deletes the
 * user's screens and saved documents; persistent storage is asked for once; and sign-out (wipeUser)
 * leaves no record of the user in any store, the saved documents included.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { offlineDb, setCurrentUser, wipeUser, type SavedFile } from './db';
import {
  askPersistentStorageOnce,
  clearOfflineData,
  keepOfflineCopies,
  PERSIST_ASKED_KEY,
  setKeepOfflineCopies,
  userStoreCounts,
} from './device-storage';
import { saveFile, savedFile, savedFileKey, savedFileUrls, downloadForOffline } from './files-store';
import { saveNotifications } from './notifications-store';
import { saveResponse } from './responses-store';

let users = 0;
const newUser = (name: string) => `${name}-${(users += 1)}`;

const file = (userId: string, url: string): SavedFile => ({
  userId,
  url,
  title: 'Deed',
  fileName: 'deed.pdf',
  contentType: 'application/pdf',
  bytes: new TextEncoder().encode('%PDF-1.7').buffer,
  size: 8,
  savedAt: '2026-03-01T10:00:00.000Z',
});

async function fill(userId: string) {
  await saveResponse({
    userId,
    url: '/v1/case',
    body: '{}',
    status: 200,
    contentType: 'application/json',
    storedAt: '2026-03-01T10:00:00.000Z',
  });
  await saveFile(file(userId, '/v1/case-assets/documents/d1/view?inline=true'));
  await saveNotifications(userId, [
    { id: 'n1', type: 'ACCOUNT', content: 'Welcome', link: null, read: false, createdAt: '2026-03-01T10:00:00.000Z' },
  ] as never);
  const db = await offlineDb();
  await db.put('outbox', {
    userId,
    id: 'o1',
    kind: 'chat.send',
    payload: {},
    createdAt: '2026-03-01T10:00:00.000Z',
    attempts: 0,
    state: 'pending',
    error: null,
  });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  const db = await offlineDb();
  await db.delete('meta', 'keepOfflineCopies');
  await db.delete('meta', PERSIST_ASKED_KEY);
});

describe('what the phone keeps for a user', () => {
  it('counts each store for that user only', async () => {
    const a = newUser('amina');
    await fill(a);
    await fill(newUser('other'));
    expect(await userStoreCounts(a)).toEqual({
      responses: 1,
      files: 1,
      notifications: 1,
      conversations: 0,
      chatMessages: 0,
      outbox: 1,
    });
  });

  it('clears every copy but never the messages waiting to be sent', async () => {
    const a = newUser('bilkis');
    const other = newUser('other');
    await fill(a);
    await fill(other);
    await clearOfflineData(a);
    expect(await userStoreCounts(a)).toMatchObject({ responses: 0, files: 0, notifications: 0, outbox: 1 });
    expect(await userStoreCounts(other)).toMatchObject({ responses: 1, files: 1, notifications: 1 });
  });

  it('turning copies off deletes the user’s screens and saved documents; on again keeps them', async () => {
    const a = newUser('chitra');
    await fill(a);
    expect(await keepOfflineCopies()).toBe(true);
    await setKeepOfflineCopies(false, a);
    expect(await keepOfflineCopies()).toBe(false);
    expect(await userStoreCounts(a)).toMatchObject({ responses: 0, files: 0, notifications: 1, outbox: 1 });
    await setKeepOfflineCopies(true, a);
    expect(await keepOfflineCopies()).toBe(true);
  });

  it('sign-out leaves no record of the user, saved documents included', async () => {
    const a = newUser('dina');
    await fill(a);
    await wipeUser(a);
    expect(Object.values(await userStoreCounts(a)).every((n) => n === 0)).toBe(true);
  });
});

describe('saved documents', () => {
  it('keys a file by path and sorted query, and downloads it with the bearer token', async () => {
    expect(savedFileKey('/v1/case-assets/documents/d1/view?z=1&inline=true')).toBe(
      '/v1/case-assets/documents/d1/view?inline=true&z=1',
    );
    const a = newUser('esha');
    await setCurrentUser(a);
    const fetcher = vi.fn(
      async () => new Response('%PDF-1.7 bytes', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    );
    const saved = await downloadForOffline(
      a,
      'https://app.example/v1/case-assets/documents/d2/view?inline=true',
      'tok',
      { title: 'Deed', fileName: 'deed.pdf' },
      fetcher as unknown as typeof fetch,
    );
    expect(fetcher).toHaveBeenCalledWith('https://app.example/v1/case-assets/documents/d2/view?inline=true', {
      headers: { Authorization: 'Bearer tok' },
    });
    expect(saved).toMatchObject({ url: '/v1/case-assets/documents/d2/view?inline=true', size: 14 });
    expect(await savedFileUrls(a)).toEqual(['/v1/case-assets/documents/d2/view?inline=true']);
    expect(new TextDecoder().decode((await savedFile(a, saved.url))?.bytes)).toBe('%PDF-1.7 bytes');
  });

  it('keeps nothing when the server refuses', async () => {
    const a = newUser('farah');
    const fetcher = vi.fn(async () => new Response('{}', { status: 403 }));
    await expect(
      downloadForOffline(a, '/v1/case-assets/documents/d3/view', 't', { title: 'x', fileName: 'x' }, fetcher),
    ).rejects.toThrow('403');
    expect(await savedFileUrls(a)).toEqual([]);
  });

  it('keeps nothing when the user signed out while the file was downloading', async () => {
    const a = newUser('gita');
    await setCurrentUser(a);
    const fetcher = vi.fn(async () => {
      await wipeUser(a);
      return new Response('%PDF-1.7 bytes', { status: 200, headers: { 'Content-Type': 'application/pdf' } });
    });
    await expect(
      downloadForOffline(a, '/v1/case-assets/documents/d4/view', 't', { title: 'x', fileName: 'x' }, fetcher),
    ).rejects.toThrow('Signed out');
    expect(await savedFileUrls(a)).toEqual([]);
  });
});

describe('persistent storage', () => {
  it('is asked for once per device', async () => {
    const persist = vi.fn(async () => true);
    vi.stubGlobal('navigator', { ...navigator, storage: { persist, persisted: async () => false } });
    await askPersistentStorageOnce();
    await askPersistentStorageOnce();
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it('is not asked for when the browser already keeps it', async () => {
    const persist = vi.fn(async () => true);
    vi.stubGlobal('navigator', { ...navigator, storage: { persist, persisted: async () => true } });
    await askPersistentStorageOnce();
    expect(persist).not.toHaveBeenCalled();
  });
});
