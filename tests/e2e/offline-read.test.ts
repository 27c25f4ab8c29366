/**
 * The offline journey of issue 7 in Debian's Chromium on a phone against the built app with demo
 * data. A client opens the dashboard, /cases, a case's notes and documents (saving one document
 * "for offline"), the notifications and a conversation while online — the service worker keeps each
 * API answer on the phone (sw/api-cache.ts), the app keeps notifications and chat history in their
 * own stores — then loses the connection and starts the app again from its start URL: every one of
 * those screens renders its data from the device with the offline marker ("Offline — showing what
 * was saved …", "Saved on this phone …", "You are offline …" and the header's "Offline"); the saved
 * document opens; an action that needs the network is disabled and says why; a chat message is
 * queued, visibly pending. Back online, the screen refreshes and the message goes out without a
 * reload. Signing out leaves no record of the client in any IndexedDB store (enumerated in the page,
 * so a store added later is covered too) and no API answer in Cache Storage; the next person to sign
 * in on the phone sees nothing of the last, online or offline.
 *
 * The client uses a persistent profile (the service worker must serve the app and its data
 * offline). One server and one browser for the file; the tests run in order, as one phone's day would.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchPersistentPhone, signIn, waitForPath, type PersistentPhone } from '../helpers/browser';
import { startServer, type E2EServer } from '../helpers/e2e-server';

const PASSWORD = 'Demo@2026';
const CLIENT = 'client1@legalconnect.test';
const FIRST_NAME = 'Tanvir';
const FULL_NAME = 'Tanvir Hossain';
const CASE_TITLE = 'Custody of two children after divorce';
const SHARED_NOTE = 'What to bring on Sunday';
const SAVED_DOCUMENT = 'School records';
const OTHER_DOCUMENT = 'Hearing notice';
const LAWYER_NAME = 'Ayesha Siddiqua';
const LAST_CHAT_LINE = 'Not this time. The court will only hear both lawyers next month.';
const CHAT_NOTIFICATION = `New message from ${LAWYER_NAME}: ${LAST_CHAT_LINE}`;
const WRITTEN_OFFLINE = 'I will bring the salary certificate too.';
/** The second person on the same phone (account switch), with a case, notifications and no chats. */
const NEXT_CLIENT = 'client3@legalconnect.test';
const NEXT_FIRST_NAME = 'Rakib';
const NEXT_CASE_TITLE = 'Bail application for my brother';
const SAVED_NOTE = /^Offline — showing what was saved (just now|\d+m ago)$/;
/** IndexedDB stores that hold the client's data once the journey has run (outbox: sent, so empty). */
const FILLED_STORES = ['responses', 'files', 'notifications', 'conversations', 'chatMessages', 'meta'];

let server: E2EServer;
let phone: PersistentPhone;
let client: Page;
let clientId = '';
let casePath = '';
let threadPath = '';

const url = (path: string) => new URL(path, server.baseURL).href;

/** Polls `read` until `check` holds (the worker and the stores write after the screen shows). */
async function waitUntil<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} never held; last seen: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

interface DeviceRecord {
  store: string;
  /** The record's key as JSON. */
  key: string;
  /** The record's key and value as JSON (bytes shown as their length), to search for a user id. */
  text: string;
}

/**
 * Every store of the app's IndexedDB database and every record in it, read with the plain IndexedDB
 * API in the page: the stores are enumerated, not named, so one added later is searched too. Never
 * creates the database (opening a missing one would make an empty version-1 database).
 */
