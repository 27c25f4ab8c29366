/**
 * Notifications, live and pushed (issue 5), in Debian's Chromium on phones against the built app
 * with the demo data:
 * - the admin approves a pending lawyer in the UI, and the lawyer — signed in on another phone —
 *   sees a banner within 1 s of the approval's answer, over STOMP;
 * - the lawyer's dropdown lists it with its badge; a swipe left marks one read; another tab of the
 *   same phone follows the read state; "Load more" pages; "Mark all as read" clears the badge;
 * - a push delivered through the DevTools protocol to an installed app with no window open is
 *   shown by the service worker, and lands in the list when the app is then opened offline.
 *
 * One server and one browser for the file (plus one persistent profile for the push test, which
 * needs a service worker and a granted permission that outlive the page).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  launchPersistentPhone,
  newPhoneContext,
  pushWithNoWindow,
  signIn,
  type PersistentPhone,
} from '../helpers/browser';
import { apiCall as callApi, startServer, type E2EServer } from '../helpers/e2e-server';

const PASSWORD = 'Demo@2026';
const ADMIN = 'admin@legalconnect.test';
const PENDING_LAWYER = 'lawyer5@legalconnect.test';
const CLIENT = 'client1@legalconnect.test';
const APPROVED_TEXT = 'Your lawyer profile has been approved. Clients can now find you in the LegalConnect directory.';

let server: E2EServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let lawyer: Page;
let lawyerContext: BrowserContext;

const url = (path: string) => new URL(path, server.baseURL).href;

const apiCall = <T>(path: string, init: Parameters<typeof callApi>[2] = {}) => callApi<T>(server, path, init);

async function login(email: string): Promise<{ token: string; id: string }> {
  const { status, data } = await apiCall<{ token: string; id: string }>('/v1/auth/login', {
    method: 'POST',
    body: { email, password: PASSWORD },
  });
  expect(status).toBe(200);
  return data;
}

function bell(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
}

function panel(page: Page) {
  return page.getByRole('region', { name: 'Notifications', exact: true });
}

/** The bell's accessible name carries the unread count ("Notifications, 3 unread"). */
async function unreadOnBell(page: Page, expected: number): Promise<void> {
  const name = expected === 0 ? /^Notifications$/ : new RegExp(`^Notifications, ${expected} unread$`);
  await page.getByRole('banner').getByRole('button', { name }).waitFor();
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ demoData: true }), launchBrowser()]);
  lawyerContext = await newPhoneContext(browser);
  contexts.push(lawyerContext);
  lawyer = await lawyerContext.newPage();
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
  await server?.stop();
});

