/**
 * The AI legal assistant (issue 10) in Debian's Chromium on a phone against the built app with demo
 * data: a client asks in Bangla on /ai-chat, sees the answer with its cited sections, opens one
 * section's text, and follows the lawyer suggestion into /find-lawyer filtered by that
 * specialization. Then, with the connection gone, the chat is reopened from /chat-history: the
 * service worker answers the session list and the history from the phone (sw/api-cache.ts keeps
 * /ai/v1 reads too) and the screen says it is showing what was saved.
 *
 * No language model is configured, so the answer is the composed (extractive) one — deterministic.
 * One server and one persistent browser for the file; the tests run in order, as one user would.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchPersistentPhone, signIn, type PersistentPhone } from '../helpers/browser';
import { startServer, type E2EServer } from '../helpers/e2e-server';

const PASSWORD = 'Demo@2026';
const CLIENT = 'client1@legalconnect.test';
const QUESTION = 'যৌতুক দাবি করলে শাস্তি কী?';
const DOWRY_ACT = 'যৌতুক নিরোধ আইন, ২০১৮';
const SAVED_NOTE = /^Offline — showing what was saved (just now|\d+m ago)$/;

let server: E2EServer;
let phone: PersistentPhone;
let client: Page;
let sessionPath = '';

const url = (path: string) => new URL(path, server.baseURL).href;
const savedNote = (page: Page) => page.getByRole('main').getByText(SAVED_NOTE);

beforeAll(async () => {
  [server, phone] = await Promise.all([startServer({ demoData: true }), launchPersistentPhone()]);
  client = await phone.context.newPage();
  await signIn(client, server.baseURL, CLIENT, PASSWORD, '/dashboard/user');
  await client.waitForFunction(() => Boolean(navigator.serviceWorker?.controller), undefined, { timeout: 30_000 });
});

afterAll(async () => {
  await phone?.context.setOffline(false).catch(() => undefined);
  await phone?.close();
  await server?.stop();
});

describe('the AI legal assistant', { timeout: 90_000 }, () => {
  it('answers a Bangla question with cited sections; one opens; the lawyer chip filters the directory', async () => {
    await client.goto(url('/ai-chat'));
    await client.getByRole('heading', { level: 1, name: 'AI legal assistant' }).waitFor();
    await client.getByLabel('Your question').fill(QUESTION);
    await client.getByRole('button', { name: 'Ask', exact: true }).click();

    // The first answer gives the chat its own address.
    await client.waitForURL((address) => /^\/ai-chat\/[0-9a-f-]{36}$/.test(address.pathname), { timeout: 60_000 });
    sessionPath = new URL(client.url()).pathname;

    const sources = client.getByRole('region', { name: 'Sources' });
    const first = sources.getByRole('article', { name: `${DOWRY_ACT}, section 3` });
    await first.waitFor();
    // The answer text links each claim to its source, and ends with the not-legal-advice line.
    await client.getByRole('link', { name: '[1]', exact: true }).first().waitFor();
    await client
      .getByText(/আইনি পরামর্শ নয়/)
      .first()
      .waitFor();

    // The section's text is folded away until asked for.
    const text = first.locator('details p');
    expect(await text.isVisible()).toBe(false);
    await first.getByText('Show the section text').click();
    await text.waitFor({ state: 'visible' });
    expect(await text.textContent()).toMatch(/যৌতুক/);
    const official = first.getByRole('link', { name: /^Official text of .* on bdlaws/ });
    expect(await official.getAttribute('href')).toMatch(/^https?:\/\/bdlaws\.minlaw\.gov\.bd\//);

    const lawyers = client.getByRole('navigation', { name: 'Lawyers for this' });
    await lawyers.getByRole('link', { name: 'Find a Family Law lawyer' }).click();
    await client.waitForURL((address) => address.pathname === '/find-lawyer');
    expect(new URL(client.url()).searchParams.get('spec')).toBe('FAMILY_LAW');
    const search = client.getByRole('search');
    await client.getByRole('heading', { level: 1, name: 'Find Lawyers' }).waitFor();
    expect(await search.getByLabel('Specialization', { exact: true }).inputValue()).toBe('FAMILY_LAW');
  });

  it('lists the chat in /chat-history; opening it there shows the conversation from the server', async () => {
    await client.goto(url('/chat-history'));
    await client.getByRole('heading', { level: 1, name: 'Chat history' }).waitFor();
    await client.getByRole('link', { name: QUESTION, exact: true }).click();
    await client.waitForURL((address) => address.pathname === sessionPath);
    await client.getByText(QUESTION, { exact: true }).last().waitFor();
    // A full load too, so both reads have come from the network through the service worker.
    await client.goto(url(sessionPath));
    await client.getByRole('region', { name: 'Sources' }).first().waitFor();
    expect(await savedNote(client).count()).toBe(0);
  });

  it('offline, the chat reopens from /chat-history with what was saved on the phone', async () => {
    await phone.context.setOffline(true);
    await client.goto(url('/chat-history'));
    await client.getByRole('heading', { level: 1, name: 'Chat history' }).waitFor();
    await savedNote(client).waitFor();
    await client.getByRole('link', { name: QUESTION, exact: true }).click();
    await client.waitForURL((address) => address.pathname === sessionPath);

    await client.getByRole('region', { name: 'Sources' }).first().getByRole('article').first().waitFor();
    await client
      .getByRole('article', { name: `${DOWRY_ACT}, section 3` })
      .first()
      .waitFor();
    await savedNote(client).waitFor();
  });
});