function deviceRecords(page: Page): Promise<{ stores: string[]; records: DeviceRecord[] }> {
  return page.evaluate(async () => {
    const known = await indexedDB.databases();
    if (!known.some((db) => db.name === 'legalconnect')) return { stores: [], records: [] };
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('legalconnect');
      open.onerror = () => reject(open.error ?? new Error('open failed'));
      open.onsuccess = () => resolve(open.result);
    });
    const stores = [...db.objectStoreNames];
    const asText = (value: unknown) =>
      JSON.stringify(value, (_key, item: unknown) =>
        item instanceof ArrayBuffer
          ? `[${item.byteLength} bytes]`
          : item instanceof Blob
            ? `[blob ${item.size}]`
            : item,
      );
    try {
      const records: { store: string; key: string; text: string }[] = [];
      for (const store of stores) {
        await new Promise<void>((resolve, reject) => {
          const cursor = db.transaction(store).objectStore(store).openCursor();
          cursor.onerror = () => reject(cursor.error ?? new Error(`read of ${store} failed`));
          cursor.onsuccess = () => {
            const at = cursor.result;
            if (!at) return resolve();
            const key = asText(at.key);
            records.push({ store, key, text: `${key} ${asText(at.value)}` });
            at.continue();
          };
        });
      }
      return { stores, records };
    } finally {
      db.close();
    }
  });
}

/** The stores holding at least one record that names `userId`. */
async function storesNaming(page: Page, userId: string): Promise<string[]> {
  const { records } = await deviceRecords(page);
  return [...new Set(records.filter((record) => record.text.includes(userId)).map((record) => record.store))].sort();
}

/** Every request kept in Cache Storage, as `cache name → path`. */
function cachedRequests(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const kept: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys())
        kept.push(`${name} → ${new URL(request.url).pathname}`);
    }
    return kept;
  });
}

/** The paths the service worker has stored answers for (the `responses` store's keys). */
async function storedUrls(page: Page): Promise<string[]> {
  const { records } = await deviceRecords(page);
  return records
    .filter((record) => record.store === 'responses')
    .map((record) => (JSON.parse(record.key) as [string, string])[1]);
}

const savedNote = (page: Page) => page.getByRole('main').getByText(SAVED_NOTE);
const headerOffline = (page: Page) => page.getByRole('banner').getByText('Offline', { exact: true });
const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
const notificationPanel = (page: Page) => page.getByRole('region', { name: 'Notifications', exact: true });
const bubble = (page: Page, text: string) => page.locator('.chat-messages .chat-bubble').filter({ hasText: text });

async function openNotifications(page: Page): Promise<void> {
  await bell(page).click();
  await notificationPanel(page).waitFor();
}

async function closeNotifications(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await notificationPanel(page).waitFor({ state: 'detached' });
}

beforeAll(async () => {
  [server, phone] = await Promise.all([startServer({ demoData: true }), launchPersistentPhone()]);
  client = await phone.context.newPage();
  await signIn(client, server.baseURL, CLIENT, PASSWORD, '/dashboard/user');
  clientId = await client.evaluate(
    () => (JSON.parse(localStorage.getItem('auth_userInfo') ?? '{}') as { id: string }).id,
  );
  // The worker installs on this first visit and claims the page; from then on it sees every API read.
  await client.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 30_000 });
});

afterAll(async () => {
  await phone?.context.setOffline(false).catch(() => undefined);
  await phone?.close();
  await server?.stop();
});

