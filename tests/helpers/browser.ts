/**
 * Real Chromium for the end-to-end suites: Debian's build, driven by playwright-core (which never
 * downloads a browser). Every suite sees the app the way most of our users do: a mid-size phone in
 * Dhaka's time zone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * Flags for a quiet, deterministic headless run in a container: no sandbox (we run as root), no GPU,
 * no QUIC (its UDP sockets misbehave in some CI networks), and no background traffic to Google
 * services that would slow start-up or make offline tests flaky.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A typical Android phone in Bangladesh: 390 × 844 CSS px, touch, English UI, Dhaka time. */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  screen: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  locale: 'en-US',
  timezoneId: 'Asia/Dhaka',
};

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_ARGS });
}

/** A fresh, isolated phone context (own cookies, storage and service workers). */
export function newPhoneContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({ ...PHONE, ...options });
}

export interface PersistentPhone {
  context: BrowserContext;
  userDataDir: string;
  /** Closes the browser and deletes its profile. */
  close(): Promise<void>;
}

/**
 * A phone backed by a real on-disk profile in a fresh temp directory, for tests where service
 * workers, caches, IndexedDB and granted permissions must behave exactly as in an installed app.
 */
export async function launchPersistentPhone(options: BrowserContextOptions = {}): Promise<PersistentPhone> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'legalconnect-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROME_PATH,
    args: CHROMIUM_ARGS,
    ...PHONE,
    ...options,
  });
  return {
    context,
    userDataDir,
    async close() {
      await context.close();
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Small page helpers shared by the journey suites. English texts from the catalogues, accessible
// locators only, and no fixed waits: each helper waits for the condition it needs.

/** The session keys of docs/product.md §3 as the page stores them (null when absent). */
export interface StoredAuth {
  auth_token: string | null;
  auth_isLoggedIn: string | null;
  auth_userType: string | null;
  auth_userInfo: string | null;
}

export function storedAuth(page: Page): Promise<StoredAuth> {
  return page.evaluate(() => ({
    auth_token: localStorage.getItem('auth_token'),
    auth_isLoggedIn: localStorage.getItem('auth_isLoggedIn'),
    auth_userType: localStorage.getItem('auth_userType'),
    auth_userInfo: localStorage.getItem('auth_userInfo'),
  }));
}

/**
 * Below 1024 px the header's links, language and theme controls fold into a menu button: open it
 * (if it is not open already) so they can be read and used the way a phone user does.
 */
export async function openHeaderMenu(page: Page): Promise<void> {
  const toggle = page.getByRole('banner').getByRole('button', { name: /^(Open|Close) menu$|^মেনু (খুলুন|বন্ধ করুন)$/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.getByRole('navigation', { name: /^(Main|প্রধান)$/ }).waitFor();
}

/** The header's navigation link texts, in order, as a phone user sees them in the opened menu. */
export async function headerNavItems(page: Page): Promise<string[]> {
  await openHeaderMenu(page);
  const links = page.getByRole('navigation', { name: /^(Main|প্রধান)$/ }).getByRole('link');
  const texts = await links.allInnerTexts();
  await page.keyboard.press('Escape');
  return texts.map((text) => text.trim());
}

/** Waits until the page's address has exactly this path (query and hash ignored). */
export async function waitForPath(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === path);
}

/** Signs in through /login and waits for the screen the app sends this account to. */
export async function signIn(
  page: Page,
  baseURL: string,
  email: string,
  password: string,
  landsOn: string,
): Promise<void> {
  await page.goto(new URL('/login', baseURL).href);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await waitForPath(page, landsOn);
  // The address changes first; the next screen's lazy chunk may still be on its way.
  await page.getByRole('heading', { level: 1, name: 'Sign in', exact: true }).waitFor({ state: 'detached' });
}
