/**
 * Bangla first (issue 20), in Debian's Chromium against the built app with the demo data: a client
 * whose account language is Bangla gets the mailed code, and then — signed in on a phone in the
 * Bangla interface — a case notification, a chat message notification and a meeting-price
 * notification, each in Bangla with Bengali digits and the taka as people write it; and a push with
 * no window of the app open: the server's own payload, taken from a stand-in for the browser's push
 * service (tests/helpers/push-stand-in.ts: the real one is out of reach here) and delivered to the
 * installed app's service worker. Every sentence is checked for Bengali script, allowing proper
 * names and the product name.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  launchPersistentPhone,
  newPhoneContext,
  pushWithNoWindow,
  waitForPath,
  type PersistentPhone,
} from '../helpers/browser';
import { apiCall, codeFrom, startServer, waitForMail, type E2EServer } from '../helpers/e2e-server';
import { browserKeys, decryptPush, PushService } from '../helpers/push-stand-in';

const PASSWORD = 'Demo@2026';
const LAWYER = 'lawyer1@legalconnect.test';
const CLIENT = {
  firstName: 'সাদিয়া',
  lastName: 'করিম',
  email: `sadia.${Date.now().toString(36)}@example.com`,
  password: 'Dhaka#2026ok',
};

let server: E2EServer;
let browser: Browser;
let pushService: PushService;
let pushDir: string;
let phone: Page;
let lawyer: { token: string; id: string; firstName: string; lastName: string };
let client: { token: string; id: string };

const url = (path: string) => new URL(path, server.baseURL).href;

const api = <T>(path: string, init: Parameters<typeof apiCall>[2] = {}) => apiCall<T>(server, path, init);

/**
 * Fails unless every word of `text` is Bengali script: Latin words other than `names` and the
 * product's, and Western digits, are what a Bangla reader should never meet.
 */
function expectBangla(text: string, names: readonly string[] = []): void {
  let rest = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/\S+@\S+/g, ' ')
    .replaceAll('LegalConnect', ' ');
  for (const name of names) rest = rest.replaceAll(name, ' ');
  expect(rest.match(/[A-Za-z]{2,}/g) ?? [], text).toEqual([]);
  expect(rest.match(/[0-9]/g) ?? [], text).toEqual([]);
  expect(rest, text).toMatch(/[\u0980-\u09FF]/);
}

function bell(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /^বিজ্ঞপ্তি/ });
}

/** Opens the bell's panel until `text` shows in it, and returns everything the panel says. */
async function panelShowing(page: Page, text: string | RegExp): Promise<string> {
  const panel = page.getByRole('region', { name: 'বিজ্ঞপ্তি', exact: true });
  if (!(await panel.isVisible())) await bell(page).click();
  await panel.getByText(text).first().waitFor();
  return panel.innerText();
}

async function closePanel(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
}

/** Signs the client in through the Bangla /login. */
async function signInBangla(page: Page): Promise<void> {
  await page.goto(url('/login'));
  await page.getByLabel('ইমেইল', { exact: true }).fill(CLIENT.email);
  await page.getByLabel('পাসওয়ার্ড', { exact: true }).fill(CLIENT.password);
  await page.getByRole('button', { name: 'সাইন ইন', exact: true }).click();
  await waitForPath(page, '/dashboard/user');
}

async function inBangla(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => localStorage.setItem('language', 'bn'));
}

beforeAll(async () => {
  pushDir = mkdtempSync(join(tmpdir(), 'legalconnect-push-'));
  pushService = new PushService();
  await pushService.start(pushDir);
  [server, browser] = await Promise.all([
    startServer({
      demoData: true,
      // The server trusts the stand-in's certificate and may push to its address.
      env: { PUSH_ENDPOINT_HOSTS: new URL(pushService.url).host, NODE_EXTRA_CA_CERTS: pushService.certFile },
    }),
    launchBrowser(),
  ]);
  const context = await newPhoneContext(browser);
  await inBangla(context);
  phone = await context.newPage();
  const login = await api<{ token: string; id: string; firstName: string; lastName: string }>('/v1/auth/login', {
    method: 'POST',
    body: { email: LAWYER, password: PASSWORD },
  });
  expect(login.status).toBe(200);
  lawyer = login.data;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await pushService?.stop();
  rmSync(pushDir, { recursive: true, force: true });
});