// Each step walks several screens through the worker; on a loaded 2-core machine that takes longer than
// the project's default per-test time, which is about waiting, not about correctness.
describe('the offline journey of one phone', { timeout: 90_000 }, () => {
  it('online, the client visits the dashboard, /cases, a case, the notifications and a conversation', async () => {
    await client.goto(url('/dashboard/user'));
    await client.getByRole('heading', { level: 1, name: `Welcome, ${FIRST_NAME}` }).waitFor();

    await client.goto(url('/cases?status=IN_PROGRESS'));
    await client.getByRole('link', { name: CASE_TITLE }).click();
    await client.waitForURL((address) => /^\/case\/[0-9a-f-]{36}$/.test(address.pathname));
    casePath = new URL(client.url()).pathname;
    await client.getByRole('heading', { level: 1, name: CASE_TITLE }).waitFor();
    await client.getByRole('heading', { level: 3, name: SHARED_NOTE }).waitFor();
    // Fresh from the server: no note, no offline marker.
    expect(await savedNote(client).count()).toBe(0);
    expect(await headerOffline(client).count()).toBe(0);

    await client.goto(url(`${casePath}?tab=documents`));
    await client.getByRole('heading', { level: 3, name: OTHER_DOCUMENT }).waitFor();
    await client.getByRole('button', { name: `Save for offline: ${SAVED_DOCUMENT}` }).click();
    // Saved: the item says so ("✓ Saved for offline") and offers to remove the copy.
    await client.getByRole('button', { name: `Remove offline copy: ${SAVED_DOCUMENT}` }).waitFor();

    await openNotifications(client);
    await notificationPanel(client).getByRole('listitem').filter({ hasText: CHAT_NOTIFICATION }).waitFor();
    // The list is written to the device after it shows; leaving the page at once would abort the write.
    await waitUntil(
      () => storesNaming(client, clientId),
      (stores) => stores.includes('notifications'),
      'the notifications kept on the phone',
    );
    await closeNotifications(client);

    await client.goto(url('/chat'));
    await client.getByRole('link', { name: new RegExp(LAWYER_NAME) }).click();
    await client.waitForURL((address) => /^\/chat\/[0-9a-f-]{36}$/.test(address.pathname));
    threadPath = new URL(client.url()).pathname;
    await client.getByRole('heading', { level: 1, name: LAWYER_NAME }).waitFor();
    await bubble(client, LAST_CHAT_LINE).waitFor();

    const stored = await waitUntil(
      () => storedUrls(client),
      (urls) =>
        urls.includes('/v1/user/user-info') &&
        urls.some((u) => u.startsWith('/v1/case?')) &&
        urls.includes(`/v1${casePath}`) &&
        urls.some((u) => u.startsWith(`/v1/case-assets${casePath.replace('/case/', '/cases/')}/notes?`)) &&
        urls.some((u) => u.startsWith(`/v1/case-assets${casePath.replace('/case/', '/cases/')}/documents?`)),
      'the stored answers of every screen',
    );
    // Tokens, the socket and the structured chat/notification stores are never kept as raw answers.
    expect(stored.filter((u) => /^\/v1\/(auth|ws|push|chat|notifications\/(\?|$|unread-count))/.test(u))).toEqual([]);
    await waitUntil(
      () => storesNaming(client, clientId),
      (stores) => FILLED_STORES.every((store) => stores.includes(store)),
      'a record of the client in every store the journey fills',
    );
  });

  it('offline, the app starts from its start URL and every screen shows its data with the offline marker', async () => {
    await phone.context.setOffline(true);
    await client.goto(url('/'));
    await client.getByRole('heading', { level: 1 }).first().waitFor();
    await headerOffline(client).waitFor();
    expect(await client.evaluate(() => navigator.onLine)).toBe(false);

    await client.goto(url('/dashboard/user'));
    await client.getByRole('heading', { level: 1, name: `Welcome, ${FIRST_NAME}` }).waitFor();
    await savedNote(client).waitFor();

    await client.goto(url('/cases?status=IN_PROGRESS'));
    await client.getByRole('link', { name: CASE_TITLE }).waitFor();
    await savedNote(client).waitFor();

    await client.goto(url(casePath));
    await client.getByRole('heading', { level: 1, name: CASE_TITLE }).waitFor();
    await client.getByRole('heading', { level: 3, name: SHARED_NOTE }).waitFor();
    await savedNote(client).first().waitFor();
    await headerOffline(client).waitFor();

    await openNotifications(client);
    const panel = notificationPanel(client);
    await panel.getByText('Saved on this phone — may be out of date.').waitFor();
    await panel.getByRole('listitem').filter({ hasText: CHAT_NOTIFICATION }).waitFor();
    await closeNotifications(client);

    await client.goto(url(threadPath));
    await client.getByRole('heading', { level: 1, name: LAWYER_NAME }).waitFor();
    await bubble(client, LAST_CHAT_LINE).waitFor();
    await client.getByText('You are offline. Messages you write now are sent when the connection returns.').waitFor();
    await headerOffline(client).waitFor();
  });

  it('offline, the saved document opens and an action that needs the network explains itself', async () => {
    await client.goto(url(`${casePath}?tab=documents`));
    await client.getByRole('heading', { level: 3, name: OTHER_DOCUMENT }).waitFor();
    await savedNote(client).first().waitFor();

    const upload = client.getByRole('button', { name: 'Upload a document' });
    await upload.waitFor();
    expect(await upload.isDisabled()).toBe(true);
    const reason = client.getByText('Needs an internet connection. You are offline.').first();
    await reason.waitFor();
    expect(await upload.getAttribute('aria-describedby')).toBe(await reason.getAttribute('id'));

    // The saved document's bytes come from the phone, and pdf.js (fetched when it was saved) draws
    // it with no network: the viewer shows its page and offers the download.
    const savedItem = client
      .locator('.asset-item')
      .filter({ has: client.getByRole('heading', { name: SAVED_DOCUMENT }) });
    await savedItem.getByRole('button', { name: /^View/ }).click();
    await savedItem.getByRole('img', { name: `${SAVED_DOCUMENT}, page 1 of 1` }).waitFor();
    await savedItem.locator('canvas[aria-busy="false"]').waitFor();
    await savedItem.getByRole('link', { name: 'Download' }).waitFor();
    expect(await savedItem.getByRole('alert').count()).toBe(0);
  });

  it('offline, a chat message is queued and visibly pending; back online it goes out without a reload', async () => {
    await client.goto(url(threadPath));
    await bubble(client, LAST_CHAT_LINE).waitFor();
    const composer = client.getByRole('textbox', { name: 'Message' });
    await composer.fill(WRITTEN_OFFLINE);
    await composer.press('Enter');
    const pending = client.locator('.chat-bubble.is-pending').filter({ hasText: WRITTEN_OFFLINE });
    await pending.getByText('Waiting for a connection — it will be sent automatically').waitFor();
    await client.evaluate(() => {
      (window as unknown as { __notReloaded: boolean }).__notReloaded = true;
    });

    await phone.context.setOffline(false);
    await pending.waitFor({ state: 'detached', timeout: 30_000 });
    await client.locator('.chat-bubble.is-mine').filter({ hasText: WRITTEN_OFFLINE }).getByText(/✓/).waitFor();
    await client
      .getByText('You are offline. Messages you write now are sent when the connection returns.')
      .waitFor({ state: 'detached' });
    await headerOffline(client).waitFor({ state: 'detached' });
    expect(await client.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded)).toBe(true);
    await phone.context.setOffline(true);
  });

  it('going online refreshes a screen read from the device without a reload', async () => {
    await client.goto(url('/cases?status=IN_PROGRESS'));
    await savedNote(client).waitFor();
    await client.evaluate(() => {
      (window as unknown as { __notReloaded: boolean }).__notReloaded = true;
    });

    await phone.context.setOffline(false);
    await savedNote(client).waitFor({ state: 'detached', timeout: 20_000 });
    await headerOffline(client).waitFor({ state: 'detached' });
    await client.getByRole('link', { name: CASE_TITLE }).waitFor();
    expect(await client.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded)).toBe(true);
  });

  it('back online, a reload shows the server’s data and no note', async () => {
    await client.waitForFunction(() => navigator.onLine);
    await client.goto(url('/cases?status=IN_PROGRESS'));
    await client.getByRole('link', { name: CASE_TITLE }).waitFor();
    expect(await savedNote(client).count()).toBe(0);
    expect(await headerOffline(client).count()).toBe(0);
  });

  it('signing out leaves no record of the client in any IndexedDB store and no API answer in Cache Storage', async () => {
    // Before: the client's data is on the phone (so "nothing after" is not true of an empty phone).
    const before = await storesNaming(client, clientId);
    expect(before).toEqual(expect.arrayContaining(FILLED_STORES));
    const { stores } = await deviceRecords(client);
    expect(stores).toEqual(expect.arrayContaining([...FILLED_STORES, 'outbox']));
    expect((await cachedRequests(client)).length).toBeGreaterThan(0);

    await client.getByRole('button', { name: `Account menu for ${FULL_NAME}` }).click();
    await client.locator('#user-menu-panel').getByRole('button', { name: 'Sign Out' }).click();
    await waitForPath(client, '/');
    await waitUntil(
      () => storesNaming(client, clientId),
      (named) => named.length === 0,
      'no record of the client',
    );

    // Cache Storage holds the app's own files only: no API answer, nothing named after the user.
    const cached = await cachedRequests(client);
    expect(cached.filter((entry) => /→ \/(ai\/)?v1\//.test(entry) || entry.includes(clientId))).toEqual([]);
    // Whatever the database still holds is about the device, not a person (e.g. "keep copies").
    const { records } = await deviceRecords(client);
    expect(records.filter((record) => record.store !== 'meta')).toEqual([]);
  });

  it('the next person to sign in on the phone sees nothing of the last, online or offline', async () => {
    await signIn(client, server.baseURL, NEXT_CLIENT, PASSWORD, '/dashboard/user');
    await client.getByRole('heading', { level: 1, name: `Welcome, ${NEXT_FIRST_NAME}` }).waitFor();
    await client.goto(url('/cases?status=IN_PROGRESS'));
    await client.getByRole('link', { name: NEXT_CASE_TITLE }).waitFor();
    expect(await client.getByText(CASE_TITLE).count()).toBe(0);
    await openNotifications(client);
    await notificationPanel(client).getByRole('listitem').first().waitFor();
    expect(await notificationPanel(client).getByText(LAWYER_NAME, { exact: false }).count()).toBe(0);
    await closeNotifications(client);
    const nextId = await client.evaluate(
      () => (JSON.parse(localStorage.getItem('auth_userInfo') ?? '{}') as { id: string }).id,
    );
    await waitUntil(
      () => storesNaming(client, nextId),
      (named) => named.includes('responses') && named.includes('notifications'),
      'the next person’s own copies',
    );

    await phone.context.setOffline(true);
    await client.goto(url('/dashboard/user'));
    await client.getByRole('heading', { level: 1, name: `Welcome, ${NEXT_FIRST_NAME}` }).waitFor();
    await savedNote(client).waitFor();

    await client.goto(url('/cases?status=IN_PROGRESS'));
    await client.getByRole('link', { name: NEXT_CASE_TITLE }).waitFor();
    expect(await client.getByText(CASE_TITLE).count()).toBe(0);

    // The last person's case, by its address: nothing of it, only "no connection".
    await client.goto(url(casePath));
    await client.getByRole('main').getByRole('alert').first().waitFor();
    expect(await client.getByText(CASE_TITLE).count()).toBe(0);

    await client.goto(url('/chat'));
    await client.getByRole('heading', { level: 1 }).first().waitFor();
    await openNotifications(client);
    await notificationPanel(client).getByRole('listitem').first().waitFor();
    expect(await notificationPanel(client).getByText(LAWYER_NAME, { exact: false }).count()).toBe(0);
    await closeNotifications(client);
    expect(await client.getByText(LAST_CHAT_LINE).count()).toBe(0);
    expect(await client.getByText(LAWYER_NAME).count()).toBe(0);

    expect(await storesNaming(client, clientId)).toEqual([]);
    await phone.context.setOffline(false);
  });
});
