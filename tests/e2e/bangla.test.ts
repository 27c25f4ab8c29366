/**
 * Bangla first (issue 20), in Debian's Chromium against the built app with the demo data: a client
 * whose account language is Bangla gets the mailed code, and then — signed in on a phone in the
 * Bangla interface — a case notification, a chat message notification and a meeting-price
 * notification, each in Bangla with Bengali digits and the taka as people write it. Every sentence
 * is checked for Bengali script, allowing proper names and the product name.
 * (A push with no window open is notifications.test.ts's; the server writes its payload with the
 * same templates in the reader's language, server/modules/notifications.)
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPhoneContext, waitForPath } from '../helpers/browser';
import { codeFrom, startServer, waitForMail, type E2EServer } from '../helpers/e2e-server';

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
let phone: Page;
let lawyer: { token: string; id: string; firstName: string; lastName: string };
let client: { token: string; id: string };

const url = (path: string) => new URL(path, server.baseURL).href;

async function api<T>(path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const response = await fetch(url(path), {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const json = (await response.json()) as { data: T };
  return { status: response.status, data: json.data };
}

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

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ demoData: true }), launchBrowser()]);
  const context = await newPhoneContext(browser);
  await context.addInitScript(() => localStorage.setItem('language', 'bn'));
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
    await phone.goto(url('/login'));
    await phone.getByLabel('ইমেইল', { exact: true }).fill(CLIENT.email);
    await phone.getByLabel('পাসওয়ার্ড', { exact: true }).fill(CLIENT.password);
    await phone.getByRole('button', { name: 'সাইন ইন', exact: true }).click();
    await waitForPath(phone, '/dashboard/user');
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
});