describe('a client whose account is in Bangla', () => {
  it('gets the sign-up code by mail in Bangla', async () => {
    const registered = await api('/v1/auth/register', {
      method: 'POST',
      body: { ...CLIENT, role: 'USER', language: 'bn' },
    });
    expect(registered.status).toBe(201);
    const mail = await waitForMail(server, CLIENT.email);
    expectBangla(mail.subject);
    const code = codeFrom(mail);
    // The code itself is in the digits people type; every sentence around it (text and HTML) is Bangla.
    expectBangla(mail.text.replaceAll(code, ' '), [CLIENT.firstName, CLIENT.lastName]);

    const verified = await api<{ token: string; id: string }>('/v1/auth/verify-email', {
      method: 'POST',
      body: { email: CLIENT.email, otp: code },
    });
    expect(verified.status).toBe(200);
    client = verified.data;
  });

  it('signs in to the Bangla interface and hears of a new case in Bangla', async () => {
    await signInBangla(phone);
    await bell(phone).waitFor();

    const opened = await api('/v1/case/', {
      method: 'POST',
      token: lawyer.token,
      body: { title: 'সাভারে জমির সীমানা বিরোধ', clientEmail: CLIENT.email, description: 'দলিল ও নামজারি' },
    });
    expect(opened.status).toBe(201);
    const said = await panelShowing(phone, /সাভারে জমির সীমানা বিরোধ/);
    expectBangla(said, [lawyer.firstName, lawyer.lastName]);
    await closePanel(phone);
  });

  it('hears of a chat message in Bangla', async () => {
    const sent = await api('/v1/chat/send', {
      method: 'POST',
      token: lawyer.token,
      body: { receiverId: client.id, content: 'আগামীকাল দলিলের কপি সঙ্গে আনবেন।' },
    });
    expect(sent.status).toBe(201);
    const said = await panelShowing(phone, new RegExp(lawyer.firstName));
    const line = said.split('\n').find((l) => l.includes(lawyer.firstName) && !l.includes('সাভারে')) ?? said;
    expectBangla(line, [lawyer.firstName, lawyer.lastName]);
    expectBangla(said, [lawyer.firstName, lawyer.lastName]);
    await closePanel(phone);
  });

  it('hears of a meeting and its price in Bangla, with the taka in Bengali digits', async () => {
    const start = new Date(Date.now() + 26 * 60 * 60_000);
    start.setUTCMinutes(0, 0, 0);
    const end = new Date(start.getTime() + 60 * 60_000);
    const meeting = await api('/v1/videocalls/', {
      method: 'POST',
      token: lawyer.token,
      body: {
        email: CLIENT.email,
        title: 'দলিল নিয়ে পরামর্শ',
        startDateTime: start.toISOString(),
        endDateTime: end.toISOString(),
      },
    });
    expect(meeting.status, JSON.stringify(meeting.data)).toBe(201);
    const said = await panelShowing(phone, /৳[০-৯]/);
    expect(said).toMatch(/৳[০-৯]{1,2}(,[০-৯]{2,3})*/);
    expectBangla(said, [lawyer.firstName, lawyer.lastName]);
  });

  describe('with no window of the app open', () => {
    let installed: PersistentPhone;
    beforeAll(async () => {
      installed = await launchPersistentPhone();
      await inBangla(installed.context);
    });
    afterAll(async () => {
      await installed?.close();
    });

    it('gets a push in Bangla, written by the server and shown by the service worker', async () => {
      const { context } = installed;
      await context.grantPermissions(['notifications'], { origin: server.baseURL });
      const app = await context.newPage();
      await signInBangla(app);

      // The push subscription the browser would have made (its keys decrypt what the server sends).
      const keys = browserKeys();
      const subscribed = await api('/v1/push/subscriptions', {
        method: 'POST',
        token: client.token,
        body: { endpoint: `${pushService.url}/push/sadia`, keys: keys.keys },
      });
      expect(subscribed.status).toBe(201);
      const sent = await api('/v1/chat/send', {
        method: 'POST',
        token: lawyer.token,
        body: { receiverId: client.id, content: 'শুনানির তারিখ পিছিয়েছে।' },
      });
      expect(sent.status).toBe(201);
      await expect.poll(() => pushService.received.length, { timeout: 15_000 }).toBeGreaterThan(0);
      const payload = decryptPush<{ title: string; body: string }>(pushService.received.at(-1), keys);
      const names = [lawyer.firstName, lawyer.lastName];
      expectBangla(`${payload.title} ${payload.body}`, names);

      const line = `${payload.title} | ${payload.body}`;
      const shown = await pushWithNoWindow(context, app, server.baseURL, payload, (all) => all.includes(line));
      expect(shown).toContain(line);
    });
  });
});