describe('live notifications', () => {
  it('the admin approves a lawyer in the app and the lawyer sees a banner within 1 s', async () => {
    await signIn(lawyer, server.baseURL, PENDING_LAWYER, PASSWORD, '/dashboard/lawyer');
    await unreadOnBell(lawyer, 0);

    const adminToken = (await login(ADMIN)).token;
    const pending = await apiCall<{ lawyers: { lawyerId: string; user: { email: string } }[] }>(
      '/v1/admin/lawyers/pending?size=100',
      { token: adminToken },
    );
    const target = pending.data.lawyers.find((row) => row.user.email === PENDING_LAWYER);
    expect(target).toBeDefined();

    const adminContext = await newPhoneContext(browser);
    contexts.push(adminContext);
    const admin = await adminContext.newPage();
    await signIn(admin, server.baseURL, ADMIN, PASSWORD, '/dashboard/admin');
    await admin.goto(url(`/admin/lawyers/${target?.lawyerId}`));
    const decision = admin.getByRole('region', { name: 'Decision' });
    await decision.getByRole('button', { name: 'Approve', exact: true }).click();
    const approved = admin.waitForResponse((response) => /\/approve$/.test(new URL(response.url()).pathname));
    await decision.getByRole('button', { name: 'Yes, approve' }).click();
    expect((await approved).status()).toBe(200);
    const answeredAt = Date.now();

    const banner = lawyer.getByRole('region', { name: 'New notification' }).getByText(APPROVED_TEXT);
    await banner.waitFor({ timeout: 1000 });
    expect(Date.now() - answeredAt).toBeLessThanOrEqual(1000);
    await unreadOnBell(lawyer, 1);
    await admin.close();
  });

  it('the dropdown lists it; a swipe left marks it read, and another tab follows', async () => {
    const otherTab = await lawyerContext.newPage();
    await otherTab.goto(url('/dashboard/lawyer'));
    await unreadOnBell(otherTab, 1);

    await bell(lawyer).click();
    const list = panel(lawyer);
    await list.getByRole('heading', { name: 'Notifications' }).waitFor();
    const item = list.getByRole('listitem').filter({ hasText: APPROVED_TEXT });
    await item.getByText('Account', { exact: true }).waitFor();
    await item.getByRole('button', { name: 'Mark as read' }).waitFor();

    // A swipe of 90 px to the left (threshold 80 px) on the item.
    const box = await item.boundingBox();
    expect(box).not.toBeNull();
    if (!box) return;
    const y = box.y + box.height / 2;
    const startX = box.x + box.width * 0.6;
    await lawyer.mouse.move(startX, y);
    await lawyer.mouse.down();
    for (let step = 1; step <= 9; step += 1) await lawyer.mouse.move(startX - step * 10, y);
    await lawyer.mouse.up();

    await item.getByRole('button', { name: 'Mark as read' }).waitFor({ state: 'detached' });
    await unreadOnBell(lawyer, 0);
    // The other tab heard it over BroadcastChannel, without a reload.
    await unreadOnBell(otherTab, 0);
    await otherTab.close();

    const { token } = await login(PENDING_LAWYER);
    const listed = await apiCall<{ notifications: { content: string; read: boolean }[] }>('/v1/notifications/', {
      token,
    });
    expect(listed.data.notifications.find((n) => n.content === APPROVED_TEXT)?.read).toBe(true);
    await lawyer.keyboard.press('Escape');
  });

  it('a short swipe does not mark read; Load more pages; Mark all as read clears the badge', async () => {
    const admin = await login(ADMIN);
    const me = await login(PENDING_LAWYER);
    for (let n = 1; n <= 22; n += 1) {
      const sent = await apiCall('/v1/notifications/send', {
        method: 'POST',
        token: admin.token,
        body: { receiverId: me.id, content: `Hearing note ${String(n).padStart(2, '0')}` },
      });
      expect(sent.status).toBe(201);
    }
    await unreadOnBell(lawyer, 22);

    // Live arrivals join the open list; a fresh start shows what paging alone gives.
    await lawyer.reload();
    await unreadOnBell(lawyer, 22);
    await bell(lawyer).click();
    const list = panel(lawyer);
    const newest = list.getByRole('listitem').filter({ hasText: 'Hearing note 22' });
    await newest.waitFor();
    // 40 px is under the threshold: the item springs back unread.
    const box = await newest.boundingBox();
    if (!box) throw new Error('no box');
    const y = box.y + box.height / 2;
    await lawyer.mouse.move(box.x + box.width * 0.6, y);
    await lawyer.mouse.down();
    for (let step = 1; step <= 4; step += 1) await lawyer.mouse.move(box.x + box.width * 0.6 - step * 10, y);
    await lawyer.mouse.up();
    await unreadOnBell(lawyer, 22);
    expect(await newest.getByRole('button', { name: 'Mark as read' }).count()).toBe(1);

    // 23 notifications, 20 a page: the approval is on the second page.
    expect(await list.getByRole('listitem').count()).toBe(20);
    await list.getByRole('button', { name: 'Load more notifications' }).click();
    await list.getByRole('listitem').filter({ hasText: APPROVED_TEXT }).waitFor();
    expect(await list.getByRole('listitem').count()).toBe(23);
    expect(await list.getByRole('button', { name: 'Load more notifications' }).count()).toBe(0);

    await list.getByRole('button', { name: 'Mark all as read' }).click();
    await unreadOnBell(lawyer, 0);
    expect(await list.getByRole('button', { name: 'Mark as read' }).count()).toBe(0);
    const count = await apiCall<{ unreadCount: number }>('/v1/notifications/unread-count', { token: me.token });
    expect(count.data.unreadCount).toBe(0);
  });

  it('shows the list in Bangla with Bengali digits', async () => {
    await lawyer.keyboard.press('Escape');
    await lawyer.evaluate(() => localStorage.setItem('language', 'bn'));
    await lawyer.reload();
    await lawyer
      .getByRole('banner')
      .getByRole('button', { name: /^বিজ্ঞপ্তি$/ })
      .click();
    const list = lawyer.getByRole('region', { name: 'বিজ্ঞপ্তি', exact: true });
    await list.getByRole('button', { name: 'সবগুলো পঠিত করুন' }).waitFor();
    await list.getByText('অ্যাকাউন্ট', { exact: true }).first().waitFor();
    await lawyer.evaluate(() => localStorage.setItem('language', 'en'));
  });
});

describe('web push while the app is closed', () => {
  let phone: PersistentPhone;

  beforeAll(async () => {
    phone = await launchPersistentPhone();
  });

  afterAll(async () => {
    await phone?.close();
  });

  it('the service worker shows a pushed notification and the app lists it when opened offline', async () => {
    const { context } = phone;
    await context.grantPermissions(['notifications'], { origin: server.baseURL });
    const app = await context.newPage();
    await signIn(app, server.baseURL, CLIENT, PASSWORD, '/dashboard/user');
    // Close the app: no window of it remains; the push arrives through DevTools.
    const pushed = {
      id: '5f0c9b4e-3a47-4c1e-9d2b-6a8e1f0c7b21',
      type: 'SCHEDULE_REMINDER',
      title: 'Schedule reminder',
      body: 'Court hearing tomorrow at 10:00, Dhaka Judge Court, room 4.',
      link: '/dashboard/user',
      createdAt: new Date().toISOString(),
    };
    const shown = await pushWithNoWindow(context, app, server.baseURL, pushed, (all) =>
      all.includes(`${pushed.title} | ${pushed.body}`),
    );
    expect(shown).toContain(`${pushed.title} | ${pushed.body}`);

    // Now the phone is offline, and the user opens the app from the home screen.
    await context.setOffline(true);
    const reopened = await context.newPage();
    await reopened.goto(url('/'));
    await reopened
      .getByRole('banner')
      .getByRole('button', { name: /^Notifications, 1 unread$/ })
      .waitFor();
    await bell(reopened).click();
    const list = panel(reopened);
    await list.getByText('Saved on this phone — may be out of date.').waitFor();
    await list.getByRole('listitem').filter({ hasText: pushed.body }).waitFor();
    await reopened.screenshot({ path: 'reports/notifications-offline.png' }).catch(() => undefined);
    await context.setOffline(false);
  });
});
