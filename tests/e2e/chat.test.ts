/**
 * Direct chat (issue 6) in Debian's Chromium on two phones against the built app with demo data:
 * a client messages a lawyer from the lawyer's page with docs/product.md §5's default first message; the lawyer
 * sees the unread badge and the message live, answers, and the client sees the answer live and a
 * read receipt on their own message. Then the client's phone goes offline, they send 5 messages,
 * reload the app while still offline (the history and the 5 pending are still there), and come back
 * online: all 5 arrive once, in order, on the lawyer's screen.
 *
 * The client uses a persistent profile (the service worker must serve the app offline); the lawyer
 * an ordinary context. One server and one browser for the file.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  launchPersistentPhone,
  newPhoneContext,
  signIn,
  waitForPath,
  type PersistentPhone,
} from '../helpers/browser';
import { startServer, type E2EServer } from '../helpers/e2e-server';

const PASSWORD = 'Demo@2026';
const CLIENT = 'client2@legalconnect.test';
const LAWYER = 'lawyer3@legalconnect.test';
const FIRST = "Hello! I'd like to discuss my legal needs with you.";
const REPLY = 'Of course. Please send me a photo of the rent agreement.';

let server: E2EServer;
let browser: Browser;
let phone: PersistentPhone;
let client: Page;
let lawyer: Page;
let threadPath = '';

const url = (path: string) => new URL(path, server.baseURL).href;
const bubbles = (page: Page) => page.locator('.chat-messages .chat-text');

beforeAll(async () => {
  [server, browser, phone] = await Promise.all([
    startServer({ demoData: true }),
    launchBrowser(),
    launchPersistentPhone(),
  ]);
  client = await phone.context.newPage();
  const lawyerContext = await newPhoneContext(browser);
  lawyer = await lawyerContext.newPage();
  await Promise.all([
    signIn(client, server.baseURL, CLIENT, PASSWORD, '/dashboard/user'),
    signIn(lawyer, server.baseURL, LAWYER, PASSWORD, '/dashboard/lawyer'),
  ]);
});

afterAll(async () => {
  await phone?.close();
  await browser?.close();
  await server?.stop();
});

describe('chat between a client and a lawyer', () => {
  it('the client messages the lawyer from their page with the default first message', async () => {
    await client.goto(url(`/lawyers/${encodeURIComponent(LAWYER)}/details`));
    await client.getByRole('button', { name: 'Message', exact: true }).click();
    await waitForPath(client, '/chat');
    const composer = client.getByRole('textbox', { name: 'Message' });
    expect(await composer.inputValue()).toBe(FIRST);
    await client.getByRole('button', { name: 'Send', exact: true }).click();
    await client.waitForURL((address) => /^\/chat\/[0-9a-f-]{36}$/.test(address.pathname));
    threadPath = new URL(client.url()).pathname;
    await bubbles(client).filter({ hasText: FIRST }).waitFor();
  });

  it('the lawyer sees it live with an unread badge, answers, and the client sees the answer and "Read"', async () => {
    const dropdown = lawyer.getByRole('banner').getByRole('button', { name: 'Messages, 1 unread' });
    await dropdown.waitFor();
    await dropdown.click();
    const panel = lawyer.getByRole('region', { name: 'Messages', exact: true });
    const row = panel.getByRole('link').filter({ hasText: FIRST });
    await row.waitFor();
    await row.click();
    await waitForPath(lawyer, threadPath);
    await bubbles(lawyer).filter({ hasText: FIRST }).waitFor();
    await lawyer.getByRole('banner').getByRole('button', { name: 'Messages', exact: true }).waitFor();

    await lawyer.getByRole('textbox', { name: 'Message' }).fill(REPLY);
    await lawyer.keyboard.press('Enter');
    await bubbles(client).filter({ hasText: REPLY }).waitFor();
    await client.locator('.chat-bubble.is-mine').filter({ hasText: FIRST }).getByText('✓✓ Read').waitFor();
  });

  it('five messages written offline survive a reload offline and arrive once, in order, when back online', async () => {
    await client.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 30_000 });
    await phone.context.setOffline(true);
    const composer = client.getByRole('textbox', { name: 'Message' });
    const texts = [1, 2, 3, 4, 5].map((n) => `Written on the bus, part ${n}`);
    for (const text of texts) {
      await composer.fill(text);
      await composer.press('Enter');
      await client.locator('.chat-bubble.is-pending').filter({ hasText: text }).waitFor();
    }

    // A reload with no network: the app comes from the service worker, the history from the
    // device's chat store, and the 5 from the outbox.
    await client.reload();
    await bubbles(client).filter({ hasText: FIRST }).waitFor();
    await bubbles(client).filter({ hasText: REPLY }).waitFor();
    for (const text of texts) {
      await client.locator('.chat-bubble.is-pending').filter({ hasText: text }).waitFor();
    }
    await client.getByText('You are offline. Messages you write now are sent when the connection returns.').waitFor();

    await phone.context.setOffline(false);
    await bubbles(lawyer).filter({ hasText: texts[4] }).waitFor({ timeout: 30_000 });
    const onLawyer = (await bubbles(lawyer).allInnerTexts()).filter((text) => text.startsWith('Written on the bus'));
    expect(onLawyer).toEqual(texts);
    // And on the client's phone nothing is pending any more.
    await client.locator('.chat-bubble.is-pending').first().waitFor({ state: 'detached', timeout: 30_000 });
    // Stored once each: a reload of the lawyer's thread from the server shows the same five.
    await lawyer.reload();
    await bubbles(lawyer).filter({ hasText: texts[4] }).waitFor();
    expect((await bubbles(lawyer).allInnerTexts()).filter((text) => text.startsWith('Written on the bus'))).toEqual(
      texts,
    );
  });
});
