/**
 * The whole sign-up / sign-in journey of issue 2 in Debian's Chromium on a phone, against the built
 * app and a real server: a visitor registers as a client (live password checklist, required
 * consent), reads the 6-digit code from the mail folder, verifies, lands on their dashboard with the
 * session stored under docs/product.md §3's keys, signs out (ended on the server too) and signs in again. Also:
 * a wrong password, the forgotten-password flow, and a lawyer's registration.
 *
 * One server (with the demo accounts) and one browser for the file; every test has its own context.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  headerNavItems,
  launchBrowser,
  newPhoneContext,
  openHeaderMenu,
  storedAuth,
  waitForPath,
} from '../helpers/browser';
import { codeFrom, startServer, waitForMail, type E2EServer } from '../helpers/e2e-server';

const VISITOR_ITEMS = ['Home', 'Services', 'How It Works', 'About', 'Contact', 'Sign In', 'Sign Up'];
const USER_ITEMS = [
  'Dashboard',
  'My Cases',
  'Find Lawyers',
  'My meetings',
  'My bookings',
  'Law Insights',
  'Legal Chat (AI)',
  'Profile',
];
const LAWYER_ITEMS = ['Dashboard', 'Client Cases', 'Meetings', 'My posts', 'Law Insights', 'AI assistant', 'Profile'];
const DEMO_PASSWORD = 'Demo@2026';

let server: E2EServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ demoData: true }), launchBrowser()]);
});

afterAll(async () => {
  await Promise.all(contexts.map((context) => context.close()));
  await browser?.close();
  await server?.stop();
});

async function newPage(): Promise<Page> {
  const context = await newPhoneContext(browser);
  contexts.push(context);
  return context.newPage();
}

const url = (path: string) => new URL(path, server.baseURL).href;

/** A fresh address per run, so a re-run against the same server can never collide. */
const uniqueEmail = (who: string) =>
  `${who}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** The state the live checklist shows for one rule: its screen-reader suffix says done / still needed. */
async function ruleState(page: Page, rule: string): Promise<'done' | 'still needed'> {
  const item = page.getByRole('listitem').filter({ hasText: rule });
  const text = (await item.innerText()).trim();
  return text.endsWith('done') ? 'done' : 'still needed';
}

interface Registration {
  role: 'client' | 'lawyer';
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** Fills the registration form (consent ticked) and submits it. */
async function fillRegistration(page: Page, who: Registration): Promise<void> {
  await page.getByRole('radio', { name: who.role === 'client' ? /^A client/ : /^A lawyer/ }).check();
  await page.getByLabel('First name').fill(who.firstName);
  await page.getByLabel('Last name').fill(who.lastName);
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByLabel('Confirm password').fill(who.password);
  await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
}

/** On /email-verification: the newest mail to the address carries the code; enter it. */
async function verifyWithMailedCode(page: Page, email: string): Promise<void> {
  const code = codeFrom(await waitForMail(server, email));
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify email' }).click();
}

async function getUserInfo(token: string): Promise<number> {
  const response = await fetch(url('/v1/user/user-info'), { headers: { Authorization: `Bearer ${token}` } });
  return response.status;
}

describe('sign-up and sign-in journey', () => {
  it('registers a client, verifies with the mailed code, signs out on the server and signs in again', async () => {
    const page = await newPage();
    const client: Registration = {
      role: 'client',
      firstName: 'Sadia',
      lastName: 'Karim',
      email: uniqueEmail('sadia'),
      password: 'Dhaka#2026ok',
    };

    // A visitor's header.
    await page.goto(url('/'));
    expect(await headerNavItems(page)).toEqual(VISITOR_ITEMS);

    // Sign Up from the header.
    await openHeaderMenu(page);
    await page.getByRole('link', { name: 'Sign Up' }).click();
    await waitForPath(page, '/register');
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();

    // The live checklist ticks rule by rule as the password is typed.
    const password = page.getByLabel('Password', { exact: true });
    await password.pressSequentially('dhaka');
    expect(await ruleState(page, 'one lowercase letter')).toBe('done');
    expect(await ruleState(page, 'one uppercase letter')).toBe('still needed');
    expect(await ruleState(page, '8 to 100 characters')).toBe('still needed');
    await password.pressSequentially('D1');
    expect(await ruleState(page, 'one uppercase letter')).toBe('done');
    expect(await ruleState(page, 'one digit')).toBe('done');
    expect(await ruleState(page, 'one special character')).toBe('still needed');
    await password.pressSequentially('#');
    expect(await ruleState(page, 'one special character')).toBe('done');
    expect(await ruleState(page, '8 to 100 characters')).toBe('done');
    expect(await ruleState(page, 'no whitespace')).toBe('done');

    // Everything but consent: the form refuses and says why.
    await fillRegistration(page, client);
    await page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).uncheck();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Please accept the Terms of Service and the Privacy Policy to continue.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');
    const consent = page.getByRole('checkbox', { name: /I agree to the Terms of Service/ });
    expect(await consent.getAttribute('aria-invalid')).toBe('true');

    await consent.check();
    await page.getByRole('button', { name: 'Create account' }).click();

    // The verification screen names the address and the resend button counts down.
    await waitForPath(page, '/email-verification');
    await page.getByText(`We sent a 6-digit code to ${client.email}.`).waitFor();
    const resend = page.getByRole('button', { name: /^Send a new code \(\d+ s\)$/ });
    await resend.waitFor();
    expect(await resend.isDisabled()).toBe(true);
    const first = Number(/\((\d+) s\)/.exec(await resend.innerText())?.[1]);
    expect(first).toBeGreaterThan(50);
    expect(first).toBeLessThanOrEqual(60);
    // The countdown is running: a lower number replaces it.
    await page.waitForFunction(
      ([before]) =>
        [...document.querySelectorAll('button')].some((button) => {
          const seconds = /^Send a new code \((\d+) s\)$/.exec(button.textContent?.trim() ?? '')?.[1];
          return seconds !== undefined && Number(seconds) < before;
        }),
      [first] as const,
    );

    // The code from the newest .eml in the mail folder verifies the account.
    await verifyWithMailedCode(page, client.email);
    await waitForPath(page, '/dashboard/user');
    await page.getByRole('heading', { level: 1, name: `Welcome, ${client.firstName}` }).waitFor();
    const account = page.getByRole('region', { name: 'Your account' });
    await account.getByText(`${client.firstName} ${client.lastName}`, { exact: true }).waitFor();
    await account.getByText(client.email, { exact: true }).waitFor();
    await account.getByText('✓ Verified').waitFor();
    await account.getByText('Client', { exact: true }).waitFor();

    // The session under docs/product.md §3's keys.
    const stored = await storedAuth(page);
    expect(stored.auth_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored.auth_isLoggedIn).toBe('true');
    expect(stored.auth_userType).toBe('user');
    expect(JSON.parse(stored.auth_userInfo ?? 'null')).toMatchObject({
      email: client.email,
      firstName: client.firstName,
      lastName: client.lastName,
      role: 'USER',
      emailVerified: true,
    });
    const oldToken = stored.auth_token ?? '';
    expect(await getUserInfo(oldToken)).toBe(200);

    // A client's header and account menu.
    expect(await headerNavItems(page)).toEqual(USER_ITEMS);
    const fullName = `${client.firstName} ${client.lastName}`;
    const menuButton = page.getByRole('button', { name: `Account menu for ${fullName}` });
    expect((await menuButton.innerText()).trim()).toBe('S');
    await menuButton.click();
    const menu = page.locator('#user-menu-panel');
    await menu.getByText(fullName, { exact: true }).waitFor();
    await menu.getByText(client.email, { exact: true }).waitFor();
    expect((await menu.getByText('User type').locator('..').innerText()).replace(/\s+/g, ' ').trim()).toBe(
      'User type: Client',
    );

    // Sign Out: home, keys gone, and the old token is dead on the server.
    await menu.getByRole('button', { name: 'Sign Out' }).click();
    await waitForPath(page, '/');
    await page.getByRole('button', { name: /^Account menu for/ }).waitFor({ state: 'detached' });
    await page.waitForFunction(() => localStorage.getItem('auth_token') === null);
    expect(await storedAuth(page)).toEqual({
      auth_token: null,
      auth_isLoggedIn: null,
      auth_userType: null,
      auth_userInfo: null,
    });
    expect(await headerNavItems(page)).toEqual(VISITOR_ITEMS);
    expect(await getUserInfo(oldToken)).toBe(401);

    // Sign in again from the header.
    await openHeaderMenu(page);
    await page.getByRole('link', { name: 'Sign In' }).click();
    await waitForPath(page, '/login');
    await page.getByLabel('Email', { exact: true }).fill(client.email);
    await page.getByLabel('Password', { exact: true }).fill(client.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await waitForPath(page, '/dashboard/user');
    await page.getByRole('heading', { level: 1, name: `Welcome, ${client.firstName}` }).waitFor();
    const again = await storedAuth(page);
    expect(again.auth_isLoggedIn).toBe('true');
    expect(again.auth_token).not.toBe(oldToken);
  });

  it("shows the server's 'Invalid credentials' for a wrong password and stays on /login", async () => {
    const page = await newPage();
    await page.goto(url('/login'));
    await page.getByLabel('Email', { exact: true }).fill('client1@legalconnect.test');
    await page.getByLabel('Password', { exact: true }).fill('Wrong@2026');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid credentials' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect((await storedAuth(page)).auth_token).toBeNull();
  });

  it('resets a forgotten password with the mailed code: the new password works, the old one no longer does', async () => {
    const page = await newPage();
    const email = 'client2@legalconnect.test';
    const newPassword = 'Nusrat@Reset9';

    await page.goto(url('/login'));
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await waitForPath(page, '/forgot-password');
    await page.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
    // The address typed on the login screen comes along.
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    await page.getByRole('button', { name: 'Send code' }).click();

    await page.getByText(`Enter the code we sent to ${email} and choose a new password.`).waitFor();
    const code = codeFrom(await waitForMail(server, email));
    await page.getByLabel('Verification code').fill(code);
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('heading', { level: 1, name: 'Password changed' }).waitFor();
    await page.getByRole('link', { name: 'Go to sign in' }).click();
    await waitForPath(page, '/login');

    // The old password is refused…
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Invalid credentials' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    // …and the new one signs in.
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await waitForPath(page, '/dashboard/user');
    await page.getByRole('heading', { level: 1, name: 'Welcome, Nusrat' }).waitFor();
  });

  it("registers a lawyer, who lands on the lawyer dashboard with the lawyer's header", async () => {
    const page = await newPage();
    const lawyer: Registration = {
      role: 'lawyer',
      firstName: 'Imran',
      lastName: 'Haque',
      email: uniqueEmail('imran'),
      password: 'Chattogram@77',
    };
    await page.goto(url('/register'));
    await fillRegistration(page, lawyer);
    await page.getByRole('button', { name: 'Create account' }).click();
    await waitForPath(page, '/email-verification');
    await page.getByText(`We sent a 6-digit code to ${lawyer.email}.`).waitFor();

    await verifyWithMailedCode(page, lawyer.email);
    await waitForPath(page, '/dashboard/lawyer');
    await page.getByRole('heading', { level: 1, name: `Welcome, ${lawyer.firstName}` }).waitFor();
    const account = page.getByRole('region', { name: 'Your account' });
    await account.getByText(lawyer.email, { exact: true }).waitFor();
    await account.getByText('Lawyer', { exact: true }).waitFor();
    expect((await storedAuth(page)).auth_userType).toBe('lawyer');
    expect(await headerNavItems(page)).toEqual(LAWYER_ITEMS);
  });
});
