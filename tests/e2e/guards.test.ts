/**
 * Every route guard rule of docs/product.md §2, observed in Debian's Chromium on a phone against the built app
 * and a real server: signed out → /login (and back to the wanted page after signing in), unverified
 * → /email-verification, verified on /email-verification → own dashboard, role mismatch → own
 * dashboard, AI session id shape, the admin's header, where the footer shows, the 404 page, and a
 * session revoked on the server that ends in the browser on the next API call.
 *
 * One server (with the demo accounts) and one browser for the file. The signed-in client, lawyer and
 * admin each keep one context for the whole file, as one person on one phone would.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headerNavItems, launchBrowser, newPhoneContext, signIn, storedAuth, waitForPath } from '../helpers/browser';
import { startServer, type E2EServer } from '../helpers/e2e-server';

const DEMO_PASSWORD = 'Demo@2026';

let server: E2EServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let client: Page;
let lawyer: Page;

const url = (path: string) => new URL(path, server.baseURL).href;

async function newPage(): Promise<Page> {
  const context = await newPhoneContext(browser);
  contexts.push(context);
  return context.newPage();
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ demoData: true }), launchBrowser()]);
  [client, lawyer] = await Promise.all([newPage(), newPage()]);
  await Promise.all([
    signIn(client, server.baseURL, 'client1@legalconnect.test', DEMO_PASSWORD, '/dashboard/user'),
    signIn(lawyer, server.baseURL, 'lawyer1@legalconnect.test', DEMO_PASSWORD, '/dashboard/lawyer'),
  ]);
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
  await server?.stop();
});

/**
 * Opens `path` by address (a full page load, as a bookmark or a shared link would), waits to land
 * on `landsOn` and for that screen to render — the guard has decided by then, so a path that should
 * stay put is not passed merely because the check ran before the app did.
 */
async function open(page: Page, path: string, landsOn: string): Promise<void> {
  await page.goto(url(path));
  await settlesOn(page, landsOn, path);
}

/** Waits for `path` and for a screen other than the login form to render there, then checks it stayed. */
async function settlesOn(page: Page, path: string, from = path): Promise<void> {
  await waitForPath(page, path);
  if (path !== '/login') {
    await page.getByRole('heading', { level: 1, name: 'Sign in', exact: true }).waitFor({ state: 'detached' });
  }
  await heading(page);
  expect(new URL(page.url()).pathname, `${from} should land on ${path}`).toBe(path);
}

/** The visible h1 of the screen now shown. */
async function heading(page: Page): Promise<string> {
  const h1 = page.getByRole('main').getByRole('heading', { level: 1 });
  await h1.waitFor();
  return (await h1.innerText()).trim();
}

