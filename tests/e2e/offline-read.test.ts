/**
 * Reading offline (issue 7, part 1) in Debian's Chromium on a phone against the built app with demo
 * data: a client opens the dashboard, /cases and a case while online — the service worker keeps each
 * API answer on the phone (sw/api-cache.ts) — then loses the connection and opens those screens
 * again: each one renders its data from the device, says "Offline — showing what was saved …", and
 * the header says "Offline", and an action that needs the network (uploading a document) is disabled
 * and says why. Back online, the screen refreshes without a reload and the note is gone (part 2);
 * signing out leaves none of the client's stored answers on the phone.
 *
 * The client uses a persistent profile (the service worker must serve the app and its data
 * offline). One server and one browser for the file; the tests run in order, as one user would.
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
const SAVED_NOTE = /^Offline — showing what was saved (just now|\d+m ago)$/;

let server: E2EServer;
let phone: PersistentPhone;
let client: Page;
let casePath = '';

const url = (path: string) => new URL(path, server.baseURL).href;

/**
 * The URLs the service worker has stored on this phone (the `responses` store's keys), read with
 * the plain IndexedDB API. Never creates the database: opening a missing one would make an empty
 * version-1 database that the app could not upgrade properly.
 */
function storedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const known = await indexedDB.databases();
    if (!known.some((db) => db.name === 'legalconnect')) return [];
    return new Promise<string[]>((resolve, reject) => {
      const open = indexedDB.open('legalconnect');
      open.onerror = () => reject(open.error ?? new Error('open failed'));
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('responses')) {
          db.close();
          resolve([]);
          return;
        }
        const keys = db.transaction('responses').objectStore('responses').getAllKeys();
        keys.onerror = () => {
          db.close();
          reject(keys.error ?? new Error('read failed'));
        };
        keys.onsuccess = () => {
          db.close();
          resolve(keys.result.map((key) => String((key as [string, string])[1])));
        };
      };
    });
  });
}

/** Polls `check` against the stored URLs until it holds (the worker stores after it answers). */
async function waitForStored(page: Page, check: (urls: string[]) => boolean, timeoutMs = 15_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const urls = await storedUrls(page);
    if (check(urls)) return urls;
    if (Date.now() > deadline) throw new Error(`stored answers never matched; stored: ${JSON.stringify(urls)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const savedNote = (page: Page) => page.getByRole('main').getByText(SAVED_NOTE);
const headerOffline = (page: Page) => page.getByRole('banner').getByText('Offline', { exact: true });

beforeAll(async () => {
  [server, phone] = await Promise.all([startServer({ demoData: true }), launchPersistentPhone()]);
  client = await phone.context.newPage();
  await signIn(client, server.baseURL, CLIENT, PASSWORD, '/dashboard/user');
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
describe('reading offline', { timeout: 90_000 }, () => {
  it('online, the dashboard, /cases and a case are shown from the server and kept on the phone', async () => {
    await client.goto(url('/dashboard/user'));
    await client.getByRole('heading', { level: 1, name: `Welcome, ${FIRST_NAME}` }).waitFor();

    await client.goto(url('/cases?status=IN_PROGRESS'));
    await client.getByRole('link', { name: CASE_TITLE }).click();
    await client.waitForURL((address) => /^\/case\/[0-9a-f-]{36}$/.test(address.pathname));
    casePath = new URL(client.url()).pathname;
    await client.getByRole('heading', { level: 1, name: CASE_TITLE }).waitFor();

    // Fresh from the server: no note, no offline marker.
    expect(await savedNote(client).count()).toBe(0);
    expect(await headerOffline(client).count()).toBe(0);

    const stored = await waitForStored(
      client,
      (urls) =>
        urls.includes('/v1/user/user-info') &&
        urls.some((u) => u.startsWith('/v1/case?')) &&
        urls.includes(`/v1${casePath}`),
    );
    // Tokens, the socket and the structured chat/notification stores are never kept as raw answers.
    expect(stored.filter((u) => /^\/v1\/(auth|ws|push|chat|notifications\/(\?|$|unread-count))/.test(u))).toEqual([]);
  });

  it('offline, /cases and the case open from the device with the offline marker', async () => {
    await phone.context.setOffline(true);

    await client.goto(url('/cases?status=IN_PROGRESS'));
    await client.getByRole('link', { name: CASE_TITLE }).waitFor();
    await savedNote(client).waitFor();
    await headerOffline(client).waitFor();
    expect(await client.evaluate(() => navigator.onLine)).toBe(false);

    await client.goto(url(casePath));
    await client.getByRole('heading', { level: 1, name: CASE_TITLE }).waitFor();
    await savedNote(client).waitFor();
    await headerOffline(client).waitFor();

    await client.goto(url('/dashboard/user'));
    await client.getByRole('heading', { level: 1, name: `Welcome, ${FIRST_NAME}` }).waitFor();
    await savedNote(client).waitFor();
  });

  it('offline, an action that needs the network is disabled and explains itself', async () => {
    await client.goto(url(`${casePath}?tab=documents`));
    const upload = client.getByRole('button', { name: 'Upload a document' });
    await upload.waitFor();
    expect(await upload.isDisabled()).toBe(true);
    const reason = client.getByText('Needs an internet connection. You are offline.').first();
    await reason.waitFor();
    expect(await upload.getAttribute('aria-describedby')).toBe(await reason.getAttribute('id'));
  });

  it('going online refreshes what is on screen without a reload', async () => {
    await client.goto(url('/cases?status=IN_PROGRESS'));
    await savedNote(client).waitFor();
    const marker = await client.evaluate(() => {
      (window as unknown as { __notReloaded: boolean }).__notReloaded = true;
      return true;
    });
    expect(marker).toBe(true);

    await phone.context.setOffline(false);
    await savedNote(client).waitFor({ state: 'detached', timeout: 20_000 });
    await headerOffline(client).waitFor({ state: 'detached' });
    await client.getByRole('link', { name: CASE_TITLE }).waitFor();
    expect(await client.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded)).toBe(true);
    await phone.context.setOffline(true);
  });

  it('back online, a reload shows the server’s data and no note', async () => {
    await phone.context.setOffline(false);
    await client.waitForFunction(() => navigator.onLine);
    await client.goto(url('/cases?status=IN_PROGRESS'));
    await client.getByRole('link', { name: CASE_TITLE }).waitFor();
    expect(await savedNote(client).count()).toBe(0);
    expect(await headerOffline(client).count()).toBe(0);
  });

  it('signing out deletes every stored answer of the client from the phone', async () => {
    expect((await storedUrls(client)).length).toBeGreaterThan(0);
    await client.getByRole('button', { name: `Account menu for ${FULL_NAME}` }).click();
    await client.locator('#user-menu-panel').getByRole('button', { name: 'Sign Out' }).click();
    await waitForPath(client, '/');
    await waitForStored(client, (urls) => urls.length === 0);
  });
});