describe('route guards (docs/product.md §2)', () => {
  it('sends a signed-out visitor from a protected page to /login, and back to that page after signing in', async () => {
    const page = await newPage();
    await open(page, '/cases', '/login');
    expect(await heading(page)).toBe('Sign in');
    await page.getByLabel('Email', { exact: true }).fill('client3@legalconnect.test');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await settlesOn(page, '/cases');

    // The same for a deep link with a parameter.
    const other = await newPage();
    await open(other, '/lawyers/lawyer2%40legalconnect.test/details', '/login');
    await other.getByLabel('Email', { exact: true }).fill('client3@legalconnect.test');
    await other.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await other.getByRole('button', { name: 'Sign in', exact: true }).click();
    await settlesOn(other, '/lawyers/lawyer2%40legalconnect.test/details');
  });

  it('sends a registered but unverified user to /email-verification', async () => {
    const email = `unverified.${Date.now().toString(36)}@example.com`;
    const password = 'Sylhet@2026';
    const registered = await fetch(url('/v1/auth/register'), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ firstName: 'Rina', lastName: 'Das', email, password, role: 'USER' }),
    });
    expect(registered.status).toBeLessThan(300);

    const page = await newPage();
    // Signing in heads for the dashboard; the guard stops the unverified user first.
    await signIn(page, server.baseURL, email, password, '/email-verification');
    await page.getByText(`We sent a 6-digit code to ${email}.`).waitFor();
    for (const path of ['/dashboard/user', '/profile', '/ai-chat']) {
      await open(page, path, '/email-verification');
    }
    // "Signed in" alone is enough for some screens (docs/product.md §2): no verification asked there.
    await open(page, '/find-lawyer', '/find-lawyer');
  });

  it('sends a verified user away from /email-verification to their own dashboard', async () => {
    await open(client, '/email-verification', '/dashboard/user');
    await open(lawyer, '/email-verification', '/dashboard/lawyer');
  });

  it('sends a role mismatch to the user’s own dashboard', async () => {
    await open(client, '/meetings', '/dashboard/user');
    await open(client, '/lawyer/blogs', '/dashboard/user');
    await open(lawyer, '/my-meetings', '/dashboard/lawyer');
    // And the pages of their own role open.
    await open(client, '/my-meetings', '/my-meetings');
    await open(lawyer, '/meetings', '/meetings');
    await open(lawyer, '/lawyer/blogs', '/lawyer/blogs');
  });

  it('accepts only AI session ids shaped like a UUID or session_{digits}_{alphanumerics}', async () => {
    await open(client, '/ai-chat/not-a-valid-id', '/ai-chat');
    await open(client, '/ai-chat/session_123_abc', '/ai-chat/session_123_abc');
    await open(
      client,
      '/ai-chat/1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b',
      '/ai-chat/1b4e28ba-2fa1-4d3b-a3f5-ef19b5a7633b',
    );
    await open(client, '/ai-chat/session_123_', '/ai-chat');
  });

  it("shows the admin's header items and dashboard", async () => {
    const admin = await newPage();
    await signIn(admin, server.baseURL, 'admin@legalconnect.test', DEMO_PASSWORD, '/dashboard/admin');
    // The dashboard shows the admin's own data once GET /user/user-info answers.
    await admin.getByRole('heading', { level: 1, name: 'Welcome, Farhana' }).waitFor();
    expect(await headerNavItems(admin)).toEqual(['Admin Dashboard', 'Manage Lawyers', 'Feedback', 'Complaints']);
    await open(admin, '/admin/feedback', '/admin/feedback');
    // The admin-only screens turn other roles back to their own dashboard.
    await open(client, '/admin/complaints', '/dashboard/user');
  });

  it('hides the footer on the AI and chat-history screens and shows it on the dashboard', async () => {
    const footer = client.getByRole('contentinfo');
    for (const path of ['/ai-chat', '/chat-history']) {
      await open(client, path, path);
      expect(await footer.count(), path).toBe(0);
    }
    await open(client, '/dashboard/user', '/dashboard/user');
    await footer.waitFor();
    expect(await footer.innerText()).toContain(String(new Date().getFullYear()));
  });

  it('shows the 404 page for an unknown address', async () => {
    const page = await newPage();
    await page.goto(url('/no/such/page'));
    expect(await heading(page)).toBe('Page not found');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await waitForPath(page, '/');
  });

  it('ends a session revoked on the server at the next API call: /login, keys cleared', async () => {
    const page = await newPage();
    await signIn(page, server.baseURL, 'client1@legalconnect.test', DEMO_PASSWORD, '/dashboard/user');
    const { auth_token: token } = await storedAuth(page);
    expect(token).toBeTruthy();

    // Revoke the session behind the browser's back, as a sign-out on another device or an admin would.
    const logout = await fetch(url('/v1/user/logout'), {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(logout.status).toBe(200);

    // The dashboard asks GET /v1/user/user-info: 401, the refresh is refused too, so the session ends.
    await page.goto(url('/dashboard/user'));
    await waitForPath(page, '/login');
    await page.waitForFunction(() => localStorage.getItem('auth_token') === null);
    expect(await storedAuth(page)).toEqual({
      auth_token: null,
      auth_isLoggedIn: null,
      auth_userType: null,
      auth_userInfo: null,
    });
    expect(await headerNavItems(page)).toContain('Sign In');

    // Signing in again returns to the page that found the session gone.
    await page.getByLabel('Email', { exact: true }).fill('client1@legalconnect.test');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await settlesOn(page, '/dashboard/user');
  });
});
